import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createAllocationActivities } from '../../activities/allocation';
import { createBookingActivities } from '../../activities/booking';
import { createFlightActivities } from '../../activities/flight';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { receiptUrl } from '../../infra/passenger-links';
import { BookingSchema, HubEventSchema } from '../../db/entities';
import { DISPATCH_LEAD_MINUTES, DRIVER_SEARCH_GRACE_MINUTES, NO_SHOW_WAIT_MINUTES } from '../../domain/booking-lifecycle';
import type { SandboxScenario } from '../../domain/sandbox';
import {
  BOOKINGS_TASK_QUEUE,
  bookingWorkflowId,
  cancelBooking,
  rescheduleBooking,
  getBookingState,
  reportPosition,
  reportRideProgress,
  type BookingRecord,
  type ReportRideProgressInput,
  type RideSettings,
} from '../../contracts/booking';
import { BookingStatusKey } from '../../contracts/search-attributes';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers, TEST_SECRETS } from '../support/hub';
import { stackWorker, timeSkippingEnvironment } from '../../stack/temporal';
import { eventually } from '../../stack/eventually';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SETTINGS: RideSettings = { sandboxRideMs: 40_000, gpsIntervalMs: 5_000, historyLimit: 2_000 };
/** A second bookings queue whose runs continue as new after a short history. */
const SMALL_HISTORY_QUEUE = 'bookings-small-history';
const SMALL_HISTORY_LIMIT = 150;
/** Where the events' signed links point. */
const LINKS = { publicBaseUrl: 'http://hub.test', encryptionKey: TEST_SECRETS.encryptionKey };

const DRIVER = { name: 'Live Driver', phone: '+33611111111', photo_url: 'https://example.com/d.jpg', licence_no: 'VTC-1', rating: 4.7 };
const VEHICLE = { make: 'Skoda', model: 'Superb', year: 2024, color: 'blue', plate: 'AB-123-CD' };

/** A timer's moment as the workflow saw it: at `expected`, or the few real milliseconds the test server lets pass. */
function expectAtAbout(iso: string, expected: number) {
  expect(Date.parse(iso)).toBeGreaterThanOrEqual(expected);
  expect(Date.parse(iso)).toBeLessThan(expected + 1000);
}

