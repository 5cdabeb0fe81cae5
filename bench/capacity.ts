/**
 * `npm run bench -- capacity`: the knee — the highest sustained rate of sandbox bookings whose whole ride keeps up.
 * The hub runs in this process (its API as `npm start` runs it, and its workers) on the dev server (or
 * `BENCH_ENGINE=cluster`: Temporal's production server) with a local receiver as the partners' webhook endpoint, every
 * port chosen free at run time (none of `npm start`'s defaults).
 *
 * A step: a new sandbox partner books through POST /v1/bookings at one rate, open loop, for BENCH_CAPACITY_SECONDS
 * (20); each ride plays the happy path in BENCH_RIDE_SECONDS (20). The rate keeps up when, within the ride's length plus
 * BENCH_CAPACITY_GRACE_SECONDS (15) after the last booking, every ride's `trip.completed` and every event the hub
 * recorded for that partner reached the receiver. Beside each step: the CPU per ride (this process, and the Temporal
 * server and PostgreSQL this process started), the oldest task waiting on any task queue (DescribeTaskQueue, sampled
 * every 2 s) and the POST p99. Before the next step the last one's rides must end (BENCH_CAPACITY_DRAIN_SECONDS, 120).
 *
 * The search (bench/knee.ts): rates double from 2 per second until one does not keep up (or BENCH_CAPACITY_MAX_RATE,
 * 64, did), then bisect between the highest rate kept and the lowest one not, to within 25 %; BENCH_CAPACITY_RATES
 * (e.g. `2,4,8`) tries exactly those rates instead, up to the first that does not keep up. Load shedding is off by
 * default — the ride budget and the task-wait limit raised, as the output says — since the bench measures the engine,
 * not the budgets; BENCH_CAPACITY_SHEDDING=on keeps HUB_SANDBOX_RIDE_BUDGET and HUB_MAX_TASK_WAIT_SECONDS (or their
 * defaults), and a step whose bookings are refused with 429/503 is reported as refused, not as fallen behind. A
 * request that fails otherwise (5xx, lost connection) ends the run with exit code 1. Figures in docs/operations.md.
 */
import { createServer } from 'node:http';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { apiDeps, listen } from '../api/server';
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
import { kneeLines, nextRate, printSteps, stepLine, type Outcome, type RateSearch, type Step } from './knee';
import { call, HttpStatusError, paced, partnerToken } from './measure';

const STEP_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const RIDE_SECONDS = Number(process.env.BENCH_RIDE_SECONDS ?? 20);
const GRACE_SECONDS = Number(process.env.BENCH_CAPACITY_GRACE_SECONDS ?? 15);
const DRAIN_SECONDS = Number(process.env.BENCH_CAPACITY_DRAIN_SECONDS ?? 120);
const SEARCH: RateSearch = {
  explicit: process.env.BENCH_CAPACITY_RATES?.split(',').map(Number),
  first: 2,
  max: Number(process.env.BENCH_CAPACITY_MAX_RATE ?? 64),
  resolution: 0.25,
};

/** The admission limits of the bench's API: raised out of the way unless BENCH_CAPACITY_SHEDDING=on. */
function admissionSettings(): { env: Record<string, string>; text: string } {
  if (process.env.BENCH_CAPACITY_SHEDDING === 'on') {
    const env = {
      HUB_SANDBOX_RIDE_BUDGET: process.env.HUB_SANDBOX_RIDE_BUDGET ?? '100',
      HUB_MAX_TASK_WAIT_SECONDS: process.env.HUB_MAX_TASK_WAIT_SECONDS ?? '5',
    };
    return {
      env,
      text: `load shedding on (HUB_SANDBOX_RIDE_BUDGET ${env.HUB_SANDBOX_RIDE_BUDGET}, HUB_MAX_TASK_WAIT_SECONDS ${env.HUB_MAX_TASK_WAIT_SECONDS})`,
    };
  }
  const env = { HUB_SANDBOX_RIDE_BUDGET: '10000000', HUB_MAX_TASK_WAIT_SECONDS: '86400' };
  return {
    env,
    text: `load shedding off: budgets raised (HUB_SANDBOX_RIDE_BUDGET ${env.HUB_SANDBOX_RIDE_BUDGET}, HUB_MAX_TASK_WAIT_SECONDS ${env.HUB_MAX_TASK_WAIT_SECONDS}) to measure the engine, not the budgets; BENCH_CAPACITY_SHEDDING=on keeps them`,
  };
}

/** What a booking that was not answered `201` counts as: its status and problem code, or the error. */
function refusalOf(err: unknown): string {
  if (!(err instanceof HttpStatusError)) return `error (${(err as Error).message})`;
  try {
    return `${err.status} ${(JSON.parse(err.answer) as { code?: string }).code ?? ''}`.trim();
  } catch {
    return String(err.status);
  }
}

