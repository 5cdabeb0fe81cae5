import { readFileSync } from 'node:fs';
import { fail, loadConfig, requireProductionSettings } from '../infra/config';
import { createLogger } from '../infra/logger';
import { configuredPaymentProvider } from '../infra/payments/configured';
import { startMetricsServer } from '../infra/metrics-server';
import { connectWorker, productionTarget } from '../infra/temporal-connection';
import { installTemporalRuntime } from '../infra/temporal-runtime';
import { startTracing } from '../infra/tracing';
import { openOrm } from '../db/orm';
import { poolUsage } from '../db/pool-usage';
import { registerPoolReader } from '../infra/metrics';
import { createWorkers, runWorkers } from './create-workers';
import { registerTaskQueueGauges } from './task-queue-gauges';
import { TASK_QUEUES } from '../contracts/task-queues';
import { paymentProviderStores } from '../db/payment-provider-stores';

/** Production entry point: the workers of every task queue, against DATABASE_URL and TEMPORAL_ADDRESS. */
async function main() {
  const config = loadConfig();
  const required = requireProductionSettings(config);
  const logger = createLogger(config.logLevel, 'worker');
  installTemporalRuntime(logger);
  const tracing = await startTracing('dispatch-hub-worker');
  const metrics = config.workerMetricsPort ? await startMetricsServer(config.host, config.workerMetricsPort) : undefined;
  const orm = await openOrm(required.databaseUrl);
  registerPoolReader(() => poolUsage(orm));
  const target = productionTarget(config, required.temporalAddress);
  const connection = await connectWorker(target);
  registerTaskQueueGauges(connection.workflowService, target.namespace);
  const workers = await createWorkers({
    connection,
    namespace: target.namespace,
    orm,
    encryptionKey: required.encryptionKey,
    encryptionKeys: required.encryptionKeys,
    webhookTimeoutMs: config.webhookTimeoutMs,
    devWebhookTargets: config.devWebhookTargets,
    ride: config.ride,
    paymentChallengeTimeoutMs: config.paymentChallengeTimeoutMs,
    invoiceSeller: config.invoiceSeller,
    paymentProvider: configuredPaymentProvider(config, paymentProviderStores(orm)),
    payouts: config.payouts,
    // A bundle built ahead from the same code starts the worker in seconds instead of bundling at start.
    workflowBundle: config.workflowBundlePath ? { code: readFileSync(config.workflowBundlePath, 'utf8') } : undefined,
    publicBaseUrl: config.publicBaseUrl,
    tracing,
    shutdownGraceMs: config.workerShutdownGraceMs,
  });
  const running = runWorkers(workers);
  logger.info(
    `workers running on task queues ${TASK_QUEUES.join(', ')} in namespace ${target.namespace}` +
      (metrics ? `; metrics on http://${config.host}:${config.workerMetricsPort}/metrics` : '') +
      (tracing ? '; tracing on' : ''),
  );
  // SIGTERM drains: polling stops at once (the task queues' other workers take the new tasks), workflow tasks in hand
  // complete, activities get WORKER_SHUTDOWN_GRACE_SECONDS to finish before they are cancelled (and retried elsewhere).
  const drain = () => {
    logger.info({ graceMs: config.workerShutdownGraceMs }, 'shutting down: polling stops, in-flight tasks finish');
    running.shutdown();
  };
  process.once('SIGINT', drain).once('SIGTERM', drain);
  await running.done;
  metrics?.close();
  await connection.close();
  await orm.close();
  await tracing?.shutdown();
  logger.info('workers drained');
  process.exit(0);
}

if (require.main === module) main().catch(fail);
