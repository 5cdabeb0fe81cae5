import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { checkStripeSettings, fail, loadConfig, requireProductionSettings, type HubConfig } from '../infra/config';
import { configuredPaymentProvider } from '../infra/payments/configured';
import { createLogger, type Logger } from '../infra/logger';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';
import { registerAdmissionReadings, registerCollectGauge, registerPoolReader } from '../infra/metrics';
import { ChangeListener } from '../db/change-listener';
import { Lifeline } from '../db/lifeline';
import { connectApiClient, productionTarget } from '../infra/temporal-connection';
import { startTracing, type Tracing } from '../infra/tracing';
import { keyRingOf, type HubKey } from '../infra/key-ring';
import { PayloadEncryptionCodec } from '../infra/payload-codec';
import { openOrm } from '../db/orm';
import { poolUsage } from '../db/pool-usage';
import { paymentProviderStores } from '../db/payment-provider-stores';
import { createApp } from './app';
import { cidrList } from './auth/client-address';
import { apiKeyStandings } from './auth/api-key-auth';
import { partnerStandings } from './auth/credential-standing';
import { driverStandings } from './auth/driver-auth';
import { SigningKeyStore } from './auth/signing-keys';
import { PositionSignals } from '../app/position-signals';
import { RateLimiter } from './middleware/rate-limit';
import type { CodecAccess } from './codec-routes';
import type { ApiDeps } from './deps';
import { purgeExpired } from './housekeeping';
import { sweepUnstartedBookings } from '../app/unstarted-bookings';
import { sweepPublicEventOutbox } from '../app/public-event-outbox';
import { Admission, hubCapacitySource } from '../app/admission';
import { ensureRetentionSchedule } from '../app/retention';
import { ensureFinanceSchedule } from '../app/finance';
import { awaitingRailCount } from '../db/payouts';
import { configuredGeocoder } from '../app/places';
import { insertRequestLog } from '../db/request-log';
import { RequestLogWriter } from '../app/request-log';

export function apiDeps(
  config: HubConfig,
  parts: {
    orm: MikroORM;
    temporal: Client;
    logger: Logger;
    encryptionKey: Buffer;
    hashPepper: Buffer;
    tracing?: Tracing;
    /** HUB_ENCRYPTION_KEY's ring for the codec server; `encryptionKey` alone when absent. */
    encryptionKeys?: HubKey[];
    /** `open` only for `npm start`'s API on this machine; HUB_CODEC_TOKEN otherwise (api/codec-routes.ts). */
    codecAccess?: CodecAccess;
  },
): ApiDeps {
  const { encryptionKeys, codecAccess, ...rest } = parts;
  const ring = encryptionKeys ?? keyRingOf(parts.encryptionKey);
  const decryptionKeys = ring.map((k) => k.key);
  const changes = new ChangeListener(() => parts.orm.config.get('clientUrl') as string, parts.logger);
  const stripe = checkStripeSettings(config);
  return {
    ...rest,
    decryptionKeys,
    signingKeys: new SigningKeyStore(parts.orm, parts.encryptionKey, config.oauth.tokenTtlSeconds, decryptionKeys),
    publicBaseUrl: config.publicBaseUrl,
    oauth: config.oauth,
    partnerRateLimitPerMinute: config.partnerRateLimitPerMinute,
    quoteValiditySeconds: config.quoteValiditySeconds,
    geocoder: configuredGeocoder(config.geocoder),
    paymentChallengeTimeoutMs: config.paymentChallengeTimeoutMs,
    simulatedProviderRoutes: !config.production && !stripe,
    paymentProvider: configuredPaymentProvider(config, paymentProviderStores(parts.orm)),
    payoutDebtorIban: config.payouts.provider === 'sepa' ? config.payouts.debtor.iban : undefined,
    stripe: stripe && { publishableKey: stripe.publishableKey, webhookSecret: stripe.webhookSecret },
    trustedProxies: config.trustedProxies.length ? cidrList(config.trustedProxies) : undefined,
    devWebhookTargets: config.devWebhookTargets,
    invoiceSeller: config.invoiceSeller,
    codecServer: {
      codec: new PayloadEncryptionCodec(ring),
      access: codecAccess ?? (config.codecToken ? { token: config.codecToken } : undefined),
      origins: config.codecOrigins,
    },
    changes,
    standings: partnerStandings(parts.orm, changes),
    apiKeys: apiKeyStandings(parts.orm, changes),
    drivers: driverStandings(parts.orm, changes),
    rateLimiter: new RateLimiter(parts.orm),
    tracking: config.tracking,
    console: config.console,
    lifeline: new Lifeline(parts.orm.config.get('clientUrl')!, parts.logger),
    positionSignals: new PositionSignals(config.ride.gpsIntervalMs),
    lifecycle: { draining: false },
    admissionLimits: config.admission,
    requestLog: new RequestLogWriter(
      (rows) => insertRequestLog(parts.orm, rows),
      (err, rows) => parts.logger.warn({ err, rows }, 'request log rows dropped: their insert failed'),
    ),
  };
}

/**
 * Binds the API and runs housekeeping; `close()` stops accepting, finishes in-flight requests, stops the timer and
 * closes the lifeline (which releases this process's idempotency claims). `shutdown()` is what SIGTERM does: readiness
 * fails first (`/readyz` answers 503 and every answer carries `Connection: close`, so a balancer's health check takes
 * the process out and its kept-alive connections end) for `drainMs` while requests are still served, then `close()`;
 * requests still running `graceMs` later have their connections closed.
 */