const isShedding = (refusal: string) => refusal.startsWith('429') || refusal === '503 hub_behind';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  const admission = admissionSettings();
  const local = await startLocalStack('bench-capacity', { engine, poolMax: 30 });
  const { env, orm, namespace } = local;
  const receiver = new Receiver();
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
  const receiverBase = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PARTNER_RATE_LIMIT_PER_MINUTE: '1000000',
    HUB_DEV_WEBHOOK_TARGETS: 'true',
    SANDBOX_RIDE_SECONDS: String(RIDE_SECONDS),
    ...admission.env,
  });
  const deps = apiDeps(config, { orm, temporal: env.client, logger: createLogger('silent'), ...STACK_SECRETS });
  // As `npm start` runs it: admission control, request log and the idempotency lifeline, all ended by `close()`.
  const api = await listen(deps, '127.0.0.1', 0);
  // The load agent keeps idle sockets between steps; a server closing them at Node's default 5 s races their next use.
  api.server.keepAliveTimeout = 600_000;
  const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey, ride: { sandboxRideMs: RIDE_SECONDS * 1000 } });
  console.log(`capacity on the ${engine === 'cluster' ? 'Temporal cluster' : 'dev server'}; ${admission.text}`);

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
  /**
   * Where a step's rides stand: completed trips and events received (read first: an event is recorded before it is
   * delivered, so these never exceed what the count after them finds), events recorded for its partner, and whether
   * every accepted ride completed and every recorded event arrived.
   */
  const progress = async (path: string, partnerId: string, accepted: number) => {
    const completed = receiver.completedTrips(path);
    const delivered = receiver.delivered(path);
    const recorded = await recordedEvents(partnerId);
    return { completed, delivered, recorded, done: completed >= accepted && delivered >= recorded };
  };

  async function runStep(rate: number): Promise<Step & { path: string; partnerId: string }> {
    const path = `/rate-${rate}`;
    const partner = await createPartner(orm, STACK_SECRETS, { name: `Capacity ${rate}/s`, webhookUrl: `${receiverBase}${path}` });
    const client = partner.clients.find((c) => c.environment === 'sandbox')!;
    const token = await partnerToken(base, client.clientId, client.clientSecret);
    const sent = Math.round(rate * STEP_SECONDS);
    const refusals: Record<string, number> = {};
    let oldest = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        oldest = Math.max(oldest, await oldestTask());
        await sleep(2000);
      }
    })();
    const cpuBefore = cpuSample();
    const started = performance.now();
    const booked = await paced(sent, rate, (i) =>
      call('POST', `${base}/v1/bookings`, sandboxBookingBody(`capacity-${rate}-${i}`), {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `capacity-${rate}-${i}`,
      }).catch((err: unknown) => {
        const refusal = refusalOf(err);
        refusals[refusal] = (refusals[refusal] ?? 0) + 1;
      }),
    );
    const accepted = sent - Object.values(refusals).reduce((a, b) => a + b, 0);
    const deadline = performance.now() + (RIDE_SECONDS + GRACE_SECONDS) * 1000;
    let state = await progress(path, partner.partnerId, accepted);
    while (!state.done && performance.now() < deadline) {
      await sleep(250);
      state = await progress(path, partner.partnerId, accepted);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSample();
    sampling = false;
    await sampler;
    const per = (k: 'hub' | 'temporal' | 'postgres') => ((cpu[k] - cpuBefore[k]) * 1000) / Math.max(1, accepted);
    const refused = Object.keys(refusals);
    const outcome: Outcome = refused.some((r) => !isShedding(r))
      ? 'failed'
      : refused.length
        ? 'refused'
        : state.done
          ? 'kept up'
          : 'fell behind';
    return {
      rate,
      outcome,
      sent,
      accepted,
      refusals,
      completed: state.completed,
      delivered: state.delivered,
      recorded: state.recorded,
      seconds,
      cpuMsPerRide: { hub: per('hub'), temporal: per('temporal'), postgres: per('postgres') },
      oldestTaskSeconds: oldest,
      bookingP99Ms: booked.p99,
      path,
      partnerId: partner.partnerId,
    };
  }

  /** Waits until a step's rides ended and no task waits, so that each rate is measured on an idle hub; false if not in time. */
  async function drain(step: Awaited<ReturnType<typeof runStep>>): Promise<boolean> {
    for (const until = performance.now() + DRAIN_SECONDS * 1000; performance.now() < until; await sleep(1000))
      if ((await progress(step.path, step.partnerId, step.accepted)).done && (await oldestTask()) === 0) return true;
    return false;
  }

  const steps: Step[] = [];
  try {
    for (let rate = nextRate(steps, SEARCH); rate !== null; rate = nextRate(steps, SEARCH)) {
      const step = await runStep(rate);
      steps.push(step);
      console.log(stepLine(step, STEP_SECONDS));
      if (step.outcome === 'failed' || nextRate(steps, SEARCH) === null) break;
      if (!(await drain(step))) {
        console.log(`the rides of ${rate}/s did not end within ${DRAIN_SECONDS} s (BENCH_CAPACITY_DRAIN_SECONDS): the search stops here`);
        break;
      }
    }
    console.log(
      `\ncapacity on the ${engine === 'cluster' ? 'Temporal cluster' : 'dev server'} (rides of ${RIDE_SECONDS} s, steps of ${STEP_SECONDS} s, Node ${process.version}; ${admission.text})\n`,
    );
    printSteps(steps);
    console.log(`\n${kneeLines(steps, SEARCH).join('\n')}`);
    if (steps.some((s) => s.outcome === 'failed')) process.exitCode = 1;
  } finally {
    // Ends the API's lifeline, request log, change listener and admission timer too: left open, they kept the
    // process alive after the run (the lifeline reconnecting to the stopped PostgreSQL for ever).
    const closing = api.close();
    api.server.closeAllConnections();
    await closing;
    receiver.server.close();
    receiver.server.closeAllConnections();
    await local.stop();
  }
}
