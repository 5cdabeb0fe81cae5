import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { FleetUnitSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { drivingMinutes } from '../../domain/eta';
import { bookingWorkflowId } from '../../contracts/booking';
import { freshDatabase, type TestDatabase } from '../support/db';
import { eventually } from '../../stack/eventually';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { CDG, createTestUnit } from '../support/fleet';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

/**
 * A live booking driven end to end by its driver app on the dev server: allocation, accept, on the way (with a GPS
 * position), arrived, on board, completed; the partner's webhooks, booking-status and the receipt.
 */
describe('a live ride through the driver endpoints, end to end', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env, { env: { GPS_UPDATE_INTERVAL_SECONDS: '1', PUBLIC_BASE_URL: 'http://hub.test' } });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  const local = (url: string) => url.replace('http://hub.test', hub.baseUrl);
  const ride = (id: string, step: string) => `${hub.baseUrl}/driver/v1/rides/${id}/${step}`;

  /** The partner events of a booking as recorded (the exact webhook bodies), in sequence order. */
  const recordedEvents = async (bookingId: string) =>
    (
      (await db.orm.em.getConnection().execute(`select body from events where booking_id = ? order by sequence`, [bookingId])) as {
        body: string;
      }[]
    ).map((r) => JSON.parse(r.body));

  it('allocates the nearest unit, takes every driver report, sends the events, and ends with a receipt', async () => {
    const near = { lat: CDG.lat + 0.02, lng: CDG.lng };
    const unit = await createTestUnit(db.orm, { state: 'available', position: near, name: 'Camille Martin' });
    const fartherUnit = await createTestUnit(db.orm, { state: 'available', position: { lat: CDG.lat + 0.2, lng: CDG.lng } });
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.live);

    // The dispatch company's ERP reads the partner's booking (no integrator account of its own) through the public API.
    const operator = await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator');
    const { key: operatorKey } = await createApiKey(db.orm, TEST_SECRETS, {
      accountId: operator.accountId,
      environment: 'live',
      label: 'erp',
      scopes: ['bookings.read'],
    });
    const publicRead = async (ref: string) => (await getJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}`, operatorKey)).json;

    const pickupAt = new Date(Date.now() + 20 * 60_000).toISOString(); // inside the dispatch lead: dispatched at once
    const body = bookingBody({ external_id: 'LIVE-1' });
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, { ...body, pickup: { ...body.pickup, datetime: pickupAt } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;

    // Allocation: the nearest unit holds the ride and its driver sees it.
    const mine = await eventually(
      () => getJson(`${hub.baseUrl}/driver/v1/unit`, unit.credential),
      (r) => r.json.booking_id === id,
      'the nearest unit is allocated',
    );
    expect(mine.json.dispatch_state).toBe('assigned');
    const other = await getJson(`${hub.baseUrl}/driver/v1/unit`, fartherUnit.credential);
    expect(other.json).toMatchObject({ dispatch_state: 'available', booking_id: null, accept_by: null });

    // A unit that does not hold the ride: 404, as for a ride that does not exist. A step out of order: 409 with the reason.
    const notMine = await postJson(ride(id, 'arrived'), fartherUnit.credential, {});
    expect(notMine.status).toBe(404);
    expect(notMine.json.code).toBe('not_found');
    const early = await postJson(ride(id, 'on-the-way'), unit.credential, { eta_minutes: 9 });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ detail: 'The ride refused the report: accept the allocation first.' });
    const badAnswer = await postJson(ride(id, 'allocation'), unit.credential, { answer: 'maybe' });
    expect(badAnswer.status).toBe(422);

    // Allocated, the chauffeur's answer awaited: the public read shows the allocation, not yet accepted.
    const allocated = await publicRead(id);
    expect(allocated).toMatchObject({
      status: 'allocated',
      chauffeur: { name: 'Camille Martin', unit: unit.id },
      allocation: {
        unit: unit.id,
        chauffeur: { name: 'Camille Martin', phone: expect.any(String) },
        vehicle: { plate: unit.plate, make: expect.any(String), model: expect.any(String), color: expect.any(String) },
        allocated_at: expect.stringMatching(/Z$/),
        accepted_at: null,
        eta_at: null,
      },
    });

    // The driver app shows the answer's deadline: two minutes after the allocation.
    const answerBy = await eventually(
      () => getJson(`${hub.baseUrl}/driver/v1/unit`, unit.credential),
      (r) => r.json.accept_by !== null,
      'the ride awaits an answer',
    );
    expect(Date.parse(answerBy.json.accept_by) - Date.parse(allocated.allocation.allocated_at)).toBe(120_000);

    const beforeAccept = Date.now();
    const accepted = await postJson(ride(id, 'allocation'), unit.credential, { answer: 'accept' });
    expect(accepted.json).toEqual({ booking_id: id, status: 'assigned' });
    expect((await getJson(`${hub.baseUrl}/driver/v1/unit`, unit.credential)).json.accept_by).toBeNull();
    const acceptedAt = Date.parse((await publicRead(id)).allocation.accepted_at);
    expect(acceptedAt).toBeGreaterThanOrEqual(beforeAccept - 1000);
    expect(acceptedAt).toBeGreaterThanOrEqual(Date.parse(allocated.allocation.allocated_at));
    const onTheWay = await postJson(ride(id, 'on-the-way'), unit.credential, {});
    expect(onTheWay.json).toEqual({ booking_id: id, status: 'on_the_way' });

    // A GPS fix: booking-status shows it with the ETA, and a gps.update webhook carries it.
    const fix = { lat: CDG.lat + 0.01, lng: CDG.lng + 0.01 };
    const recordedAt = new Date();
    const position = await postJson(`${hub.baseUrl}/driver/v1/positions`, unit.credential, {
      ...fix,
      recorded_at: recordedAt.toISOString(),
    });
    // The expected arrival at the pickup: the fix's time plus its ETA.
    const enRoute = await publicRead(id);
    expect(enRoute).toMatchObject({ status: 'en_route', chauffeur: { name: 'Camille Martin', unit: unit.id } });
    expect(enRoute.allocation.eta_at).toBe(new Date(recordedAt.getTime() + drivingMinutes(fix, CDG) * 60_000).toISOString());
    expect(enRoute.allocation.accepted_at).toBe(new Date(acceptedAt).toISOString());
    expect(position.json).toMatchObject({ applied: true, booking_id: id, eta_minutes: drivingMinutes(fix, CDG) });
    const status = await getJson(`${hub.baseUrl}/v1/booking-status?id=${id}`, token);
    expect(status.json).toMatchObject({
      id,
      status: 'on_the_way',
      eta_minutes: drivingMinutes(fix, CDG),
      driver: { name: 'Camille Martin' },
      vehicle: { plate: unit.plate, lat: fix.lat, lng: fix.lng },
    });
    await eventually(
      () => recordedEvents(id),
      (events) => events.some((e) => e.event === 'gps.update' && e.lat === fix.lat && e.lng === fix.lng),
      'gps.update with the reported position',
    );

    expect((await postJson(ride(id, 'on-board'), unit.credential, {})).status).toBe(409); // not arrived yet
    expect((await postJson(ride(id, 'arrived'), unit.credential, {})).json.status).toBe('arrived');
    expect((await postJson(ride(id, 'on-board'), unit.credential, {})).json.status).toBe('on_board');
    expect((await publicRead(id)).allocation.eta_at).toBeNull(); // on board: the ETA is to the drop-off
    expect(await db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id: unit.id })).toMatchObject({ dispatchState: 'on_trip' });
    const trip = { distance_km: 30.6, duration_min: 41 };
    const done = await postJson(ride(id, 'completed'), unit.credential, trip, { 'Idempotency-Key': 'app-complete-1' });
    expect(done.json).toEqual({ booking_id: id, status: 'completed' });
    expect((await env.client.workflow.getHandle(bookingWorkflowId(id)).result()).status).toBe('completed');
    // The app never saw that answer and retries with its key: the first answer, not a refusal from a finished ride.
    const retried = await postJson(ride(id, 'completed'), unit.credential, trip, { 'Idempotency-Key': 'app-complete-1' });
    expect(retried).toMatchObject({ status: 200, json: { booking_id: id, status: 'completed' } });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const again = await postJson(ride(id, 'completed'), unit.credential, trip);
    expect(again.status).toBe(409);

    // The unit is free again; the booking keeps its chauffeur.
    const freed = await getJson(`${hub.baseUrl}/driver/v1/unit`, unit.credential);
    expect(freed.json).toMatchObject({ dispatch_state: 'available', booking_id: null });
    expect(await publicRead(id)).toMatchObject({ status: 'completed', chauffeur: { name: 'Camille Martin', unit: unit.id } });

    // Every event was recorded for the partner, in order. Live webhooks never go to a loopback address (SSRF guard,
    // docs/public-webhooks.md): the local receiver sees none, and the delivery log says why.
    const events = await eventually(
      () => recordedEvents(id),
      (list) => list.some((e) => e.event === 'trip.completed'),
      'trip.completed recorded',
    );
    const refused = await eventually(
      async () =>
        (await db.orm.em
          .getConnection()
          .execute(`select distinct error from webhook_deliveries d join events e on e.id = d.event_id where e.booking_id = ?`, [id])) as {
          error: string | null;
        }[],
      (rows) => rows.length > 0,
      'live deliveries attempted',
    );
    expect(refused.map((r) => r.error)).toEqual(['insecure_url']);
    expect(receiver.requests.filter((r) => r.body.includes(id))).toEqual([]);
    expect(events.filter((e) => e.event !== 'gps.update').map((e) => e.event)).toEqual([
      'booking.created',
      'driver.assigned',
      'driver.on_the_way',
      'driver.arrived',
      'trip.started',
      'trip.completed',
    ]);
    const byType = (t: string) => events.find((e) => e.event === t);
    expect(byType('booking.created').booking.tracking_url).toMatch(new RegExp(`^http://hub\\.test/track/${id}\\.`));
    expect(byType('driver.assigned')).toMatchObject({ driver: { name: 'Camille Martin' }, vehicle: { plate: unit.plate } });
    expect(byType('driver.on_the_way').eta_minutes).toBe(drivingMinutes(near, CDG));
    const completed = byType('trip.completed');
    expect(completed).toMatchObject({ status: 'completed', distance_km: 30.6, duration_min: 41, fare: { total: created.json.fare.total } });
    expect(completed.receipt_url).toMatch(new RegExp(`^http://hub\\.test/receipts/${id}\\.`));

    // The booking carries the same receipt, which is a PDF.
    const read = await getJson(`${hub.baseUrl}/v1/bookings/${id}`, token);
    expect(read.json).toMatchObject({ status: 'completed', receipt_url: completed.receipt_url, trip: { distance_km: 30.6 } });
    expect(read.json.timeline.ended_at).not.toBeNull();
    const pdf = await fetch(local(completed.receipt_url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('moves a declined ride to the next unit, and refuses bad or early reports with a clear problem', async () => {
    const first = await createTestUnit(db.orm, {
      vehicleClass: 'luxury',
      state: 'available',
      position: { lat: CDG.lat + 0.01, lng: CDG.lng },
    });
    const second = await createTestUnit(db.orm, {
      vehicleClass: 'luxury',
      state: 'available',
      position: { lat: CDG.lat + 0.05, lng: CDG.lng },
    });
    const partner = await createTestPartner(db.orm);
    const token = await requestToken(hub.baseUrl, partner.live);
    const body = bookingBody({ external_id: 'LIVE-2', vehicle_class: 'luxury' });
    const pickupAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, { ...body, pickup: { ...body.pickup, datetime: pickupAt } });
    const id = created.json.id as string;
    await eventually(
      () => getJson(`${hub.baseUrl}/driver/v1/unit`, first.credential),
      (r) => r.json.booking_id === id,
      'the nearest luxury unit is allocated',
    );

    const declined = await postJson(ride(id, 'allocation'), first.credential, { answer: 'decline' });
    expect(declined.json).toEqual({ booking_id: id, status: 'confirmed' });
    await eventually(
      () => getJson(`${hub.baseUrl}/driver/v1/unit`, second.credential),
      (r) => r.json.booking_id === id,
      'the next unit is allocated after the decline',
    );
    expect((await getJson(`${hub.baseUrl}/driver/v1/unit`, first.credential)).json).toMatchObject({
      dispatch_state: 'available',
      booking_id: null,
    });
    // The unit that declined no longer holds the ride: to it, the ride is now as unknown as any other unit's.
    expect((await postJson(ride(id, 'allocation'), first.credential, { answer: 'accept' })).status).toBe(404);

    expect((await postJson(ride('bkg_00000000000000000000000000', 'arrived'), second.credential, {})).status).toBe(404);
    const badId = await postJson(ride('nope', 'arrived'), second.credential, {});
    expect(badId.status).toBe(422);
    expect(badId.json.errors[0].param).toBe('path.id');
    const badTrip = await postJson(ride(id, 'completed'), second.credential, { distance_km: -1, duration_min: 4.5 });
    expect(badTrip.status).toBe(422);
    expect(badTrip.json.errors.map((e: { param: string }) => e.param).sort()).toEqual(['distance_km', 'duration_min']);

    await postJson(ride(id, 'allocation'), second.credential, { answer: 'accept' });
    await postJson(ride(id, 'on-the-way'), second.credential, { eta_minutes: 6 });
    await postJson(ride(id, 'arrived'), second.credential, {});
    const noShow = await postJson(ride(id, 'no-show'), second.credential, {});
    expect(noShow.status).toBe(409);
    expect(noShow.json.detail).toMatch(/^The ride refused the report: the passenger's wait runs until \d{4}-/);
    const status = await getJson(`${hub.baseUrl}/v1/booking-status?id=${id}`, token);
    expect(status.json).toMatchObject({ status: 'arrived', eta_minutes: 0 });
  });
});
