/**
 * `npm run bench -- backlog`: how fast the engine hands a backlog of workflow tasks to the hub's workers. With the
 * workers stopped, BENCH_BACKLOG (default 1000) sandbox bookings are started (the API's start, straight from the
 * client), so each waits with its first workflow task on `bookings`; then the workers start and the bench follows the
 * queue (DescribeTaskQueue with report_stats) and the bookings' first steps (`booking.created`) until all ran.
 * BENCH_ENGINE=dev (default: the dev server of temporal-dev.yml) or `cluster` (Temporal's production server,
 * stack/temporal-cluster.ts, TEMPORAL_HISTORY_SHARDS shards, TEMPORAL_MATCHING_PARTITIONS partitions per task queue).
 * Figures in docs/deploy.md.
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createPartner } from '../app/accounts';
import { newBookingRecord, startBookingWorkflow } from '../app/bookings';
import { CreateBookingRequest } from '../api/partner/create-booking';
import { BOOKINGS_TASK_QUEUE } from '../contracts/booking';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { describeTaskQueue } from '../infra/task-queue-stats';
import { cpuSample } from './cpu';
import { bookingsCreated, sandboxBookingBody } from './bookings';
import { timed } from './measure';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);

export function benchEngine(): 'dev' | 'cluster' {
  const engine = process.env.BENCH_ENGINE ?? 'dev';
  if (engine !== 'dev' && engine !== 'cluster') throw new Error(`BENCH_ENGINE must be dev or cluster, not ${engine}`);
  return engine;
}

export async function backlogBench(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const engine = benchEngine();
  const shards = Number(process.env.TEMPORAL_HISTORY_SHARDS ?? 4);
  const partitions = Number(process.env.TEMPORAL_MATCHING_PARTITIONS ?? 1);
  const local = await startLocalStack('bench-backlog', { engine, historyShards: shards, matchingPartitions: partitions, poolMax: 20 });
  const { env, orm, namespace } = local;
  try {
    const partner = await createPartner(orm, STACK_SECRETS, { name: 'Bench' });
    const started = await timed(BACKLOG, 16, async (i) => {
      const record = newBookingRecord(CreateBookingRequest.parse(JSON.parse(sandboxBookingBody(`backlog-${i}`))), {
        partnerId: partner.partnerId,
        livemode: false,
      });
      await startBookingWorkflow(env.client, record);
    });
    const stats = () => describeTaskQueue(env.client.workflowService, namespace, BOOKINGS_TASK_QUEUE, 'workflow');
    let queue = await stats();
    console.log(
      `${BACKLOG} bookings started in ${(BACKLOG / started.rate).toFixed(1)} s with no worker: backlog ${queue.backlogTasks} workflow tasks, oldest ${queue.backlogAgeSeconds.toFixed(1)} s`,
    );
    const cpuBefore = cpuSample();
    const t0 = performance.now();
    // The rides rest after their first steps: what is measured is the dispatch of the backlog, not GPS.
    await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey, ride: { sandboxRideMs: 3_600_000 } });
    const samples: string[] = [];
    let done = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 2000));
      done = await bookingsCreated(orm);
      queue = await stats();
      const seconds = (performance.now() - t0) / 1000;
      samples.push(
        `  ${seconds.toFixed(0).padStart(4)} s  first steps ${String(done).padStart(5)}  backlog ${String(queue.backlogTasks).padStart(5)}  oldest ${queue.backlogAgeSeconds.toFixed(1).padStart(6)} s  dispatch ${queue.dispatchRate.toFixed(1)}/s`,
      );
      console.log(samples.at(-1));
      if (done >= BACKLOG) break;
      if (seconds > 600) throw new Error(`only ${done} of ${BACKLOG} first steps within 10 minutes`);
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSample();
    console.log(
      `\n${engine === 'cluster' ? `Temporal cluster (${shards} history shards, ${partitions} partition(s) per task queue)` : 'Temporal dev server'}: ${BACKLOG} backlogged bookings ran their first step in ${seconds.toFixed(1)} s = ${(BACKLOG / seconds).toFixed(1)} per second` +
        ` (CPU per booking: hub ${(((cpu.hub - cpuBefore.hub) * 1000) / BACKLOG).toFixed(1)} ms, Temporal ${(((cpu.temporal - cpuBefore.temporal) * 1000) / BACKLOG).toFixed(1)} ms, PostgreSQL ${(((cpu.postgres - cpuBefore.postgres) * 1000) / BACKLOG).toFixed(1)} ms)`,
    );
  } finally {
    await local.stop();
  }
}