describe('booking lifecycle on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let run: Promise<void>;
  let workers: Worker[];
  let partnerId: string;

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    workers = [
      ...(await createTestWorkers(env, db, { encryptionKey: LINKS.encryptionKey, publicBaseUrl: LINKS.publicBaseUrl, ride: SETTINGS })),
      // Bookings whose history continues as new after a few events.
      await stackWorker(env, {
        taskQueue: SMALL_HISTORY_QUEUE,
        activities: {
          ...createBookingActivities({ orm: db.orm, ride: { ...SETTINGS, historyLimit: SMALL_HISTORY_LIMIT } }),
          ...createAllocationActivities({ orm: db.orm }),
          ...createFlightActivities(),
        },
      }),
    ];
    run = Promise.all(workers.map((w) => w.run())).then(() => undefined);
    partnerId = (await createTestPartner(db.orm)).partnerId;
  });
  afterAll(async () => {
    workers?.forEach((w) => w.shutdown());
    await run;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function record(opts: { live: boolean; pickupInMs: number; scenario?: SandboxScenario; flight?: boolean }): Promise<BookingRecord> {
    const now = new Date(await env.currentTimeMs());
    // Validated against the real clock, then dated on the test server's (which has skipped ahead).
    const parsed = CreateBookingRequest.parse(bookingBody());
    const pickup = { ...parsed.pickup, datetime: new Date(now.getTime() + opts.pickupInMs).toISOString() };
    if (!opts.flight) delete pickup.flight_number;
    const body = { ...parsed, pickup };
    return {
      ...newBookingRecord(body, { partnerId, livemode: opts.live }, now),
      sandboxScenario: opts.live ? null : (opts.scenario ?? null),
    };
  }

  async function start(rec: BookingRecord, taskQueue = BOOKINGS_TASK_QUEUE) {
    return env.client.workflow.start('bookingWorkflow', {
      workflowId: bookingWorkflowId(rec.id),
      taskQueue,
      args: [rec],
      memo: { externalId: rec.externalId },
    });
  }

  const events = async (bookingId: string) =>
    (await db.orm.em.fork().find(HubEventSchema, { bookingId }, { orderBy: { sequence: 'asc' } })).map((e) => ({
      sequence: e.sequence,
      type: e.type,
      body: JSON.parse(e.body),
    }));
  const readModel = (bookingId: string) => db.orm.em.fork().findOneOrFail(BookingSchema, { id: bookingId });
  const progress = (handle: Awaited<ReturnType<typeof start>>, input: ReportRideProgressInput) =>
    handle.executeUpdate(reportRideProgress, { args: [input] });

  describe('free-cancellation window', () => {
    it.each([
      ['one second inside the window is free', -1000, { fee: 0, charged: false }],
      ['one second after the window is charged the policy fee', 1000, { fee: 'policy', charged: true }],
    ] as const)('a cancellation %s', async (_name, offsetMs, expected) => {
      const rec = await record({ live: true, pickupInMs: 48 * HOUR });
      const handle = await start(rec);
      const windowMs = Date.parse(rec.freeUntil) - Date.parse(rec.createdAt);
      await env.sleep(windowMs + offsetMs);

      const answer = await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'passenger_request', actor: 'partner' }] });
      const fee = expected.fee === 'policy' ? rec.lateCancellationFeeMinor : 0;
      expect(fee === 0 || fee > 0).toBe(true);
      expect(answer).toMatchObject({
        status: 'cancelled',
        cancellation: { reason_code: 'passenger_request', cancelled_by: 'partner', fee_minor: fee, charged: expected.charged },
      });
      // Workflow time is the test server's clock: the sleep's target plus the real moments the Update takes to arrive.
      expect(Date.parse(answer.cancellation.cancelled_at) - Date.parse(rec.freeUntil)).toBeGreaterThanOrEqual(offsetMs);

      // (A repeat after the workflow has ended is answered from the read model: test/api/booking-lifecycle.test.ts.)
      const final = await handle.result();
      expect(final.status).toBe('cancelled');
      const row = await readModel(rec.id);
      expect(row).toMatchObject({ status: 'cancelled', cancellation: answer.cancellation });
      expect(row.endedAt?.toISOString()).toBe(answer.cancellation.cancelled_at);
      const evts = await events(rec.id);
      expect(evts.map((e) => e.type)).toEqual(['booking.created', 'trip.cancelled']);
      expect(evts[1].body).toMatchObject({
        status: 'cancelled',
        reason_code: 'passenger_request',
        cancelled_by: 'partner',
        fee: { amount: fee / 100, currency: 'EUR' },
        charged: expected.charged,
      });
      const description = await handle.describe();
      expect(description.typedSearchAttributes.get(BookingStatusKey)).toBe('cancelled');
      expect(description.memo).toMatchObject({ status: 'cancelled' });
    });

    it('refuses to cancel a trip in progress, with the reason, before it touches the booking', async () => {
      const rec = await record({ live: true, pickupInMs: 10 * MINUTE });
      const handle = await start(rec);
      await progress(handle, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' });
      await progress(handle, { kind: 'on_the_way', eta_minutes: 5, actor: 'driver' });
      await progress(handle, { kind: 'arrived', actor: 'driver' });
      await progress(handle, { kind: 'on_board', actor: 'driver' });
      const refused = await handle
        .executeUpdate(cancelBooking, { args: [{ reason_code: 'passenger_request', actor: 'partner' }] })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
      expect(refused.cause.message).toBe('a booking that is on_board cannot become cancelled');
      expect((await handle.query(getBookingState)).status).toBe('on_board');
      expect((await events(rec.id)).map((e) => e.type)).toEqual([
        'booking.created',
        'driver.assigned',
        'driver.on_the_way',
        'driver.arrived',
        'trip.started',
      ]);
    });
  });

  describe('reschedule', () => {
    const reschedule = (handle: Awaited<ReturnType<typeof start>>, pickupAt: number, actor: 'partner' | 'integrator' = 'partner') =>
      handle.executeUpdate(rescheduleBooking, { args: [{ pickup_at: new Date(pickupAt).toISOString(), actor, cause: 'customer' }] });

    it('moves the pickup inside the free window: read model, search attribute, dispatch moment and booking.rescheduled follow', async () => {
      const rec = await record({ live: true, pickupInMs: 48 * HOUR });
      const handle = await start(rec);
      const to = Date.parse(rec.pickupAt) + 24 * HOUR;
      const answer = await reschedule(handle, to);
      expect(answer.pickupAt).toBe(new Date(to).toISOString());
      expect(Date.parse(answer.freeUntil)).toBe(to - 60 * MINUTE);
      const row = await readModel(rec.id);
      expect(row.pickupAt.toISOString()).toBe(answer.pickupAt);
      expect(row.freeUntil.toISOString()).toBe(answer.freeUntil);
      expect(row.lastReschedule).toMatchObject({ previous_pickup_at: rec.pickupAt, pickup_at: answer.pickupAt, cause: 'customer' });
      const state = await handle.query(getBookingState);
      expect(Date.parse(state.dispatchAt)).toBe(to - DISPATCH_LEAD_MINUTES * MINUTE);
      expect((await handle.describe()).searchAttributes.PickupAt).toEqual([new Date(to)]);
      const evts = await events(rec.id);
      expect(evts.map((e) => e.type)).toEqual(['booking.created', 'booking.rescheduled']);
      expect(evts[1].body).toMatchObject({ previous_pickup_at: rec.pickupAt, pickup_at: answer.pickupAt, cause: 'customer' });
      // Dispatch now waits for the new time: the old dispatch moment passes quietly.
      await env.sleep(48 * HOUR - DISPATCH_LEAD_MINUTES * MINUTE + MINUTE);
      expect((await handle.query(getBookingState)).dispatching).toBe(false);
      await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'passenger_request', actor: 'partner' }] });
    });

    it('refuses the customer once the free window has ended, and once the chauffeur is on the way; nothing changes', async () => {
      const rec = await record({ live: true, pickupInMs: 3 * HOUR });
      const handle = await start(rec);
      await env.sleep(Date.parse(rec.freeUntil) - Date.parse(rec.createdAt) + 1000);
      const late = await reschedule(handle, Date.parse(rec.pickupAt) + HOUR).catch((e) => e);
      expect(late).toBeInstanceOf(WorkflowUpdateFailedError);
      expect(late.cause.message).toMatch(/^the free-cancellation window ended at /);

      const soon = await record({ live: true, pickupInMs: 30 * HOUR });
      const moving = await start(soon);
      await progress(moving, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' });
      await progress(moving, { kind: 'on_the_way', eta_minutes: 5, actor: 'driver' });
      const underWay = await reschedule(moving, Date.parse(soon.pickupAt) + HOUR).catch((e) => e);
      expect(underWay.cause.message).toBe('the chauffeur is already on the way');
      expect((await readModel(soon.id)).pickupAt.toISOString()).toBe(soon.pickupAt);
      for (const h of [handle, moving])
        await h.executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'ops' }] }).catch(() => undefined);
    });

    it('hands back an allocated chauffeur who has not set off, and re-prices a pickup moved into the night', async () => {
      // A daytime pickup (noon UTC, a day and more ahead on the test server's clock), so the move into the night is
      // what adds the surcharge, whatever time it is.
      const now = await env.currentTimeMs();
      const noon = new Date(now + 30 * HOUR);
      noon.setUTCHours(12, 0, 0, 0);
      if (noon.getTime() < now + 30 * HOUR) noon.setUTCDate(noon.getUTCDate() + 1);
      const rec = await record({ live: true, pickupInMs: noon.getTime() - now });
      const handle = await start(rec);
      await progress(handle, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' });
      const day = new Date(rec.pickupAt);
      const night = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 2, 23, 30);
      const answer = await reschedule(handle, night);
      expect(answer.status).toBe('confirmed');
      expect(answer.fare.total).toBeGreaterThan(rec.fare.total);
      const row = await readModel(rec.id);
      expect(row).toMatchObject({ status: 'confirmed', driver: null, vehicle: null, fareTotalMinor: answer.fare.total });
      expect(row.lateCancellationFeeMinor).toBe(Math.round(answer.fare.total / 2));
      const types = (await events(rec.id)).map((e) => e.type);
      expect(types).toEqual(['booking.created', 'driver.assigned', 'booking.rescheduled']);
      await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'ops' }] });
    });
  });

  describe('flight watch (simulated provider)', () => {
    const PICKUP_IN = 6 * HOUR;
    async function watched(flightNumber: string) {
      const rec = await record({ live: true, pickupInMs: PICKUP_IN, flight: true });
      rec.pickup = { ...rec.pickup, flight_number: flightNumber };
      const handle = await start(rec);
      // The first look is three hours before the booked arrival; one more minute lets it land in the read model.
      await env.sleep(PICKUP_IN - 3 * HOUR + MINUTE);
      return { rec, handle };
    }
    const minutes = (iso: string | Date, from: string) => (Date.parse(new Date(iso).toISOString()) - Date.parse(from)) / MINUTE;

    it.each([
      ['XX0045', 'lands 45 minutes late: the pickup moves 45 minutes later', 45, 'delayed'],
      ['XX9015', 'lands 15 minutes early: the pickup moves 15 minutes earlier', -15, 'scheduled'],
      ['XX0240', 'lands 4 hours late: the pickup moves by the 3-hour bound', 180, 'delayed'],
      ['AF1234', 'is on time: the pickup stays', 0, 'scheduled'],
    ] as const)('%s %s', async (flightNumber, _what, shift, status) => {
      const { rec, handle } = await watched(flightNumber);
      const row = await readModel(rec.id);
      expect(minutes(row.pickupAt, rec.pickupAt)).toBe(shift);
      expect(row.flightWatch).toMatchObject({ flight_number: flightNumber, scheduled_arrival: rec.pickupAt, status });
      const types = (await events(rec.id)).map((e) => e.type);
      if (shift === 0) expect(types).toEqual(['booking.created']);
      else {
        expect(types).toEqual(['booking.created', 'booking.rescheduled']);
        expect(row.lastReschedule).toMatchObject({ previous_pickup_at: rec.pickupAt, cause: 'flight_watch' });
        const state = await handle.query(getBookingState);
        expect(minutes(state.dispatchAt, rec.pickupAt)).toBe(shift - DISPATCH_LEAD_MINUTES);
      }
      await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'ops' }] });
    });

    it('watches every 15 minutes until the flight lands, then stops', async () => {
      const { rec, handle } = await watched('XX0045');
      // Looks at about +45 and +60 minutes from the booked arrival: one of them sees it landed.
      await env.sleep(4 * HOUR);
      const row = await readModel(rec.id);
      expect(row.flightWatch).toMatchObject({ status: 'landed' });
      const landedCheck = (row.flightWatch as { checked_at: string }).checked_at;
      expect(minutes(landedCheck, rec.pickupAt)).toBeGreaterThanOrEqual(45);
      expect(minutes(landedCheck, rec.pickupAt)).toBeLessThanOrEqual(61);
      await env.sleep(HOUR);
      expect(((await readModel(rec.id)).flightWatch as { checked_at: string }).checked_at).toBe(landedCheck);
      await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'ops' }] }).catch(() => undefined);
    });

    it.each([
      ['XX8001', 'cancelled'],
      ['XX7001', 'diverted'],
    ] as const)('%s is %s: the booking stays, and cancelling it costs nothing even after the free window', async (flightNumber, status) => {
      const { rec, handle } = await watched(flightNumber);
      const row = await readModel(rec.id);
      expect(row).toMatchObject({ status: 'confirmed', lateCancellationFeeMinor: 0, flightWatch: { status } });
      expect(row.pickupAt.toISOString()).toBe(rec.pickupAt);
      expect(row.freeUntil.toISOString()).toBe(rec.pickupAt);
      // Past the booking's original free window (an hour before pickup), cancelling is still free.
      await env.sleep(2 * HOUR + 30 * MINUTE);
      expect(Date.parse(new Date(await env.currentTimeMs()).toISOString())).toBeGreaterThan(Date.parse(rec.freeUntil));
      const answer = await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'flight_cancelled', actor: 'partner' }] });
      expect(answer.cancellation).toMatchObject({ fee_minor: 0, charged: false });
    });
  });

  describe('creation', () => {
    it('takes over a row the API already inserted, and records booking.created once', async () => {
      const rec = await record({ live: true, pickupInMs: 48 * HOUR });
      // The API inserts the read-model row itself, then starts the workflow without waiting for it.
      await createBookingActivities({ orm: db.orm }).saveBooking(rec);
      await db.orm.em.fork().nativeUpdate(BookingSchema, { id: rec.id }, { externalId: 'WRITTEN-BY-API' });
      const handle = await start(rec);
      let state = await handle.query(getBookingState);
      for (let i = 0; i < 50 && state.sequence === 0; i++) state = await handle.query(getBookingState);
      expect(state).toMatchObject({ status: 'confirmed', sequence: 1 });
      expect(await db.orm.em.fork().count(BookingSchema, { id: rec.id })).toBe(1);
      expect((await readModel(rec.id)).externalId).toBe('WRITTEN-BY-API'); // not overwritten
      const evts = await events(rec.id);
      expect(evts.map((e) => e.type)).toEqual(['booking.created']);
      expect(evts[0].body.booking).toMatchObject({ id: rec.id, status: 'confirmed' });
    });
  });

  describe('dispatch moment', () => {
    it(`starts dispatch ${DISPATCH_LEAD_MINUTES} minutes before pickup, and ends a live ride without a driver ${DRIVER_SEARCH_GRACE_MINUTES} minutes after it, free`, async () => {
      const rec = await record({ live: true, pickupInMs: 48 * HOUR });
      const handle = await start(rec);
      const dispatchAt = Date.parse(rec.pickupAt) - DISPATCH_LEAD_MINUTES * MINUTE;
      expect((await handle.query(getBookingState)).dispatchAt).toBe(new Date(dispatchAt).toISOString());

      await env.sleep(dispatchAt - (await env.currentTimeMs()) - 1000);
      expect(await handle.query(getBookingState)).toMatchObject({ status: 'confirmed', dispatching: false });
      await env.sleep(2000);
      expect(await handle.query(getBookingState)).toMatchObject({ status: 'confirmed', dispatching: true });

      const final = await handle.result();
      expect(final.status).toBe('no_driver_available');
      expectAtAbout(final.ride.endedAt!, Date.parse(rec.pickupAt) + DRIVER_SEARCH_GRACE_MINUTES * MINUTE);
      const evts = await events(rec.id);
      expect(evts.map((e) => e.type)).toEqual(['booking.created', 'trip.cancelled']);
      expect(evts[1].body).toMatchObject({
        status: 'no_driver_available',
        reason_code: 'no_driver_available',
        cancelled_by: 'system',
        fee: { amount: 0 },
        charged: false,
      });
    });

    it('dispatches at once a ride booked inside the lead time', async () => {
      const rec = await record({ live: true, pickupInMs: 10 * MINUTE });
      const handle = await start(rec);
      // The query may land before the workflow's first task has run its opening writes: ask until dispatch shows.
      let state = await handle.query(getBookingState);
      for (let i = 0; i < 50 && !state.dispatching; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = await handle.query(getBookingState);
      }
      expect(state.dispatching).toBe(true);
      expect((await handle.describe()).memo).toEqual({ externalId: rec.externalId, status: 'confirmed' });
      expectAtAbout(state.dispatchAt, Date.parse(rec.createdAt));
      expect(Date.parse(state.dispatchAt)).toBeGreaterThan(Date.parse(rec.pickupAt) - DISPATCH_LEAD_MINUTES * MINUTE);
    });

    it('lets only the right actor cause each change', async () => {
      const rec = await record({ live: true, pickupInMs: 10 * MINUTE });
      const handle = await start(rec);
      const refusal = (input: ReportRideProgressInput) =>
        progress(handle, input).then(
          () => null,
          (e: WorkflowUpdateFailedError) => (e.cause as Error).message,
        );
      expect(await refusal({ kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'partner' })).toBe(
        'only dispatch, ops may make a confirmed booking assigned, not partner',
      );
      expect(await refusal({ kind: 'arrived', actor: 'driver' })).toBe('a booking that is confirmed cannot become arrived');
      expect(await refusal({ kind: 'on_the_way', eta_minutes: -1, actor: 'driver' })).toBe(
        'a booking that is confirmed cannot become on_the_way',
      );
      await progress(handle, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, unit_id: 'unit_1', actor: 'dispatch' });
      expect(await refusal({ kind: 'on_the_way', eta_minutes: 2.5, actor: 'driver' })).toBe('eta_minutes must be a whole number ≥ 0');
      const driverCancel = await handle
        .executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'driver' as never }] })
        .catch((e: WorkflowUpdateFailedError) => (e.cause as Error).message);
      expect(driverCancel).toBe('cancelBooking is for partner, integrator or ops, not driver; a driver reports driver_cancelled');
      expect((await handle.describe()).memo).toMatchObject({ status: 'assigned', externalId: rec.externalId });
      expect((await events(rec.id)).map((e) => e.type)).toEqual(['booking.created', 'driver.assigned']);
      const row = await readModel(rec.id);
      expect(row).toMatchObject({ status: 'assigned', driver: DRIVER, vehicle: VEHICLE, unitId: 'unit_1' });
    });
  });

  describe('no-show wait', () => {
    it(`ends a ride ${NO_SHOW_WAIT_MINUTES} minutes after pickup time when the passenger never boards, charging the fare`, async () => {
      const rec = await record({ live: true, pickupInMs: 10 * MINUTE });
      const handle = await start(rec);
      await progress(handle, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' });
      await progress(handle, { kind: 'on_the_way', eta_minutes: 4, actor: 'driver' });
      await progress(handle, { kind: 'arrived', actor: 'driver' }); // early: the wait counts from pickup time
      const noShowAt = Date.parse(rec.pickupAt) + NO_SHOW_WAIT_MINUTES * MINUTE;

      const early = await progress(handle, { kind: 'no_show', actor: 'driver' }).catch((e) => e);
      expect(early).toBeInstanceOf(WorkflowUpdateFailedError);
      expect(early.cause.message).toBe(`the passenger's wait runs until ${new Date(noShowAt).toISOString()}`);

      await env.sleep(noShowAt - (await env.currentTimeMs()) - 1000);
      expect((await handle.query(getBookingState)).status).toBe('arrived');
      await env.sleep(2000);
      expect((await handle.query(getBookingState)).status).toBe('no_show');

      const final = await handle.result();
      expect(final.cancellation).toMatchObject({
        reason_code: 'passenger_no_show',
        cancelled_by: 'system',
        fee_minor: rec.fare.total,
        charged: true,
      });
      expectAtAbout(final.cancellation!.cancelled_at, noShowAt);
      expect((await events(rec.id)).map((e) => e.type)).toEqual([
        'booking.created',
        'driver.assigned',
        'driver.on_the_way',
        'driver.arrived',
        'trip.cancelled',
      ]);
    });
  });

  describe('sandbox scenarios (40 s sandbox clock, gps.update at most every 5 s)', () => {
    const ARRIVAL = ['booking.created', 'driver.assigned', 'driver.on_the_way', 'gps.update', 'gps.update', 'driver.arrived'];
    const TRIP = ['trip.started', 'gps.update', 'gps.update', 'gps.update', 'trip.completed'];
    it.each([
      ['happy_path', 'completed', [...ARRIVAL, ...TRIP]],
      ['passenger_no_show', 'no_show', [...ARRIVAL, 'trip.cancelled']],
      ['no_driver_available', 'no_driver_available', ['booking.created', 'trip.cancelled']],
      [
        'driver_late',
        'completed',
        [
          'booking.created',
          'driver.assigned',
          'driver.on_the_way',
          'gps.update',
          'driver.on_the_way',
          'gps.update',
          'driver.arrived',
          ...TRIP,
        ],
      ],
      ['driver_cancels', 'cancelled', ['booking.created', 'driver.assigned', 'driver.on_the_way', 'gps.update', 'trip.cancelled']],
    ] as const)('%s ends %s with exactly its events', async (scenario, status, expected) => {
      const rec = await record({ live: false, pickupInMs: 30 * 24 * HOUR, scenario });
      const handle = await start(rec);
      const final = await handle.result();
      expect(final.status).toBe(status);
      const evts = await events(rec.id);
      expect(evts.map((e) => e.type)).toEqual(expected);
      expect(evts.map((e) => e.sequence)).toEqual(expected.map((_, i) => i + 1));
      for (const e of evts) {
        expect(e.body).toMatchObject({ event: e.type, booking_id: rec.id, external_id: rec.externalId, sequence: e.sequence });
        expect(e.body.event_id).toMatch(/^evt_/);
      }
      const { startTime, closeTime } = await handle.describe();
      expect(closeTime!.getTime() - startTime.getTime()).toBeLessThanOrEqual(SETTINGS.sandboxRideMs);
      expect((await readModel(rec.id)).status).toBe(status);

      const cancelled = evts.find((e) => e.type === 'trip.cancelled')?.body;
      if (scenario === 'no_driver_available' || scenario === 'driver_cancels') {
        expect(cancelled).toMatchObject({ fee: { amount: 0 }, charged: false });
      }
      if (scenario === 'passenger_no_show') {
        expect(cancelled).toMatchObject({ reason_code: 'passenger_no_show', fee: { amount: rec.fare.total / 100 }, charged: true });
      }
    });

    it('happy path: the events carry the driver, the ETA, the positions and the trip with its fare', async () => {
      const rec = await record({ live: false, pickupInMs: 7 * 24 * HOUR });
      const handle = await start(rec);
      await handle.result();
      const all = await events(rec.id);
      const byType = (t: string) => all.filter((e) => e.type === t).map((e) => e.body);
      const [assigned] = byType('driver.assigned');
      expect(Object.keys(assigned.driver).sort()).toEqual(['licence_no', 'name', 'phone', 'photo_url', 'rating']);
      expect(Object.keys(assigned.vehicle).sort()).toEqual(['color', 'make', 'model', 'plate', 'year']);
      expect(assigned.vehicle).toMatchObject({ make: 'Mercedes-Benz', model: 'E-Class' });
      expect(Date.parse(assigned.assigned_at)).toBeGreaterThan(0);
      expect(byType('driver.on_the_way')[0].eta_minutes).toBe(8);
      const etas = byType('gps.update')
        .filter((g) => g.status === 'on_the_way')
        .map((g) => g.eta_minutes);
      expect(etas).toEqual([7, 2]); // falling
      const [completed] = byType('trip.completed');
      expect(completed).toMatchObject({
        distance_km: rec.fare.distance_km,
        duration_min: rec.fare.duration_min,
        fare: { total: rec.fare.total / 100, commission: rec.fare.commission / 100, currency: 'EUR' },
      });
      // Sandbox rides get their receipt too.
      expect(completed.receipt_url).toBe(receiptUrl(LINKS.publicBaseUrl, LINKS.encryptionKey, rec));
      expect(Date.parse(completed.completed_at)).toBeGreaterThan(Date.parse(completed.started_at));

      const row = await readModel(rec.id);
      expect(row.status).toBe('completed');
      expect(row.driver).toEqual(assigned.driver);
      const lastGps = byType('gps.update').at(-1);
      expect([row.positionLat, row.positionLng]).not.toEqual([null, null]);
      expect(row.positionAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(lastGps.recorded_at));
      expect(row.trip).toMatchObject({ distance_km: rec.fare.distance_km, fare: { total: rec.fare.total } });
      for (const column of ['assignedAt', 'onTheWayAt', 'arrivedAt', 'startedAt', 'completedAt', 'endedAt'] as const)
        expect(row[column]).toBeInstanceOf(Date);
    });
  });

  describe('GPS', () => {
    it('sends at most one gps.update per interval with the latest position, and continues as new before history grows unbounded', async () => {
      const rec = await record({ live: true, pickupInMs: 10 * MINUTE });
      const handle = await start(rec, SMALL_HISTORY_QUEUE);
      await progress(handle, { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' });
      await progress(handle, { kind: 'on_the_way', eta_minutes: 9, actor: 'driver' });

      // A burst inside one interval: one gps.update (the first position); the read model keeps the latest.
      for (let i = 1; i <= 20; i++) await handle.signal(reportPosition, { lat: 48 + i / 1000, lng: 2.3, eta_minutes: 9 });
      await env.sleep(1000);
      let state = await handle.query(getBookingState);
      expect(state.ride.position).toMatchObject({ lat: 48.02, lng: 2.3 });
      const gpsCount = async () => (await events(rec.id)).filter((e) => e.type === 'gps.update').length;
      // The event is written by an activity after the Signal: read until it is there, then check there is one only.
      const gpsCountReaching = (n: number) => eventually(gpsCount, (count) => count >= n, `${n} gps.update events recorded`);
      const positionWritten = (lat: number) =>
        eventually(
          () => readModel(rec.id),
          (row) => row.positionLat === lat,
          `position ${lat} in the read model`,
        );
      expect(await gpsCountReaching(1)).toBe(1);
      await positionWritten(48.02);

      // One position per interval from then on: each sends one, until the history bound makes the run continue as new.
      // Each Signal is taken (its position written) before the next sleep: a Signal still waiting for its workflow task
      // when the test server skips ahead would be stamped after the skip, less than an interval before the next one, and
      // rightly coalesced.
      const firstRun = handle.firstExecutionRunId;
      let positions = 0;
      while ((await handle.describe()).runId === firstRun && positions < 200) {
        await env.sleep(SETTINGS.gpsIntervalMs);
        positions++;
        const lat = 49 + positions / 1000;
        await handle.signal(reportPosition, { lat, lng: 2.4, eta_minutes: 5 });
        await positionWritten(lat);
      }
      await env.sleep(1000);
      const description = await handle.describe();
      expect(description.runId).not.toBe(firstRun);
      expect(positions).toBeLessThan(200);
      state = await handle.query(getBookingState);
      expect(state.run).toBeGreaterThanOrEqual(2);
      expect(state.status).toBe('on_the_way');
      expect(description.typedSearchAttributes.get(BookingStatusKey)).toBe('on_the_way');
      expect(await gpsCountReaching(1 + positions)).toBe(1 + positions);

      // The new run goes on where the old one stopped: the ride completes, the event sequence has no gap.
      await progress(handle, { kind: 'arrived', actor: 'driver' });
      await progress(handle, { kind: 'on_board', actor: 'driver' });
      await progress(handle, { kind: 'completed', distance_km: 12.5, duration_min: 31, actor: 'driver' });
      expect((await handle.result()).status).toBe('completed');
      const evts = await events(rec.id);
      expect(evts.map((e) => e.sequence)).toEqual(evts.map((_, i) => i + 1));
      expect(evts.at(-1)).toMatchObject({ type: 'trip.completed', body: { distance_km: 12.5, duration_min: 31 } });
    });
  });
});
