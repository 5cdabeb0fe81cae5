import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Resolver } from '../infra/safe-http';

/** What the public webhooks' activities (publish, delivery attempt, destination, drain) are built from. */
export interface PublicWebhookActivityDeps {
  orm: MikroORM;
  encryptionKey: Buffer;
  timeoutMs: number;
  /** HUB_DEV_WEBHOOK_TARGETS (infra/safe-http.ts). */
  devTargets: boolean;
  /** HUB_ENCRYPTION_KEY's ring, current first: secrets stored under a rotated-out key still sign. */
  decryptionKeys?: readonly Buffer[];
  /** Parked deliveries a resumed destination sends per second at most. */
  drainPerSecond?: number;
  /** DNS for the SSRF guard (tests map names to addresses); the system resolver otherwise. */
  resolver?: Resolver;
  /** A Temporal client; the activity context's (the worker's connection) otherwise. */
  client?: Client;
  /**
   * Ask the server to hand a published delivery's first workflow task straight back to this process's worker (no
   * matching round trip). Needs a client over the worker's NativeConnection: on by default with the context's client.
   */
  eagerStart?: boolean;
}

/** The Temporal client the activities start and signal workflows with. */
export function activityClient(deps: Pick<PublicWebhookActivityDeps, 'client'>): () => Client {
  return () => deps.client ?? Context.current().client;
}
