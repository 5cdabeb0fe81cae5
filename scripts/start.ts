import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiDeps, listen } from '../api/server';
import { migrate, openOrm } from '../db/orm';
import { seedDemo } from '../app/demo-seed';
import { CLI_CONSOLE_RATE_PER_MINUTE, consoleAccount, createConsoleLink } from '../app/console-logins';
import { ensureRetentionSchedule } from '../app/retention';
import { ensureFinanceSchedule } from '../app/finance';
import { fail, loadConfig } from '../infra/config';
import { loadDevStack } from '../infra/dev-stack';
import { startDevServer } from '../stack/dev-server';
import { embeddedDataDir, startEmbeddedPostgres } from '../stack/embedded-postgres';
import { localSecrets } from '../infra/local-secrets';
import { createLogger } from '../infra/logger';
import { connectClient, connectWorker, temporalTarget } from '../infra/temporal-connection';
import { installTemporalRuntime } from '../infra/temporal-runtime';
import { startTracing } from '../infra/tracing';
import { configuredPaymentProvider } from '../infra/payments/configured';
import { createWorkers, runWorkers } from '../workers/create-workers';
import { registerTaskQueueGauges } from '../workers/task-queue-gauges';
import { paymentProviderStores } from '../db/payment-provider-stores';

/**
 * `npm start`: the whole hub on one machine. Embedded PostgreSQL and the Temporal dev server (unless DATABASE_URL /
 * TEMPORAL_ADDRESS point elsewhere), migrations, the demo seed, the workers and the API; Ctrl-C stops all of it.
 */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

