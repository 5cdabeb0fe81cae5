import { Client } from 'pg';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { Admission, hubCapacitySource } from '../../app/admission';
import { newBookingRecord } from '../../app/bookings';
import { SWEEP_LOCK, sweepUnstartedBookings } from '../../app/unstarted-bookings';
import { bookingWorkflowId } from '../../contracts/booking';
import { bookingRow } from '../../db/booking-rows';
import { BookingSchema, HubEventSchema } from '../../db/entities';
import { unstartedBookingCounts } from '../../db/ops-gauges';
import { UNSTARTED_AFTER_SECONDS, UNSTARTED_WINDOW_MINUTES } from '../../domain/unstarted-sweep';
import { registry } from '../../infra/metrics';
import { eventually } from '../../stack/eventually';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers } from '../support/hub';

/**
 * The unstarted-bookings sweep starts the workflow of a booking whose API process died between its commit and its
 * start; rows in bulk must not set off a storm: one session sweeps at a time, a bounded number per sweep, none that
 * load shedding would refuse, and the rows show on `/metrics`. No API process runs here, so no background sweep either.
 */
describe('the unstarted-bookings sweep', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let workers: ReturnType<typeof runWorkers>;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    workers = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** Each test sweeps at its own hour, hours apart, so the rows of one are outside the window of another. */
  let hour = 0;
  const sweepHour = () => new Date(Date.now() + ++hour * 3 * 3600_000);

  /** Booking rows whose API process died before starting their workflows, committed `minutesAgo` before `now`. */
  async function orphans(now: Date, partnerId: string, ...minutesAgo: number[]) {
    const rows = minutesAgo.map((m) =>
      bookingRow(
        newBookingRecord(CreateBookingRequest.parse(bookingBody()), { partnerId, livemode: false }, new Date(now.getTime() - m * 60_000)),
      ),
    );
    await db.orm.em.fork().insertMany(BookingSchema, rows);
    return rows.map((r) => r.id);
  }
  const eventsOf = (id: string) => db.orm.em.fork().find(HubEventSchema, { bookingId: id });
  const hasWorkflow = async (id: string) => (await env.client.workflow.count(`WorkflowId = '${bookingWorkflowId(id)}'`)).count > 0;
  async function sweptCount(outcome: string): Promise<number> {
    const metric = await registry.getSingleMetric('hub_unstarted_sweep_bookings_total')!.get();
    return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  }

  it('counts the rows whose workflow never ran, those the sweep will start apart from those too old for it', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Counted' });
    const count = () => unstartedBookingCounts(db.orm, UNSTARTED_AFTER_SECONDS, UNSTARTED_WINDOW_MINUTES);
    const before = await count();
    await orphans(new Date(), partner.partnerId, 0.5, 5, 30, 90);
    // The row of 30 s ago is not counted yet: its API process may still be starting it.
    expect(await count()).toEqual({ sweep: before.sweep + 2, beyond: before.beyond + 1 });
  });

  it('starts a booking whose process died before starting its workflow, after a minute, and only that one', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Orphan' });
    const now = sweepHour();
    const [orphan, fresh, ancient] = await orphans(now, partner.partnerId, 2, 0.5, 120);
    const startedBefore = await sweptCount('started');

    expect(await sweepUnstartedBookings(db.orm, env.client, { now })).toEqual({ swept: true, started: [orphan], deferred: [] });
    expect(await sweptCount('started')).toBe(startedBefore + 1);
    const events = await eventually(
      () => eventsOf(orphan),
      (e) => e.length > 0,
      'the swept booking records booking.created',
    );
    expect(events.map((e) => e.type)).toEqual(['booking.created']);
    expect((await env.client.workflow.getHandle(bookingWorkflowId(orphan)).describe()).status.name).toBe('RUNNING');

    // Once its workflow has marked it started the booking is no longer a candidate; the fresh one isn't yet.
    expect((await sweepUnstartedBookings(db.orm, env.client, { now })).started).toEqual([]);
    // A minute later the fresh one is due; two sweeps at once start one workflow between them.
    const later = new Date(now.getTime() + 60_000);
    const [a, b] = await Promise.all([
      sweepUnstartedBookings(db.orm, env.client, { now: later }),
      sweepUnstartedBookings(db.orm, env.client, { now: later }),
    ]);
    expect([...a.started, ...b.started].every((id) => id === fresh)).toBe(true);
    expect(a.started.length + b.started.length).toBeGreaterThanOrEqual(1);
    await eventually(
      () => eventsOf(fresh),
      (e) => e.length > 0,
      'the fresh booking records booking.created',
    );
    expect(await env.client.workflow.count(`WorkflowId = '${bookingWorkflowId(fresh)}'`)).toMatchObject({ count: 1 });
    expect(await hasWorkflow(ancient)).toBe(false);
  });

  it('does nothing while another session sweeps (holds its advisory lock), and sweeps once it is free', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Locked' });
    const now = sweepHour();
    const [orphan] = await orphans(now, partner.partnerId, 5);
    const other = new Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [SWEEP_LOCK]);
      expect(await sweepUnstartedBookings(db.orm, env.client, { now })).toEqual({ swept: false, started: [], deferred: [] });
      expect(await hasWorkflow(orphan)).toBe(false);
      await other.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [SWEEP_LOCK]);
      expect(await sweepUnstartedBookings(db.orm, env.client, { now })).toMatchObject({ swept: true, started: [orphan] });
      // The sweep gave its lock back: another session takes it at once.
      const [{ locked }] = (await other.query(`select pg_try_advisory_lock(hashtextextended($1, 0)) as locked`, [SWEEP_LOCK])).rows;
      expect(locked).toBe(true);
    } finally {
      await other.end();
    }
  });

  it('starts at most maxStarts per sweep, oldest first, and the rest at the next sweeps', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Bulk' });
    const now = sweepHour();
    const [newest, middle, oldest] = await orphans(now, partner.partnerId, 3, 4, 5);
    const first = await sweepUnstartedBookings(db.orm, env.client, { now, maxStarts: 2, startsPerSecond: 20 });
    expect(first.started).toEqual([oldest, middle]);
    expect(await hasWorkflow(newest)).toBe(false);
    await eventually(
      () => eventsOf(middle),
      (e) => e.length > 0,
      'the second start marks its booking started',
    );
    await eventually(
      () => eventsOf(oldest),
      (e) => e.length > 0,
      'the first start marks its booking started',
    );
    expect((await sweepUnstartedBookings(db.orm, env.client, { now, maxStarts: 2 })).started).toEqual([newest]);
  });

  it("defers the rows of a sandbox account over its ride budget, counting them, and starts the other accounts'", async () => {
    const [crowded, calm] = await Promise.all([
      createTestPartner(db.orm, { name: 'Crowded' }),
      createTestPartner(db.orm, { name: 'Calm' }),
    ]);
    const now = sweepHour();
    // Three rides of the crowded partner are in progress (these rows themselves) against a budget of two.
    const crowdedRows = await orphans(now, crowded.partnerId, 2, 3, 4);
    const [calmRow] = await orphans(now, calm.partnerId, 5);
    const limits = { sandboxRideBudget: 2, liveRideBudget: 100, maxTaskWaitSeconds: 5, sandboxRideSeconds: 3600 };
    // Read once and never refreshed: its reading must not age into staleness (which admits) while the sweep runs.
    const admission = new Admission(limits, hubCapacitySource(db.orm, env.client), { staleAfterMs: 10 * 60_000 });
    await admission.refresh();
    const deferredBefore = await sweptCount('deferred');

    const swept = await sweepUnstartedBookings(db.orm, env.client, { now, admission });
    expect(swept.started).toEqual([calmRow]);
    expect([...swept.deferred].sort()).toEqual([...crowdedRows].sort());
    expect(await sweptCount('deferred')).toBe(deferredBefore + 3);
    for (const id of crowdedRows) expect(await hasWorkflow(id)).toBe(false);
    await eventually(
      () => eventsOf(calmRow),
      (e) => e.length > 0,
      'the started booking marks itself started',
    );

    // With a budget that holds its three rides, the account's rows are started.
    const roomy = new Admission({ ...limits, sandboxRideBudget: 3 }, hubCapacitySource(db.orm, env.client));
    await roomy.refresh();
    expect([...(await sweepUnstartedBookings(db.orm, env.client, { now, admission: roomy })).started].sort()).toEqual(
      [...crowdedRows].sort(),
    );
  });
});
