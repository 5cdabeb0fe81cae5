/**
 * `npm run bench -- capacity`: the knee — the highest sustained rate of sandbox bookings whose whole ride keeps up.
 * The hub runs in this process (API and workers) on the dev server (or `BENCH_ENGINE=cluster`: Temporal's production
 * server) with a local receiver as the partners' webhook endpoint. For each rate of BENCH_CAPACITY_RATES (bookings per
 * second, default 1,2,4,8), a new sandbox partner books through POST /v1/bookings, open loop, for
 * BENCH_CAPACITY_SECONDS (20); each ride plays the happy path in BENCH_RIDE_SECONDS (20). The rate keeps up when, within
 * the ride's length plus BENCH_CAPACITY_GRACE_SECONDS (15) after the last booking, every ride's `trip.completed` and
 * every event the hub recorded for that partner reached the receiver. Beside each rate: the CPU per ride (this process,
 * Temporal, PostgreSQL) and the oldest task waiting on any task queue (DescribeTaskQueue, sampled every 2 s). The first
 * rate that does not keep up ends the run; the knee is the last one that did. Figures in docs/operations.md.
 */
import { createServer } from 'node:http';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createApp } from '../api/app';
import { apiDeps } from '../api/server';
import { createPartner } from '../app/accounts';
import { TASK_QUEUES } from '../contracts/task-queues';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { describeTaskQueue } from '../infra/task-queue-stats';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { benchEngine } from './backlog';
import { sandboxBookingBody } from './bookings';
import { cpuSample } from './cpu';
import { call, paced, partnerToken } from './measure';

const RATES = (process.env.BENCH_CAPACITY_RATES ?? '1,2,4,8').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const RIDE_SECONDS = Number(process.env.BENCH_RIDE_SECONDS ?? 20);
const GRACE_SECONDS = Number(process.env.BENCH_CAPACITY_GRACE_SECONDS ?? 15);

interface Step {
  rate: number;
  rides: number;
  keptUp: boolean;
  /** Rides whose `trip.completed` arrived, and events received of those recorded, when the step ended. */
  completed: number;
  delivered: number;
  recorded: number;
  /** From the first booking until every ride's last event arrived (or the deadline). */
  seconds: number;
  cpuMsPerRide: { hub: number; temporal: number; postgres: number };
  oldestTaskSeconds: number;
  bookingP99Ms: number;
}

/** What the receiver saw, per path (one partner per step): event ids and completed trips. */
class Receiver {
  private readonly ids = new Map<string, Set<string>>();
  private readonly completed = new Map<string, number>();
  readonly server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      const id = String(req.headers['x-event-id']);
      const seen = this.ids.get(path) ?? new Set<string>();
      // A repeated delivery (a retry after a lost answer) counts once.
      if (!seen.has(id) && req.headers['x-event-type'] === 'trip.completed') this.completed.set(path, (this.completed.get(path) ?? 0) + 1);
      seen.add(id);
      this.ids.set(path, seen);
      res.writeHead(204).end();
    });
  });
  delivered = (path: string) => this.ids.get(path)?.size ?? 0;
  completedTrips = (path: string) => this.completed.get(path) ?? 0;
}

