import { readFileSync } from 'node:fs';
import { fail, loadConfig, requireProductionSettings } from '../infra/config';
import { createLogger } from '../infra/logger';
import { connectWorker, temporalTarget } from '../infra/temporal-connection';
import { openOrm } from '../db/orm';
import { createWorkers, runWorkers } from './create-workers';

/** Production entry point: the workers of every task queue, against DATABASE_URL and TEMPORAL_ADDRESS. */
async function main() {
  const config = loadConfig();
  const required = requireProductionSettings(config);
  const logger = createLogger(config.logLevel, 'worker');
  const orm = await openOrm(required.databaseUrl);
  const target = temporalTarget(config, { address: required.temporalAddress, namespace: 'default' });
  const connection = await connectWorker(target);
  const workers = await createWorkers({
    connection,
    namespace: target.namespace,
    orm,
    encryptionKey: required.encryptionKey,
    webhookTimeoutMs: config.webhookTimeoutMs,
    ride: config.ride,
    // A bundle built ahead from the same code starts the worker in seconds instead of bundling at start.
    workflowBundle: config.workflowBundlePath ? { code: readFileSync(config.workflowBundlePath, 'utf8') } : undefined,
    publicBaseUrl: config.publicBaseUrl,
  });
  const running = runWorkers(workers);
  logger.info('workers running on task queues bookings, webhooks');
  process.once('SIGINT', running.shutdown).once('SIGTERM', running.shutdown);
  await running.done;
  await connection.close();
  await orm.close();
}

if (require.main === module) main().catch(fail);
