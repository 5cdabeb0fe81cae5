import { Client } from 'pg';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { Admission, hubCapacitySource, oldestCustomerTasks } from '../../app/admission';
import { newBookingRecord } from '../../app/bookings';
import { bookingWorkflowId } from '../../contracts/booking';
import { LIVE_BOOKINGS_TASK_QUEUE } from '../../contracts/task-queues';
import { bookingRow } from '../../db/booking-rows';
import { BookingSchema } from '../../db/entities';
import { registry } from '../../infra/metrics';
import { freshDatabase, type TestDatabase, sqlOn } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startGeocoderServer, type GeocoderServer } from '../support/geocoder-server';
import { holdNextStart } from '../support/hold-start';
import { startTestHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { localEnvironment } from '../../stack/temporal';

const HOUR = 3600_000;

/**
 * A retry is never shed: a create whose booking committed but whose answer was lost (its API process died after the
 * workflow started) is retried while the hub sheds load, and gets its booking — a 429 or 503 there would refuse a ride
 * that runs. A new create is still refused, and leaves nothing behind. No workers run: the booking queues fill up.
 */
describe('load shedding and the retry of a create that lost its answer', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let geocoder: GeocoderServer;
  /** Sheds at once: a sandbox account's budget is one ride, a quote may wait a second. */
  let shedding: TestHub;
  const SHEDDING = { HUB_SANDBOX_RIDE_BUDGET: '1', HUB_MAX_TASK_WAIT_SECONDS: '1' };

  beforeAll(async () => {
    [db, env, geocoder] = await Promise.all([freshDatabase(), localEnvironment(), startGeocoderServer()]);
    shedding = await startTestHub(db, env, { workers: false, env: SHEDDING });
  });
  afterAll(async () => {
    await shedding?.close();
    await Promise.all([env?.teardown(), db?.close(), geocoder?.close()]);
  });

  const sql = sqlOn(() => db);
  const keyRows = async (key: string) => (await sql(`select 1 from idempotency_keys where key = ?`, [key])).length;
  const bookingIds = async (partnerId: string) =>
    (await sql<{ id: string }>(`select id from bookings where partner_id = ? order by id`, [partnerId])).map((b) => b.id);
  const create = (hub: TestHub, token: string, body: unknown, key: string) =>
    postJson(`${hub.baseUrl}/v1/bookings`, token, body, { 'idempotency-key': key });
  const later = () => new Date(Date.now() + 48 * HOUR).toISOString();

  /**
   * A create on an API process of its own (`hubEnv`) that commits its booking and starts its workflow, then dies
   * before answering: its lifeline backend ends as a killed process's does, so a retry may take its claim over.
   */
  async function createCut(hubEnv: NodeJS.ProcessEnv, token: string, body: unknown, key: string) {
    const crashed = await startTestHub(db, env, { workers: false, env: hubEnv });
    const held = holdNextStart(env.client);
    const cut = create(crashed, token, body, key);
    await held.startedWorkflow;
    const [claim] = await sql<{ state: string; recovery_point: string }>(
      `select state, recovery_point from idempotency_keys where key = ?`,
      [key],
    );
    expect(claim).toMatchObject({ state: 'in_progress', recovery_point: expect.stringMatching(/^bkg_/) });
    const dead = await crashed.deps.lifeline.holder();
    await sql(`select pg_terminate_backend(?)`, [dead.pid]);
    await until(
      'the killed holder backend gone',
      async () => ((await sql(`select 1 from pg_stat_activity where pid = ?`, [dead.pid])).length ? undefined : true),
      15_000,
    );
    return {
      bookingId: claim.recovery_point,
      async finish() {
        held.release();
        await cut;
        await crashed.close();
      },
    };
  }

  it('answers the retry of a cut create with its booking while the account is over its budget; a new create gets 429 and leaves nothing', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Over budget' });
    const token = await requestToken(shedding.baseUrl, partner.sandbox);
    const body = bookingBody({ external_id: 'CUT-BUDGET', pickup: { ...bookingBody().pickup, datetime: later() } });
    const cut = await createCut(SHEDDING, token, body, 'cut-budget');
    try {
      // Two refreshes: the second read the table after the cut booking committed, the account's one ride of one.
      await shedding.deps.admission!.refresh();
      await shedding.deps.admission!.refresh();

      const fresh = await create(shedding, token, bookingBody({ external_id: 'NEW-BUDGET' }), 'new-budget');
      expect({ status: fresh.status, code: fresh.json.code }).toEqual({ status: 429, code: 'ride_budget_exceeded' });
      expect(fresh.json.detail).toMatch(/active_rides reading was taken \d+\.\d s ago/);
      expect(await keyRows('new-budget')).toBe(0);
      expect(await bookingIds(partner.partnerId)).toEqual([cut.bookingId]);

      const retried = await create(shedding, token, body, 'cut-budget');
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(retried.json).toMatchObject({ id: cut.bookingId, external_id: 'CUT-BUDGET', status: 'confirmed' });
      expect((await env.client.workflow.getHandle(bookingWorkflowId(cut.bookingId)).describe()).status.name).toBe('RUNNING');
      // Answered now, it is replayed; and still one booking, the one that runs.
      const replay = await create(shedding, token, body, 'cut-budget');
      expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), id: replay.json.id }).toEqual({
        status: 201,
        replayed: 'true',
        id: cut.bookingId,
      });
      expect(await bookingIds(partner.partnerId)).toEqual([cut.bookingId]);
    } finally {
      await cut.finish();
    }
  });

  it('answers the retry of a cut create with its booking while the hub is behind; a new create gets 503 naming its reading', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Behind' });
    const token = await requestToken(shedding.baseUrl, partner.live);
    const body = bookingBody({ external_id: 'CUT-BEHIND', pickup: { ...bookingBody().pickup, datetime: later() } });
    // Live: the live queue has waited for nothing yet, and a live ride counts against no budget before dispatch.
    const cut = await createCut(SHEDDING, token, body, 'cut-behind');
    try {
      const quote = await getJson(
        `${shedding.baseUrl}/v1/quotes?${new URLSearchParams({
          pickup_lat: '49.0097',
          pickup_lng: '2.5479',
          dropoff_lat: '48.8674',
          dropoff_lng: '2.3294',
          datetime: later(),
          vehicle_class: 'executive',
        })}`,
        token,
      );
      expect(quote.status).toBe(200);
      await until(
        'the waiting live quote task older than a second',
        async () => ((await oldestCustomerTasks(env.client, LIVE_BOOKINGS_TASK_QUEUE)).quote > 1 ? true : undefined),
        30_000,
      );
      let attempt = 0;
      const refused = await until(
        'a new live booking refused',
        async () => {
          const reply = await create(shedding, token, bookingBody({ external_id: `NEW-BEHIND-${++attempt}` }), `new-behind-${attempt}`);
          return reply.status === 201 ? undefined : reply;
        },
        10_000,
      );
      expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 503, code: 'hub_behind' });
      // Ops can tell a backlog from a reading left behind: the reading and its age are in the answer.
      expect(refused.json.detail).toMatch(/oldest waiting task is \d+ s old.*task_backlog reading was taken \d+\.\d s ago/);
      expect(await keyRows(`new-behind-${attempt}`)).toBe(0);
      expect(await sql(`select 1 from bookings where external_id = ?`, [`NEW-BEHIND-${attempt}`])).toEqual([]);

      const retried = await create(shedding, token, body, 'cut-behind');
      expect(retried.status).toBe(201);
      expect(retried.json).toMatchObject({ id: cut.bookingId, external_id: 'CUT-BEHIND', status: 'confirmed' });
    } finally {
      await cut.finish();
    }

    const metrics = await (await fetch(`${shedding.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/hub_admission_reading_age_seconds\{reading="task_backlog"\} \d/);
    expect(metrics).toMatch(/hub_admission_reading_age_seconds\{reading="active_rides"\} \d/);
  });

  it('answers the retry of a cut create with its booking though the geocoder now refuses its address', async () => {
    const unshed = { HUB_MAX_TASK_WAIT_SECONDS: '3600' };
    // The first attempt's geocoder did not know the address (it passed); the retry's embedded one places it at Heathrow.
    const unknowing = {
      ...unshed,
      GEOCODER: 'nominatim',
      GEOCODER_URL: geocoder.url,
      GEOCODER_USER_AGENT: 'hub-tests/1 (ops@example.com)',
    };
    const embedded = await startTestHub(db, env, { workers: false, env: unshed });
    try {
      const partner = await createTestPartner(db.orm, { name: 'Geocoded' });
      const token = await requestToken(embedded.baseUrl, partner.sandbox);
      const body = bookingBody({ external_id: 'CUT-GEO', pickup: { ...bookingBody().pickup, address: 'Heathrow Terminal 5' } });
      const cut = await createCut(unknowing, token, body, 'cut-geo');
      try {
        const fresh = await create(embedded, token, { ...body, external_id: 'NEW-GEO' }, 'new-geo');
        expect({ status: fresh.status, code: fresh.json.code }).toEqual({ status: 422, code: 'address_far_from_coordinates' });
        expect(await keyRows('new-geo')).toBe(0);

        const retried = await create(embedded, token, body, 'cut-geo');
        expect(retried.status).toBe(201);
        expect(retried.json).toMatchObject({ id: cut.bookingId, external_id: 'CUT-GEO' });
      } finally {
        await cut.finish();
      }
    } finally {
      await embedded.close();
    }
  });

  describe('a reading that hangs or grows old', () => {
    // The shedding API's own reads would wait on the test's lock too: its readings are not what is looked at here.
    beforeAll(() => shedding.deps.admission?.stop());
    const limits = { sandboxRideBudget: 1, liveRideBudget: 100, maxTaskWaitSeconds: 3600, sandboxRideSeconds: 3600 };
    const staleCount = async (reading: string) =>
      (await registry.getSingleMetric('hub_admission_stale_readings_total')!.get()).values.find((v) => v.labels.reading === reading)
        ?.value ?? 0;
    /** Two sandbox rides in progress of a new partner, against a budget of one. */
    async function crowdedPartner(name: string) {
      const partner = await createTestPartner(db.orm, { name });
      const ride = () =>
        bookingRow(newBookingRecord(CreateBookingRequest.parse(bookingBody()), { partnerId: partner.partnerId, livemode: false }));
      await db.orm.em.fork().insertMany(BookingSchema, [ride(), ride()]);
      return { partnerId: partner.partnerId };
    }
    const refuses = (admission: Admission, owner: { partnerId: string }) => {
      try {
        admission.admit(owner, 'sandbox', true);
        return false;
      } catch {
        return true;
      }
    };

    it('fails open once its read misses the deadline (PostgreSQL blocked), counts it, piles no read up, and refuses again once read', async () => {
      const owner = await crowdedPartner('Blocked');
      // Only the clock that ages readings is the test's; the deadline is a real one, missed because the read waits on a lock.
      let clock = Date.now();
      const admission = new Admission(limits, hubCapacitySource(db.orm, env.client), { now: () => clock });
      await admission.refresh();
      expect(refuses(admission, owner)).toBe(true);
      expect(admission.refusalForWritten(owner, 'sandbox')).toMatchObject({ reason: 'ride_budget' });

      const locker = new Client({ connectionString: db.url });
      await locker.connect();
      try {
        await locker.query(`begin; lock table bookings in access exclusive mode`);
        const before = await staleCount('active_rides');
        await admission.refresh();
        expect(await staleCount('active_rides')).toBe(before + 1);
        // The bookings read waits on the lock, so admission admits what it would have refused.
        expect(refuses(admission, owner)).toBe(false);
        expect(admission.refusalForWritten(owner, 'sandbox')).toBeNull();
        clock += 5000;
        expect(admission.readingAges().active_rides).toBeGreaterThanOrEqual(5);

        // A hung read is not started again: one read waits on the lock, however many refreshes pass.
        await admission.refresh();
        expect(await staleCount('active_rides')).toBe(before + 2);
        const waiting = await locker.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%''sandbox'' as environment%'`,
        );
        expect(waiting.rowCount).toBe(1);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      await until(
        'a reading that answers in time',
        async () => {
          await admission.refresh();
          return refuses(admission, owner) ? true : undefined;
        },
        15_000,
      );
      expect(admission.readingAges().active_rides).toBeLessThan(1);
    });

    it('fails open on a reading older than its bound (three refreshes) whose refreshes stopped, and refuses again once read', async () => {
      const owner = await crowdedPartner('Aged');
      let clock = Date.now();
      const admission = new Admission(limits, hubCapacitySource(db.orm, env.client), { now: () => clock, refreshMs: 1000 });
      await admission.refresh();
      clock += 3000;
      expect(refuses(admission, owner)).toBe(true);
      expect(admission.refusalForWritten(owner, 'sandbox')).not.toBeNull();
      clock += 1;
      expect(refuses(admission, owner)).toBe(false);
      expect(admission.refusalForWritten(owner, 'sandbox')).toBeNull();
      await admission.refresh();
      expect(refuses(admission, owner)).toBe(true);
    });
  });
});
