import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fail, loadConfig, requireProductionSettings, type HubConfig } from '../infra/config';
import { createLogger, type Logger } from '../infra/logger';
import { connectClient, productionTarget } from '../infra/temporal-connection';
import { startTracing, type Tracing } from '../infra/tracing';
import { openOrm } from '../db/orm';
import { createApp } from './app';
import { cidrList } from './auth/client-address';
import { SigningKeyStore } from './auth/signing-keys';
import type { ApiDeps } from './deps';
import { purgeExpired } from './housekeeping';

export function apiDeps(
  config: HubConfig,
  parts: { orm: MikroORM; temporal: Client; logger: Logger; encryptionKey: Buffer; hashPepper: Buffer; tracing?: Tracing },
): ApiDeps {
  return {
    ...parts,
    signingKeys: new SigningKeyStore(parts.orm, parts.encryptionKey, config.oauth.tokenTtlSeconds),
    publicBaseUrl: config.publicBaseUrl,
    oauth: config.oauth,
    partnerRateLimitPerMinute: config.partnerRateLimitPerMinute,
    trustedProxies: config.trustedProxies.length ? cidrList(config.trustedProxies) : undefined,
  };
}

/** Binds the API and runs housekeeping; `close()` stops accepting, finishes in-flight requests and stops the timer. */
export async function listen(deps: ApiDeps, host: string, port: number): Promise<{ server: Server; close: () => Promise<void> }> {
  await deps.signingKeys.ensureActiveKey();
  const app = createApp(deps);
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const housekeeping = setInterval(() => purgeExpired(deps.orm).catch((err) => deps.logger.warn({ err }, 'purge failed')), 60_000);
  housekeeping.unref();
  return {
    server,
    close: () =>
      new Promise((resolve) => {
        clearInterval(housekeeping);
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** Production entry point: the API only, against DATABASE_URL and TEMPORAL_ADDRESS. */
async function main() {
  const config = loadConfig();
  const required = requireProductionSettings(config);
  const logger = createLogger(config.logLevel, 'api');
  const tracing = await startTracing('dispatch-hub-api');
  const orm = await openOrm(required.databaseUrl);
  const target = productionTarget(config, required.temporalAddress);
  const temporal = await connectClient(target, tracing?.clientInterceptors);
  const deps = apiDeps(config, {
    orm,
    temporal,
    logger,
    encryptionKey: required.encryptionKey,
    hashPepper: required.hashPepper,
    tracing,
  });
  const api = await listen(deps, config.host, config.port);
  logger.info(`API listening on http://${config.host}:${config.port}, namespace ${target.namespace}${tracing ? ', tracing on' : ''}`);
  const stop = async () => {
    await api.close();
    await temporal.connection.close();
    await orm.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

if (require.main === module) main().catch(fail);
