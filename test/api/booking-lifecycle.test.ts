import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { SANDBOX_SCENARIOS } from '../../domain/sandbox';
import { CANCELLATION_REASONS } from '../../domain/cancellation';
import { bookingWorkflowId, getBookingState, reportRideProgress, type ReportRideProgressInput } from '../../contracts/booking';
import { freshDatabase, type TestDatabase, sqlOn } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/** GET /v1/booking-status, GET /v1/bookings/:id with the ride, DELETE /v1/bookings/:id, and X-Sandbox-Scenario. */
describe('booking status, cancellation and sandbox scenarios through the API', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let partner: Awaited<ReturnType<typeof createTestPartner>>;
  let other: Awaited<ReturnType<typeof createTestPartner>>;
  const tokens: Record<'sandbox' | 'live' | 'otherSandbox' | 'readOnly', string> = {} as never;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    [partner, other] = await Promise.all([createTestPartner(db.orm, { name: 'Mine' }), createTestPartner(db.orm, { name: 'Other' })]);
    [tokens.sandbox, tokens.live, tokens.otherSandbox, tokens.readOnly] = await Promise.all([
      requestToken(hub.baseUrl, partner.sandbox),
      requestToken(hub.baseUrl, partner.live),
      requestToken(hub.baseUrl, other.sandbox),
      requestToken(hub.baseUrl, partner.sandbox, 'bookings.read'),
    ]);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);
  const bookingCount = async () => (await sql<{ n: number }>(`select count(*)::int as n from bookings`))[0].n;
  const row = async (id: string) => (await sql(`select * from bookings where id = ?`, [id]))[0];

  const create = (token: string, overrides: Parameters<typeof bookingBody>[0] = {}, headers: Record<string, string> = {}) =>
    postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody(overrides), headers);
  const pickupIn = (ms: number) => ({ ...bookingBody().pickup, datetime: new Date(Date.now() + ms).toISOString() });
  const del = async (id: string, token: string, query = '?reason_code=passenger_request') => {
    const response = await fetch(`${hub.baseUrl}/v1/bookings/${id}${query}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  };
  const status = (id: string, token: string) => getJson(`${hub.baseUrl}/v1/booking-status?id=${id}`, token);
  const drive = (id: string, ...steps: ReportRideProgressInput[]) =>
    steps.reduce(
      (p, step) => p.then(() => env.client.workflow.getHandle(bookingWorkflowId(id)).executeUpdate(reportRideProgress, { args: [step] })),
      Promise.resolve() as Promise<unknown>,
    );
  const DRIVER = { name: 'Live Driver', phone: '+33611111111', photo_url: 'https://example.com/d.jpg', licence_no: 'VTC-1', rating: 4.7 };
  const VEHICLE = { make: 'Skoda', model: 'Superb', year: 2024, color: 'blue', plate: 'AB-123-CD' };
  const TO_ON_BOARD: ReportRideProgressInput[] = [
    { kind: 'assigned', driver: DRIVER, vehicle: VEHICLE, actor: 'dispatch' },
    { kind: 'on_the_way', eta_minutes: 6, actor: 'driver' },
    { kind: 'arrived', actor: 'driver' },
    { kind: 'on_board', actor: 'driver' },
  ];

  describe('GET /v1/booking-status', () => {
    it("answers the document's fields from the read model, the driver and car once assigned", async () => {
      const created = await create(tokens.live, { pickup: pickupIn(20 * 60_000) });
      expect(created.status).toBe(201);
      const before = await status(created.json.id, tokens.live);
      expect(before.status).toBe(200);
      expect(before.json).toEqual({
        id: created.json.id,
        status: 'confirmed',
        eta_minutes: null,
        driver: null,
        vehicle: null,
        updated_at: expect.any(String),
      });

      await drive(created.json.id, TO_ON_BOARD[0], TO_ON_BOARD[1]);
      const after = await status(created.json.id, tokens.live);
      expect(after.json).toEqual({
        id: created.json.id,
        status: 'on_the_way',
        eta_minutes: 6,
        driver: { name: DRIVER.name, phone: DRIVER.phone, rating: DRIVER.rating },
        vehicle: { make: VEHICLE.make, model: VEHICLE.model, plate: VEHICLE.plate, lat: null, lng: null },
        updated_at: expect.any(String),
      });

      const whole = await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, tokens.live);
      expect(whole.json).toMatchObject({
        status: 'on_the_way',
        eta_minutes: 6,
        driver: DRIVER,
        vehicle: { ...VEHICLE, lat: null, lng: null },
        timeline: { assigned_at: expect.any(String), on_the_way_at: expect.any(String), arrived_at: null, ended_at: null },
        cancellation: null,
        trip: null,
      });
    });

    it("answers 404 for another partner's booking, the other environment's and an unknown id, alike", async () => {
      const mine = await create(tokens.sandbox);
      const answers = await Promise.all([
        status(mine.json.id, tokens.otherSandbox),
        status(mine.json.id, tokens.live),
        status('bkg_00000000000000000000000000', tokens.sandbox),
      ]);
      for (const a of answers)
        expect({ status: a.status, code: a.json.code, param: a.json.param }).toEqual({ status: 404, code: 'not_found', param: 'query.id' });
      expect((await status(mine.json.id, tokens.readOnly)).status).toBe(200);
    });

    it('validates the query and the credentials', async () => {
      const missing = await getJson(`${hub.baseUrl}/v1/booking-status`, tokens.sandbox);
      expect({ status: missing.status, code: missing.json.code, param: missing.json.param }).toEqual({
        status: 422,
        code: 'validation_failed',
        param: 'query.id',
      });
      const bad = await status('nope', tokens.sandbox);
      expect(bad.json.errors).toEqual([expect.objectContaining({ param: 'query.id', detail: 'expected a booking id (bkg_…)' })]);
      const extra = await getJson(`${hub.baseUrl}/v1/booking-status?id=bkg_00000000000000000000000000&x=1`, tokens.sandbox);
      expect(extra.json.errors).toEqual([expect.objectContaining({ param: 'query.x' })]);
      expect((await getJson(`${hub.baseUrl}/v1/booking-status?id=bkg_00000000000000000000000000`)).status).toBe(401);
      const writeOnly = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.write');
      const forbidden = await status('bkg_00000000000000000000000000', writeOnly);
      expect({ status: forbidden.status, code: forbidden.json.code }).toEqual({ status: 403, code: 'insufficient_scope' });
    });
  });

  describe('DELETE /v1/bookings/:id', () => {
    it('cancels free inside the window, writes the read model, and answers a repeat with the first answer', async () => {
      const created = await create(tokens.sandbox);
      const first = await del(created.json.id, tokens.sandbox);
      expect(first.status).toBe(200);
      expect(first.json).toEqual({
        id: created.json.id,
        external_id: created.json.external_id,
        status: 'cancelled',
        reason_code: 'passenger_request',
        cancelled_by: 'partner',
        cancelled_at: expect.any(String),
        cancellation_policy: created.json.cancellation_policy,
        fee: { amount: 0, currency: 'EUR' },
        charged: false,
      });
      expect(await row(created.json.id)).toMatchObject({ status: 'cancelled', cancellation: expect.objectContaining({ fee_minor: 0 }) });
      const again = await del(created.json.id, tokens.sandbox, '?reason_code=other');
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect((await status(created.json.id, tokens.sandbox)).json.status).toBe('cancelled');
      expect((await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, tokens.sandbox)).json.cancellation).toEqual({
        reason_code: 'passenger_request',
        cancelled_by: 'partner',
        cancelled_at: first.json.cancelled_at,
        fee: { amount: 0, currency: 'EUR' },
        charged: false,
      });
    });

    it('gives concurrent cancellations one answer and one trip.cancelled event', async () => {
      const created = await create(tokens.sandbox);
      const answers = await Promise.all([
        del(created.json.id, tokens.sandbox, '?reason_code=passenger_request'),
        del(created.json.id, tokens.sandbox, '?reason_code=duplicate_booking'),
        del(created.json.id, tokens.sandbox, '?reason_code=other'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1].json).toEqual(answers[0].json);
      expect(answers[2].json).toEqual(answers[0].json);
      const events = await sql<{ type: string }>(`select type from events where booking_id = ? order by sequence`, [created.json.id]);
      expect(events.map((e) => e.type)).toEqual(['booking.created', 'trip.cancelled']);
    });

    it("charges the policy's fee after the window", async () => {
      // Booked 30 minutes ahead: no free window at all.
      const created = await create(tokens.live, { pickup: pickupIn(30 * 60_000) });
      expect(Date.parse(created.json.cancellation_policy.free_until)).toBeLessThanOrEqual(Date.now());
      const answer = await del(created.json.id, tokens.live, '?reason_code=flight_cancelled');
      expect(answer.json).toMatchObject({
        status: 'cancelled',
        reason_code: 'flight_cancelled',
        fee: { amount: created.json.cancellation_policy.fee_after, currency: 'EUR' },
        charged: true,
      });
      expect(answer.json.fee.amount).toBeGreaterThan(0);
    });

    it('refuses a ride in progress and a finished one with 409 booking_not_cancellable', async () => {
      const created = await create(tokens.live, { pickup: pickupIn(20 * 60_000) });
      await drive(created.json.id, ...TO_ON_BOARD);
      const inProgress = await del(created.json.id, tokens.live);
      expect({ status: inProgress.status, code: inProgress.json.code }).toEqual({ status: 409, code: 'booking_not_cancellable' });
      expect(inProgress.json.detail).toBe('The booking cannot be cancelled: a booking that is on_board cannot become cancelled.');

      await drive(created.json.id, { kind: 'completed', distance_km: 20, duration_min: 35, actor: 'driver' });
      await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).result();
      const finished = await del(created.json.id, tokens.live);
      expect({ status: finished.status, code: finished.json.code, detail: finished.json.detail }).toEqual({
        status: 409,
        code: 'booking_not_cancellable',
        detail: 'The booking is already completed.',
      });
      const whole = await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, tokens.live);
      expect(whole.json).toMatchObject({ status: 'completed', cancellation: null, trip: { distance_km: 20, duration_min: 35 } });
    });

    it('refuses an unknown or missing reason with 422 naming the allowed values, and writes nothing', async () => {
      const created = await create(tokens.sandbox);
      for (const query of ['?reason_code=bored', '', '?reason_code=other&fee=0']) {
        const refused = await del(created.json.id, tokens.sandbox, query);
        expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 422, code: 'validation_failed' });
      }
      const unknown = await del(created.json.id, tokens.sandbox, '?reason_code=bored');
      expect(unknown.json.param).toBe('query.reason_code');
      expect(unknown.json.errors[0].detail).toBe(`expected one of: ${CANCELLATION_REASONS.join(', ')}`);
      expect(await row(created.json.id)).toMatchObject({ status: 'confirmed', cancellation: null });
      const state = await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).query(getBookingState);
      expect(state).toMatchObject({ status: 'confirmed', cancellation: null });
    });

    it("answers 404 for another partner's or environment's booking, 422 for a malformed id, 401 without a token, 403 without bookings.write", async () => {
      const mine = await create(tokens.sandbox);
      for (const token of [tokens.otherSandbox, tokens.live]) {
        const answer = await del(mine.json.id, token);
        expect({ status: answer.status, code: answer.json.code }).toEqual({ status: 404, code: 'not_found' });
      }
      const badId = await del('bkg_nope', tokens.sandbox);
      expect({ status: badId.status, code: badId.json.code, param: badId.json.param }).toEqual({
        status: 422,
        code: 'validation_failed',
        param: 'path.id',
      });
      const anonymous = await fetch(`${hub.baseUrl}/v1/bookings/${mine.json.id}?reason_code=other`, { method: 'DELETE' });
      expect(anonymous.status).toBe(401);
      const forbidden = await del(mine.json.id, tokens.readOnly);
      expect({ status: forbidden.status, code: forbidden.json.code }).toEqual({ status: 403, code: 'insufficient_scope' });
      expect(await row(mine.json.id)).toMatchObject({ status: 'confirmed' });
    });
  });

  describe('X-Sandbox-Scenario', () => {
    it('hands a known scenario to the sandbox ride', async () => {
      const created = await create(tokens.sandbox, {}, { 'X-Sandbox-Scenario': 'driver_cancels' });
      expect(created.status).toBe(201);
      const state = await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).query(getBookingState);
      expect(state.booking.sandboxScenario).toBe('driver_cancels');
      const plain = await create(tokens.sandbox);
      const plainState = await env.client.workflow.getHandle(bookingWorkflowId(plain.json.id)).query(getBookingState);
      expect(plainState.booking.sandboxScenario).toBe('happy_path');
    });

    it('refuses an unknown scenario, and any scenario from a live credential, with 422 and no booking', async () => {
      const before = await bookingCount();
      const unknown = await create(tokens.sandbox, {}, { 'X-Sandbox-Scenario': 'alien_abduction' });
      expect({ status: unknown.status, code: unknown.json.code, param: unknown.json.param }).toEqual({
        status: 422,
        code: 'validation_failed',
        param: 'x-sandbox-scenario',
      });
      for (const name of SANDBOX_SCENARIOS) expect(unknown.json.errors[0].detail).toContain(name);
      const live = await create(tokens.live, {}, { 'X-Sandbox-Scenario': 'happy_path' });
      expect({ status: live.status, code: live.json.code, param: live.json.param }).toEqual({
        status: 422,
        code: 'validation_failed',
        param: 'x-sandbox-scenario',
      });
      expect(live.json.detail).toMatch(/sandbox credentials only/);
      expect(await bookingCount()).toBe(before);
    });
  });
});
