import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { BookingSchema, FleetUnitSchema, HubEventSchema } from '../../db/entities';
import { ALLOCATION_ACCEPT_SECONDS, ALLOCATION_RETRY_SECONDS } from '../../domain/allocation';
import { DRIVER_SEARCH_GRACE_MINUTES } from '../../domain/booking-lifecycle';
import {
  BOOKINGS_TASK_QUEUE,
  bookingWorkflowId,
  cancelBooking,
  getBookingState,
  reportPosition,
  reportRideProgress,
  type BookingRecord,
  type BookingState,
  type ReportRideProgressInput,
} from '../../contracts/booking';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { setDocumentExpiry } from '../../app/fleet';
import { createTestUnit, dateIn, VALID_DOCUMENTS } from '../support/fleet';
import { createTestWorkers } from '../support/hub';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';

const MINUTE = 60_000;
/** The pickup of bookingBody(): Paris CDG. Units are placed north of it, `km` away (1° of latitude ≈ 111 km). */
const CDG = { lat: 49.0097, lng: 2.5479 };
const near = (km: number) => ({ lat: CDG.lat + km / 111.2, lng: CDG.lng });

describe('live dispatch on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let workers: ReturnType<typeof runWorkers> | undefined;
  let partnerId: string;

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    workers = runWorkers(await createTestWorkers(env, db));
    partnerId = (await createTestPartner(db.orm)).partnerId;
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** A live booking of `vehicleClass` (each test its own class, so units of other tests never interfere). */
  async function startBooking(vehicleClass: string, pickupInMs = 10 * MINUTE) {
    const now = new Date(await env.currentTimeMs());
    const parsed = CreateBookingRequest.parse(bookingBody({ vehicle_class: vehicleClass }));
    const pickup = { ...parsed.pickup, datetime: new Date(now.getTime() + pickupInMs).toISOString() };
    delete pickup.flight_number;
    const rec: BookingRecord = { ...newBookingRecord({ ...parsed, pickup }, { partnerId, livemode: true }, now), sandboxScenario: null };
    const handle = await env.client.workflow.start('bookingWorkflow', {
      workflowId: bookingWorkflowId(rec.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [rec],
    });
    return { rec, handle };
  }
  type Handle = Awaited<ReturnType<typeof startBooking>>['handle'];

  /** Polls the workflow's state (real time stands still on the test server meanwhile) until `ok` holds. */
  async function until(handle: Handle, ok: (s: BookingState) => boolean): Promise<BookingState> {
    for (let i = 0; i < 400; i++) {
      const state = await handle.query(getBookingState);
      if (ok(state)) return state;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`state never matched: ${JSON.stringify(await handle.query(getBookingState))}`);
  }
  const allocatedTo = (handle: Handle, unitId: string) =>
    until(handle, (s) => s.status === 'assigned' && s.allocation.pending?.unitId === unitId);
  const progress = (handle: Handle, input: ReportRideProgressInput) => handle.executeUpdate(reportRideProgress, { args: [input] });
  const refusal = (handle: Handle, input: ReportRideProgressInput) =>
    progress(handle, input).then(
      () => null,
      (e: WorkflowUpdateFailedError) => (e.cause as Error).message,
    );
  const unit = (id: string) => db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });
  const row = (id: string) => db.orm.em.fork().findOneOrFail(BookingSchema, { id });
  const eventTypes = async (bookingId: string) =>
    (await db.orm.em.fork().find(HubEventSchema, { bookingId }, { orderBy: { sequence: 'asc' } })).map((e) => e.type);

  it('allocates the nearest compliant available unit first; no answer and a decline move to the next', async () => {
    const cls = 'executive';
    const lapsed = await createTestUnit(db.orm, {
      vehicleClass: cls,
      state: 'available',
      position: near(0.2),
      documents: { ...VALID_DOCUMENTS, insurance: dateIn(-1) },
    });
    const offline = await createTestUnit(db.orm, { vehicleClass: cls, state: 'offline', position: near(0.3) });
    const otherClass = await createTestUnit(db.orm, { vehicleClass: 'luxury', state: 'available', position: near(0.1) });
    const far = await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(9) });
    const nearest = await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(1) });
    const middle = await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(4) });

    const { rec, handle } = await startBooking(cls);
    const first = await allocatedTo(handle, nearest.id);
    expect(first.ride).toMatchObject({ unitId: nearest.id, vehicle: { plate: nearest.plate } });
    expect(await row(rec.id)).toMatchObject({ status: 'assigned', unitId: nearest.id, acceptedAt: null });
    expect(await unit(nearest.id)).toMatchObject({ dispatchState: 'assigned', bookingId: rec.id });
    // Before accepting, the driver cannot set off.
    expect(await refusal(handle, { kind: 'on_the_way', eta_minutes: 5, actor: 'driver' })).toBe('accept the allocation first');

    // No answer within the limit: the unit goes offline and is never tried again for this ride.
    await env.sleep(ALLOCATION_ACCEPT_SECONDS * 1000 + 1000);
    await allocatedTo(handle, middle.id);
    expect(await unit(nearest.id)).toMatchObject({ dispatchState: 'offline', bookingId: null });
    expect(await refusal(handle, { kind: 'accepted', unit_id: nearest.id, actor: 'driver' })).toMatch(/no allocation of this unit awaits/);

    // A decline: the unit stays available (for other rides) and the next nearest gets this one.
    await progress(handle, { kind: 'declined', unit_id: middle.id, actor: 'driver' });
    await allocatedTo(handle, far.id);
    expect(await unit(middle.id)).toMatchObject({ dispatchState: 'available', bookingId: null });
    const state = await handle.query(getBookingState);
    expect(state.allocation.excluded).toEqual([nearest.id, middle.id]);

    // The lapsed, offline and other-class units were never touched.
    for (const u of [lapsed, offline, otherClass]) expect(await unit(u.id)).toMatchObject({ bookingId: null });

    await progress(handle, { kind: 'accepted', unit_id: far.id, actor: 'driver' });
    expect(await refusal(handle, { kind: 'accepted', unit_id: far.id, actor: 'driver' })).toBe('the allocation is already accepted');
    // The read model dates the acceptance (the public single read's allocation.accepted_at).
    const accepted = await row(rec.id);
    expect(accepted.unitId).toBe(far.id);
    expect(accepted.acceptedAt).toBeInstanceOf(Date);
    expect(accepted.acceptedAt!.getTime()).toBeGreaterThanOrEqual(accepted.assignedAt!.getTime());
    // Accepted: no answer deadline any more.
    await env.sleep(ALLOCATION_ACCEPT_SECONDS * 1000 + 1000);
    expect(await handle.query(getBookingState)).toMatchObject({ status: 'assigned', ride: { unitId: far.id } });
    await progress(handle, { kind: 'on_the_way', eta_minutes: 7, actor: 'driver' });
    const onTheWay = await row(rec.id);
    // The ETA dated by its report: expected at the pickup 7 minutes after it.
    expect(onTheWay.etaAt!.getTime() - onTheWay.onTheWayAt!.getTime()).toBe(7 * 60_000);
    await progress(handle, { kind: 'arrived', actor: 'driver' });
    const arrived = await row(rec.id);
    expect(arrived.etaAt).toEqual(arrived.arrivedAt);
    await progress(handle, { kind: 'on_board', actor: 'driver' });
    expect(await unit(far.id)).toMatchObject({ dispatchState: 'on_trip', bookingId: rec.id });
    await progress(handle, { kind: 'completed', distance_km: 31.4, duration_min: 44, actor: 'driver' });
    const final = await handle.result();
    expect(final.status).toBe('completed');

    expect(await unit(far.id)).toMatchObject({ dispatchState: 'available', bookingId: null });
    const done = await row(rec.id);
    expect(done).toMatchObject({ status: 'completed', unitId: far.id, vehicle: { plate: far.plate } });
    expect(done.endedAt).toBeInstanceOf(Date);
    // Each allocation told the partner its driver; the withdrawals changed the status back without an event.
    expect(await eventTypes(rec.id)).toEqual([
      'booking.created',
      'driver.assigned',
      'driver.assigned',
      'driver.assigned',
      'driver.on_the_way',
      'driver.arrived',
      'trip.started',
      'trip.completed',
    ]);
  });

  it(`ends no_driver_available, free, when nobody can take the ride until ${DRIVER_SEARCH_GRACE_MINUTES} minutes after pickup; a lapsed unit is never allocated`, async () => {
    const cls = 'van';
    const lapsed = await createTestUnit(db.orm, {
      vehicleClass: cls,
      state: 'available',
      position: near(0.5),
      documents: { ...VALID_DOCUMENTS, operator_permit: dateIn(-3) },
    });
    const { rec, handle } = await startBooking(cls);
    const final = await handle.result();
    expect(final.status).toBe('no_driver_available');
    expect(Date.parse(final.ride.endedAt!)).toBeGreaterThanOrEqual(Date.parse(rec.pickupAt) + DRIVER_SEARCH_GRACE_MINUTES * MINUTE);
    expect(final.allocation.excluded).toEqual([]);
    expect(await unit(lapsed.id)).toMatchObject({ dispatchState: 'available', bookingId: null });
    const done = await row(rec.id);
    expect(done).toMatchObject({ status: 'no_driver_available', unitId: null, cancellation: { fee_minor: 0, charged: false } });
    expect(done.endedAt).toBeInstanceOf(Date);
    expect(await eventTypes(rec.id)).toEqual(['booking.created', 'trip.cancelled']);
    // Bounded history: one allocation attempt per retry interval, not a busy loop.
    const history = await handle.fetchHistory();
    const searchMinutes = (Date.parse(rec.pickupAt) + DRIVER_SEARCH_GRACE_MINUTES * MINUTE - Date.parse(rec.createdAt)) / MINUTE;
    const timers = history.events!.filter((e) => e.timerStartedEventAttributes).length;
    expect(timers).toBeLessThanOrEqual(Math.ceil((searchMinutes * 60) / ALLOCATION_RETRY_SECONDS) + 3);
  });

  it('allocates a unit that comes online during the search, on the next retry; a cancellation frees it', async () => {
    const cls = 'minibus';
    const { rec, handle } = await startBooking(cls, 60 * MINUTE);
    await env.sleep(30 * MINUTE + 1000); // the dispatch moment: pickup minus the lead time
    await until(handle, (s) => s.dispatching);
    const late = await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(2) });
    await env.sleep(ALLOCATION_RETRY_SECONDS * 1000 + 1000);
    await allocatedTo(handle, late.id);
    await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'passenger_request', actor: 'partner' }] });
    expect((await handle.result()).status).toBe('cancelled');
    expect(await unit(late.id)).toMatchObject({ dispatchState: 'available', bookingId: null });
    expect((await row(rec.id)).endedAt).toBeInstanceOf(Date);
  });

  it('lets a unit whose compliance lapses during a ride finish it, and never allocates it again', async () => {
    const cls = 'standard';
    const unitOnRide = await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(1) });
    const first = await startBooking(cls);
    await allocatedTo(first.handle, unitOnRide.id);
    await progress(first.handle, { kind: 'accepted', unit_id: unitOnRide.id, actor: 'driver' });
    await progress(first.handle, { kind: 'on_the_way', eta_minutes: 3, actor: 'driver' });
    await progress(first.handle, { kind: 'arrived', actor: 'driver' });
    await progress(first.handle, { kind: 'on_board', actor: 'driver' });
    // The insurance lapses mid-ride (yesterday's date): the ride goes on to its end.
    await setDocumentExpiry(db.orm, unitOnRide.id, 'insurance', dateIn(-1));
    await progress(first.handle, { kind: 'completed', distance_km: 12, duration_min: 20, actor: 'driver' });
    expect((await first.handle.result()).status).toBe('completed');
    expect(await unit(unitOnRide.id)).toMatchObject({ dispatchState: 'available', bookingId: null });

    // The next ride of its class finds nobody: the lapsed unit, although available and nearest, is never allocated.
    const second = await startBooking(cls);
    const final = await second.handle.result();
    expect(final.status).toBe('no_driver_available');
    expect(await unit(unitOnRide.id)).toMatchObject({ bookingId: null });
    expect(await eventTypes(second.rec.id)).toEqual(['booking.created', 'trip.cancelled']);
  });

  it('turns recorded driver positions into at most one gps.update per interval, read from the read model, without writing them again', async () => {
    const cls = 'luxury';
    await createTestUnit(db.orm, { vehicleClass: cls, state: 'available', position: near(3) });
    const { rec, handle } = await startBooking(cls);
    // Whichever luxury unit is nearest (another test leaves one available).
    const allocated = await until(handle, (s) => s.status === 'assigned' && s.allocation.pending !== null);
    await progress(handle, { kind: 'accepted', unit_id: allocated.allocation.pending!.unitId, actor: 'driver' });
    await progress(handle, { kind: 'on_the_way', eta_minutes: 8, actor: 'driver' });
    const gpsEvents = async () =>
      (await db.orm.em.fork().find(HubEventSchema, { bookingId: rec.id, type: 'gps.update' }, { orderBy: { sequence: 'asc' } })).map(
        (e) => JSON.parse(e.body) as { lat: number; eta_minutes: number },
      );
    const readModelPosition = (lat: number, eta: number) =>
      db.orm.em
        .getConnection()
        .execute(`update bookings set position_lat = ?, position_lng = 2.5, position_at = now(), eta_minutes = ? where id = ?`, [
          lat,
          eta,
          rec.id,
        ]);

    // The driver app wrote the position (here: straight to the read model), then signals; a burst makes one event.
    await readModelPosition(49.05, 7);
    for (let i = 0; i < 5; i++) await handle.signal(reportPosition, { lat: 49.05, lng: 2.5, eta_minutes: 7, recorded: true });
    await until(handle, (s) => s.lastGpsAt !== null);
    await env.sleep(1000);
    expect(await gpsEvents()).toHaveLength(1);
    expect((await gpsEvents())[0]).toMatchObject({ lat: 49.05, eta_minutes: 7 });

    // A newer position lands meanwhile; a stale Signal after the interval sends the read model's latest, not its own.
    await readModelPosition(49.04, 6);
    await env.sleep(5000);
    await handle.signal(reportPosition, { lat: 49.05, lng: 2.5, eta_minutes: 7, recorded: true });
    for (let i = 0; i < 100 && (await gpsEvents()).length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    const events = await gpsEvents();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ lat: 49.04, eta_minutes: 6 });
    expect(await row(rec.id)).toMatchObject({ positionLat: 49.04, etaMinutes: 6 });
    await handle.executeUpdate(cancelBooking, { args: [{ reason_code: 'other', actor: 'ops' }] });
    await handle.result();
  });
});
