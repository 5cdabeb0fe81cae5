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
  });
  const running = runWorkers(workers);
  logger.info('workers running on task queues bookings, webhooks, public-webhooks');
  process.once('SIGINT', running.shutdown).once('SIGTERM', running.shutdown);
  await running.done;
  await connection.close();
  await orm.close();
}

if (require.main === module) main().catch(fail);
