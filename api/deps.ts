import type { BlockList } from 'node:net';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../infra/logger';
import type { Tracing } from '../infra/tracing';
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
  /** Present only when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): one server span per request. */
  tracing?: Tracing;
}
