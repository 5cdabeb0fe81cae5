import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner, requestToken } from '../support/fixtures';
import { createTestWorkers, startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { SANDBOX_BOOKINGS_TASK_QUEUE } from '../../contracts/task-queues';
import { floodSandbox, quoteBookCancel } from '../../bench/isolation';

/** A's backlog: many times the few tasks of B's quote → booking → cancel, so that FIFO would put B behind all of it. */
const BACKLOG = 200;
const TRIES = 3;
/** Generous: on a quiet machine each step answers in tens of milliseconds; the bench measures the 2 s p99. */
const BOUND_MS = 10_000;

/**
 * The short form of `npm run bench -- isolation`, made independent of the machine's speed: partner A's sandbox
 * bookings pile up while no worker polls the sandbox queue (a backlog of a known size, not a rate raced against the
 * CPU); then the worker starts, and partner B's quote → booking from the quote → cancel, in the same sandbox queue, must
 * answer while A's backlog is still waiting: B's tasks went first (quote priority, then B's fairness share), not after
 * A's. Load shedding is off here (budgets raised): this is about the queues alone.
 */
describe('interactive work never waits behind another account backlog', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let running: ReturnType<typeof runWorkers>[] = [];
  let sandboxWorker: Worker | undefined;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    const settings = { SANDBOX_RIDE_SECONDS: '3600', HUB_SANDBOX_RIDE_BUDGET: '100000', HUB_MAX_TASK_WAIT_SECONDS: '86400' };
    hub = await startTestHub(db, env, { workers: false, env: settings });
    const workers = await createTestWorkers(env, db, { ride: { sandboxRideMs: 3_600_000 } });
    sandboxWorker = workers.find((w) => w.options.taskQueue === SANDBOX_BOOKINGS_TASK_QUEUE);
    running.push(runWorkers(workers.filter((w) => w !== sandboxWorker)));
  });
  afterAll(async () => {
    await hub?.close();
    // A worker created but never run still holds its connection: run it to shut it down.
    if (sandboxWorker?.getState() === 'INITIALIZED') running.push(runWorkers([sandboxWorker]));
    for (const r of running) r.shutdown();
    await Promise.all(running.map((r) => r.done));
    running = [];
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);

  it("answers B's quote, booking and cancellation while A's earlier sandbox bookings still wait", async () => {
    const a = await createTestPartner(db.orm, { name: 'Flooding' });
    const b = await createTestPartner(db.orm, { name: 'Interactive' });
    const aToken = await requestToken(hub.baseUrl, a.sandbox);
    const bToken = await requestToken(hub.baseUrl, b.sandbox);

    const flood = floodSandbox(hub.baseUrl, aToken, 100, BACKLOG);
    while (flood.counts.sent < BACKLOG) await new Promise((r) => setTimeout(r, 50));
    await flood.stop();
    expect(flood.counts.byStatus).toEqual({ 201: BACKLOG });
    const unstarted = async () =>
      Number((await sql(`select count(*) as n from bookings where partner_id = ? and workflow_started_at is null`, [a.partnerId]))[0].n);
    expect(await unstarted()).toBe(BACKLOG);

    running.push(runWorkers([sandboxWorker!]));
    const b1 = await quoteBookCancel(hub.baseUrl, bToken, 1, BOUND_MS);
    const stillWaiting = await unstarted();
    const more = await quoteBookCancel(hub.baseUrl, bToken, TRIES - 1, BOUND_MS);

    for (const t of [b1, more]) expect(t.failures).toEqual([]);
    const all = [...b1.quote, ...b1.book, ...b1.cancel, ...more.quote, ...more.book, ...more.cancel];
    expect(all).toHaveLength(3 * TRIES);
    for (const ms of all) expect(ms).toBeLessThan(BOUND_MS);
    // B's first booking was made and cancelled (its first step and its Update ran) before A's backlog was worked off.
    expect(stillWaiting).toBeGreaterThan(0);
    const cancelled = await sql(`select count(*) as n from bookings where partner_id = ? and status = 'cancelled'`, [b.partnerId]);
    expect(Number(cancelled[0].n)).toBe(TRIES);
  });
});
