import { randomBytes } from 'node:crypto';
import type { DataConverter } from '@temporalio/common';
import { keyRingOf } from '../infra/key-ring';
import { hubDataConverter } from '../infra/payload-codec';

/**
 * The keys of every hub this process runs on a stack (tests, benches, scripts). Its API, its workers and the stack's
 * Temporal clients share them: a client reads what the workers' payload codec encrypted.
 */
export const STACK_SECRETS = { encryptionKey: randomBytes(32), hashPepper: randomBytes(32) };

/** The payload codec of the stack's hubs, for clients and workers a test or bench creates itself. */
export const stackDataConverter = (): DataConverter => hubDataConverter(keyRingOf(STACK_SECRETS.encryptionKey));