export async function listen(
  deps: ApiDeps,
  host: string,
  port: number,
): Promise<{ server: Server; close: () => Promise<void>; shutdown: (timing: { drainMs: number; graceMs: number }) => Promise<void> }> {
  await deps.signingKeys.ensureActiveKey();
  deps.lifeline.start();
  registerCollectGauge('hub_payouts_awaiting_rail', 'Live settlements whose payout waits for a rail that carries their currency.', () =>
    awaitingRailCount(deps.orm),
  );
  registerPoolReader(() => poolUsage(deps.orm));
  const admission = new Admission(deps.admissionLimits, hubCapacitySource(deps.orm, deps.temporal), {
    onError: (err) =>
      deps.logger.warn({ err }, 'load shedding could not take a reading; it admits what that reading would refuse until one answers'),
  });
  registerAdmissionReadings(() => admission.readingAges());
  // Not awaited: the API listens whether or not Temporal answers yet (its first reading admits every write).
  void admission.start();
  deps.admission = admission;
  deps.requestLog?.start();
  const app = createApp(deps);
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const housekeeping = setInterval(() => {
    purgeExpired(deps.orm).catch((err) => deps.logger.warn({ err }, 'purge failed'));
    sweepUnstartedBookings(deps.orm, deps.temporal, { admission })
      .then(({ started, deferred }) => {
        if (started.length) deps.logger.warn({ bookings: started }, 'started workflows of bookings left unstarted');
        if (deferred.length) deps.logger.warn({ count: deferred.length }, 'bookings left unstarted wait: load shedding defers them');
      })
      .catch((err) => deps.logger.warn({ err }, 'unstarted-bookings sweep failed'));
    sweepPublicEventOutbox(deps.orm, deps.temporal)
      .then(({ published, error }) => {
        if (published.length) deps.logger.warn({ events: published }, 'published public events left in the outbox after their commit');
        if (error) deps.logger.warn({ err: error }, 'public-event outbox sweep stopped: Temporal refused a start');
      })
      .catch((err) => deps.logger.warn({ err }, 'public-event outbox sweep failed'));
  }, 60_000);
  housekeeping.unref();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise((resolve) => {
      clearInterval(housekeeping);
      admission.stop();
      deps.lifecycle.draining = true;
      // End the live tracking streams first: the server waits for every open response.
      void deps.changes.close();
      server.close(() => void (deps.requestLog?.close() ?? Promise.resolve()).then(() => deps.lifeline.close()).then(resolve));
      server.closeIdleConnections();
    }));
  const shutdown = async ({ drainMs, graceMs }: { drainMs: number; graceMs: number }) => {
    deps.lifecycle.draining = true;
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    const late = setTimeout(() => {
      deps.logger.warn({ graceMs }, 'requests still running after the shutdown grace period: closing their connections');
      server.closeAllConnections();
    }, graceMs);
    await close();
    clearTimeout(late);
  };
  return { server, close, shutdown };
}

/** Runs `ensure` every few seconds until it succeeds, logging each failure with its cause. */
function retryUntilDone(ensure: () => Promise<void>, logger: Logger): void {
  const attempt = () =>
    void ensure().then(
      () => logger.info('Temporal answers: Schedules ensured'),
      (err: unknown) => {
        logger.warn({ err }, 'Temporal still out of reach; Schedules not ensured yet');
        setTimeout(attempt, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS * 1000).unref();
      },
    );
  attempt();
}

/** Production entry point: the API only, against DATABASE_URL and TEMPORAL_ADDRESS. */
async function main() {
  const config = loadConfig();
  const required = requireProductionSettings(config);
  const logger = createLogger(config.logLevel, 'api');
  const tracing = await startTracing('dispatch-hub-api');
  const orm = await openOrm(required.databaseUrl);
  const target = productionTarget(config, required.temporalAddress);
  const { client: temporal, connected } = await connectApiClient(target, required.encryptionKeys, tracing?.clientInterceptors);
  const ensureSchedules = async () => {
    await ensureRetentionSchedule(temporal, config.passengerDataRetentionDays);
    await ensureFinanceSchedule(temporal, config.financePeriod);
  };
  // Reachable: a namespace that is missing stops the start. Out of reach: serve without it, and make sure of the
  // Schedules once it answers.
  if (connected) await ensureSchedules();
  else {
    logger.warn({ address: target.address }, 'Temporal is out of reach: serving without it; what needs it answers 503 until it is back');
    retryUntilDone(ensureSchedules, logger);
  }
  const deps = apiDeps(config, {
    orm,
    temporal,
    logger,
    encryptionKey: required.encryptionKey,
    encryptionKeys: required.encryptionKeys,
    hashPepper: required.hashPepper,
    tracing,
  });
  const api = await listen(deps, config.host, config.port);
  logger.info(`API listening on http://${config.host}:${config.port}, namespace ${target.namespace}${tracing ? ', tracing on' : ''}`);
  const stop = async () => {
    logger.info(config.shutdown, 'shutting down: readiness fails, then in-flight requests finish');
    await api.shutdown(config.shutdown);
    await temporal.connection.close();
    await orm.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

if (require.main === module) main().catch(fail);
