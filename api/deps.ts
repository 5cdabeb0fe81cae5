import type { BlockList } from 'node:net';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Lifeline } from '../db/lifeline';
import type { Logger } from '../infra/logger';
import type { SigningKeyStore } from './auth/signing-keys';

/** Everything the API needs, built once per process by its composition root. */
export interface ApiDeps {
  orm: MikroORM;
  temporal: Client;
  logger: Logger;
  signingKeys: SigningKeyStore;
  publicBaseUrl: string;
  oauth: { issuer: string; audience: string; tokenTtlSeconds: number };
  partnerRateLimitPerMinute: number;
  trustedProxies?: BlockList;
  encryptionKey: Buffer;
  hashPepper: Buffer;
  /** The process's own PostgreSQL connection that holds its idempotency claims (`db/lifeline.ts`). */
  lifeline: Lifeline;
}