export async function capacityBench(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const engine = benchEngine();
  const local = await startLocalStack('bench-capacity', { engine, poolMax: 30 });
  const { env, orm, namespace } = local;
  const receiver = new Receiver();
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
  const receiverBase = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}`;
  const config = loadConfig({ LOG_LEVEL: 'silent', PARTNER_RATE_LIMIT_PER_MINUTE: '1000000', HUB_DEV_WEBHOOK_TARGETS: 'true' });
  const deps = apiDeps(config, { orm, temporal: env.client, logger: createLogger('silent'), ...STACK_SECRETS });
  await deps.signingKeys.ensureActiveKey();
  const server = createApp(deps).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 600_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey, ride: { sandboxRideMs: RIDE_SECONDS * 1000 } });

  /** The oldest task waiting on any of the hub's task queues, workflow or activity, in seconds. */
  const oldestTask = async () => {
    const ages = await Promise.all(
      TASK_QUEUES.flatMap((queue) =>
        (['workflow', 'activity'] as const).map((type) =>
          describeTaskQueue(env.client.workflowService, namespace, queue, type).then(
            (s) => s.backlogAgeSeconds,
            () => 0,
          ),
        ),
      ),
    );
    return Math.max(...ages);
  };
  const recordedEvents = async (partnerId: string) => {
    const [{ n }] = await orm.em
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from events where partner_id = ?`, [partnerId]);
    return Number(n);
  };

  const steps: Step[] = [];
  try {
    for (const rate of RATES) {
      const path = `/rate-${rate}`;
      const partner = await createPartner(orm, STACK_SECRETS, { name: `Capacity ${rate}/s`, webhookUrl: `${receiverBase}${path}` });
      const client = partner.clients.find((c) => c.environment === 'sandbox')!;
      const token = await partnerToken(base, client.clientId, client.clientSecret);
      const rides = Math.round(rate * STEP_SECONDS);
      let oldest = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          oldest = Math.max(oldest, await oldestTask());
          await new Promise((r) => setTimeout(r, 2000));
        }
      })();
      const cpuBefore = cpuSample();
      const started = performance.now();
      const booked = await paced(rides, rate, (i) =>
        call('POST', `${base}/v1/bookings`, sandboxBookingBody(`capacity-${rate}-${i}`), {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `capacity-${rate}-${i}`,
        }),
      );
      const deadline = performance.now() + (RIDE_SECONDS + GRACE_SECONDS) * 1000;
      let recorded = 0;
      for (;;) {
        recorded = await recordedEvents(partner.partnerId);
        const done = receiver.completedTrips(path) >= rides && receiver.delivered(path) >= recorded;
        if (done || performance.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSample();
      sampling = false;
      await sampler;
      const per = (k: 'hub' | 'temporal' | 'postgres') => ((cpu[k] - cpuBefore[k]) * 1000) / rides;
      const step: Step = {
        rate,
        rides,
        keptUp: receiver.completedTrips(path) >= rides && receiver.delivered(path) >= recorded,
        completed: receiver.completedTrips(path),
        delivered: receiver.delivered(path),
        recorded,
        seconds,
        cpuMsPerRide: { hub: per('hub'), temporal: per('temporal'), postgres: per('postgres') },
        oldestTaskSeconds: oldest,
        bookingP99Ms: booked.p99,
      };
      steps.push(step);
      console.log(
        `${rate}/s × ${STEP_SECONDS} s: ${step.keptUp ? 'kept up' : 'fell behind'} — ${step.completed}/${rides} rides completed, ${step.delivered}/${recorded} events delivered after ${seconds.toFixed(0)} s; ` +
          `CPU per ride ${(step.cpuMsPerRide.hub + step.cpuMsPerRide.temporal + step.cpuMsPerRide.postgres).toFixed(0)} ms; oldest task ${oldest.toFixed(1)} s; POST p99 ${booked.p99.toFixed(0)} ms`,
      );
      if (!step.keptUp) break;
      // Let what is left of this step finish before the next, so that each rate is measured on its own.
      for (const until = performance.now() + 60_000; performance.now() < until && (await oldestTask()) > 0;)
        await new Promise((r) => setTimeout(r, 1000));
    }
    printKnee(engine, steps);
  } finally {
    server.close();
    server.closeAllConnections();
    receiver.server.close();
    receiver.server.closeAllConnections();
    await local.stop();
  }
}

function printKnee(engine: string, steps: Step[]) {
  const knee = steps.filter((s) => s.keptUp).at(-1);
  console.log(
    `\ncapacity on the ${engine === 'cluster' ? 'Temporal cluster' : 'dev server'} (rides of ${RIDE_SECONDS} s, steps of ${STEP_SECONDS} s, Node ${process.version})\n`,
  );
  console.log('  rate/s  kept up  rides done  events delivered  CPU ms/ride: hub + Temporal + PostgreSQL  oldest task s  POST p99 ms');
  for (const s of steps)
    console.log(
      `  ${String(s.rate).padStart(6)}  ${(s.keptUp ? 'yes' : 'no').padEnd(7)}  ${`${s.completed}/${s.rides}`.padStart(10)}  ${`${s.delivered}/${s.recorded}`.padStart(16)}  ` +
        `${s.cpuMsPerRide.hub.toFixed(0)} + ${s.cpuMsPerRide.temporal.toFixed(0)} + ${s.cpuMsPerRide.postgres.toFixed(0)} = ${(s.cpuMsPerRide.hub + s.cpuMsPerRide.temporal + s.cpuMsPerRide.postgres).toFixed(0)}`.padEnd(
          42,
        ) +
        `${s.oldestTaskSeconds.toFixed(1).padStart(13)}  ${s.bookingP99Ms.toFixed(0).padStart(11)}`,
    );
  console.log(
    knee
      ? `\nknee: ${knee.rate} sandbox bookings per second (CPU per ride ${(knee.cpuMsPerRide.hub + knee.cpuMsPerRide.temporal + knee.cpuMsPerRide.postgres).toFixed(0)} ms, oldest task ${knee.oldestTaskSeconds.toFixed(1)} s)`
      : `\nknee: below ${steps[0]?.rate} bookings per second (no rate kept up)`,
  );
}