async function main() {
  // Development: sandbox and test webhooks may go to a receiver on this machine unless the environment says otherwise.
  const config = loadConfig({ HUB_DEV_WEBHOOK_TARGETS: 'true', ...process.env });
  const logger = createLogger(config.logLevel, 'hub');
  installTemporalRuntime(logger); // worker logs through pino; Core's worker metrics in the API's /metrics
  const stack = loadDevStack();
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = localSecrets(config);
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => logger.warn({ err }, 'shutdown step failed'));
  };
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping…');
    await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const databaseDir = embeddedDataDir(join(config.dataDir, 'postgres'));
      if (!databaseDir.startsWith(config.dataDir))
        logger.warn(`the postgres user cannot reach ${config.dataDir}; PostgreSQL data is in ${databaseDir}`);
      const pg = await startEmbeddedPostgres({ databaseDir, port: config.embeddedPostgresPort });
      stops.push(() => pg.stop());
      databaseUrl = await pg.createDatabase('hub');
    }
    const orm = await openOrm(databaseUrl);
    stops.push(() => orm.close());
    const applied = await migrate(orm);
    if (applied.length) logger.info(`migrations applied: ${applied.join(', ')}`);
    const demo = await seedDemo(orm, secrets, join(config.dataDir, 'demo-credentials.json'));

    const tracing = await startTracing('dispatch-hub');
    if (tracing) stops.push(() => tracing.shutdown());
    let fallbackAddress = config.temporal.address;
    if (!fallbackAddress) {
      const dev = await startDevServer(stack, config.dataDir, `${config.publicBaseUrl}/codec`);
      stops.push(() => dev.stop());
      fallbackAddress = dev.address;
    }
    const target = temporalTarget(config, { address: fallbackAddress, namespace: stack.namespace });
    const workerConnection = await connectWorker(target);
    stops.push(() => workerConnection.close());
    registerTaskQueueGauges(workerConnection.workflowService, target.namespace);
    const workers = runWorkers(
      await createWorkers({
        connection: workerConnection,
        namespace: target.namespace,
        orm,
        encryptionKey: secrets.encryptionKey,
        encryptionKeys: secrets.encryptionKeys,
        webhookTimeoutMs: config.webhookTimeoutMs,
        devWebhookTargets: config.devWebhookTargets,
        ride: config.ride,
        paymentChallengeTimeoutMs: config.paymentChallengeTimeoutMs,
        invoiceSeller: config.invoiceSeller,
        paymentProvider: configuredPaymentProvider(config, paymentProviderStores(orm)),
        payouts: config.payouts,
        publicBaseUrl: config.publicBaseUrl,
        tracing,
      }),
    );
    stops.push(async () => {
      workers.shutdown();
      await workers.done;
    });
    const temporal = await connectClient(target, secrets.encryptionKeys, tracing?.clientInterceptors);
    stops.push(() => temporal.connection.close());
    // The codec server decrypts any payload: open only while the API listens on this machine alone.
    await ensureRetentionSchedule(temporal, config.passengerDataRetentionDays);
    await ensureFinanceSchedule(temporal, config.financePeriod);
    const codecAccess = config.codecToken ? { token: config.codecToken } : isLoopback(config.host) ? ('open' as const) : undefined;
    const api = await listen(apiDeps(config, { orm, temporal, logger, ...secrets, tracing, codecAccess }), config.host, config.port);
    stops.push(() => api.close());

    // One sign-in link per demo account, test mode, its whole scope ceiling: the demo console can create keys and destinations.
    const consoleLink = async (accountId: string) =>
      (
        await createConsoleLink(orm, secrets.hashPepper, config.publicBaseUrl, {
          accountId,
          environment: 'test',
          scopes: (await consoleAccount(orm, accountId))?.scopeCeiling ?? [],
          ratePerMinute: CLI_CONSOLE_RATE_PER_MINUTE,
          apiKeyId: null,
        })
      ).url;
    printBanner({
      api: config.publicBaseUrl,
      consoleLinks: { integrator: await consoleLink(demo.integrator.accountId), operator: await consoleLink(demo.operator.accountId) },
      ui: config.temporal.address ? undefined : `http://${stack.ip}:${stack.uiPort}`,
      demo,
      namespace: target.namespace,
      databaseUrl,
    });
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function printBanner(info: {
  api: string;
  ui?: string;
  namespace: string;
  databaseUrl: string;
  demo: Awaited<ReturnType<typeof seedDemo>>;
  consoleLinks: { integrator: string; operator: string };
}) {
  const { partner, integrator, operator } = info.demo;
  const pickup = new Date(Date.now() + 3 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  console.log(`
  Dispatch integration hub is running.

  API            ${info.api}
  API docs       ${info.api}/docs   (OpenAPI: ${info.api}/openapi.json)
  Temporal UI    ${info.ui ?? '(external cluster)'}   namespace ${info.namespace}
  Codec server   ${info.api}/codec   (payloads are encrypted in Temporal; the UI decodes them here)
  Ops            ${info.api}/healthz   ${info.api}/readyz   ${info.api}/metrics   (docs/operations.md)
  PostgreSQL     psql ${info.databaseUrl}

  Demo sandbox partner "${partner.name}" (${partner.partnerId})
    client_id      ${partner.sandbox.clientId}
    client_secret  ${partner.sandbox.clientSecret}
  Demo corporate account ${integrator.accountId}   (the demo partner's bookings only; no fleet registry)
    test API key   ${integrator.testKey}
    console        ${info.consoleLinks.integrator}
  Demo operator account ${operator.accountId}   (every account's bookings and events, and the fleet registry)
    test API key   ${operator.testKey}
    console        ${info.consoleLinks.operator}
  (each console link signs one browser in, once, within 10 minutes; another: npm run hub -- console link --account <acct> --env test)

  Get a token:
    TOKEN=$(curl -s -u '${partner.sandbox.clientId}:${partner.sandbox.clientSecret}' -d grant_type=client_credentials ${info.api}/v1/oauth/token | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')
  Book a ride:
    curl -s ${info.api}/v1/bookings -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -H "Idempotency-Key: $(date +%s)" \\
      -d '{"external_id":"DEMO-1","pickup":{"address":"CDG Terminal 2E","lat":49.0097,"lng":2.5479,"datetime":"${pickup}"},"dropoff":{"address":"Place Vendome","lat":48.8674,"lng":2.3294},"passenger":{"name":"Ada Lovelace","phone":"+33612345678","pax":1},"vehicle_class":"executive","currency":"EUR"}'

  List the corporate account's bookings (Public Integration API):
    curl -s ${info.api}/api/public/v1/bookings -H 'Authorization: Bearer ${integrator.testKey}'
  The live fleet (Paris, London, New York), with the operator's key (a corporate key gets 403):
    curl -s '${info.api}/api/public/v1/fleet?dispatch_state=available' -H 'Authorization: Bearer ${operator.testKey}'
  Manage partners, clients and keys:  npm run hub -- --help

  Ctrl-C stops everything.
`);
}

main().catch(fail);
