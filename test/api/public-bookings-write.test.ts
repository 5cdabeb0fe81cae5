import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import Stripe from 'stripe';
import { bookingWorkflowId } from '../../contracts/booking';
import { BookingSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { priceFare } from '../../domain/pricing';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { environmentOfTestOrLive } from '../../domain/environment';

const stripe = new Stripe('sk_test_unused');
const CDG = { lat: 49.0097, lng: 2.5479 };
const VENDOME = { lat: 48.8674, lng: 2.3294 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** POST /api/public/v1/quotes, POST /api/public/v1/bookings and POST …/{ref}/cancel on a real hub and Temporal. */
describe('Public Integration API: quote, book and cancel', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { env: { QUOTE_VALIDITY_SECONDS: '30' } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function account(name: string, kind: 'corporate' | 'operator' = 'corporate') {
    const { accountId } = await createIntegratorAccount(db.orm, name, kind);
    const key = async (environment: 'test' | 'live', scopes = ['bookings.read', 'bookings.write', 'webhooks.manage']) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: name, scopes })).key;
    return { accountId, test: await key('test'), live: await key('live'), readOnly: await key('test', ['bookings.read']) };
  }

  const quoteBody = (days = 3, overrides: Record<string, unknown> = {}) => ({
    pickup_lat: CDG.lat,
    pickup_lng: CDG.lng,
    dropoff_lat: VENDOME.lat,
    dropoff_lng: VENDOME.lng,
    pickup_place: { iata: 'CDG', terminal: '2E' },
    dropoff_address: '8 rue de la Paix, 75002 Paris',
    datetime: inDays(days),
    vehicle_class: 'executive',
    pax: 2,
    ...overrides,
  });
  const quote = (key: string, body: unknown = quoteBody()) => postJson(`${hub.baseUrl}/api/public/v1/quotes`, key, body);
  const book = (key: string, body: unknown, headers: Record<string, string> = { 'idempotency-key': randomUUID() }) =>
    postJson(`${hub.baseUrl}/api/public/v1/bookings`, key, body, headers);
  const bookingFor = (quoteId: string, extra: Record<string, unknown> = {}) => ({
    quote_id: quoteId,
    passenger: { name: 'Ada Lovelace', phone: '+33612345678' },
    ...extra,
  });
  const cancel = (key: string, ref: string, body: unknown = { reason: 'passenger_request' }) =>
    postJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}/cancel`, key, body);

  it('quotes with the partner pricing, no commission, total {net, tax, gross} and the policy the booking would get', async () => {
    const acme = await account('Acme');
    const body = quoteBody(3, { currency: 'GBP' });
    const reply = await quote(acme.live, body);
    expect(reply.status).toBe(201);
    const fare = priceFare({ pickup: CDG, dropoff: VENDOME, pickupAt: body.datetime, vehicleClass: 'executive', currency: 'GBP' });
    const major = (minor: number) => minor / 100;
    expect(reply.json).toMatchObject({
      livemode: true,
      vehicle_class: 'executive',
      pax: 2,
      total: { net: major(fare.total - fare.taxes), tax: major(fare.taxes), gross: major(fare.total), currency: 'GBP' },
      fare: { commission: 0, currency: 'GBP' },
    });
    expect(reply.json.quote_id).toMatch(/^qt_/);
    expect(reply.json).toMatchObject({ pickup_address: 'CDG airport, terminal 2E', dropoff_address: '8 rue de la Paix, 75002 Paris' });
    expect(Date.parse(reply.json.expires_at) - Date.parse(reply.json.created_at)).toBe(30_000);
    const fee = reply.json.cancellation_policy.fee_after;
    expect(fee.net + fee.tax).toBeCloseTo(fee.gross, 2);
    expect(fee.gross).toBeCloseTo(major(fare.total) / 2, 1);
    const described = await env.client.workflow.getHandle(`quote:${reply.json.quote_id}`).describe();
    expect(described.searchAttributes.AccountId).toEqual([acme.accountId]);
  });

  it.each([
    ['a pickup in the past', { datetime: '2020-01-01T00:00:00Z' }, 'datetime'],
    ['too many passengers for the class', { vehicle_class: 'standard', pax: 9 }, 'pax'],
    ['a latitude out of range', { pickup_lat: 91 }, 'pickup_lat'],
    ['a commission (integrators have none)', { commission_pct: 10 }, ''],
    ['no pickup address and no airport', { pickup_place: undefined }, 'pickup_address'],
    ['no drop-off address and no airport', { dropoff_address: undefined }, 'dropoff_address'],
    ['an airport code that is not IATA', { pickup_place: { iata: 'Paris' } }, 'pickup_place.iata'],
    ['an empty address', { dropoff_address: '  ' }, 'dropoff_address'],
  ])('refuses a quote with %s: 422 naming the field', async (_name, overrides, param) => {
    const acme = await account('Acme');
    const reply = await quote(acme.test, quoteBody(3, overrides));
    expect(reply.status).toBe(422);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(reply.json.code).toBe('validation_failed');
    if (param) expect(reply.json.errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it("books a quote: 201 with Location, the quote's trip and fare, customer_reference echoed in the reads and lists", async () => {
    const acme = await account('Acme');
    const q = (await quote(acme.live)).json;
    const created = await book(
      acme.live,
      bookingFor(q.quote_id, { flight_number: 'AF1234', notes: 'Name board', customer_reference: 'PO-77' }),
    );
    expect(created.status).toBe(201);
    const ref = created.json.ref;
    expect(created.headers.get('location')).toBe(`http://hub.test/api/public/v1/bookings/${ref}`);
    expect(created.json).toMatchObject({
      status: 'confirmed',
      livemode: true,
      vehicle_class: 'executive',
      pickup_at: q.pickup_at,
      total: q.total,
      customer_reference: 'PO-77',
      notes: 'Name board',
      allocation: null,
      cancellation: null,
      flight_watch: null,
    });
    const row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: ref });
    expect(row).toMatchObject({ partnerId: null, accountId: acme.accountId, quoteId: q.quote_id, environment: 'live' });
    expect(row.pickup).toMatchObject({
      flight_number: 'AF1234',
      address: 'CDG airport, terminal 2E',
      place: { iata: 'CDG', terminal: '2E' },
    });
    expect(row.dropoff).toMatchObject({ address: '8 rue de la Paix, 75002 Paris', lat: VENDOME.lat });
    expect(created.json).toMatchObject({ pickup: 'CDG airport, terminal 2E', dropoff: '8 rue de la Paix, 75002 Paris' });
    // An address given beside the airport is what the booking reads.
    const named = (await quote(acme.live, quoteBody(3, { pickup_address: 'Terminal 2E, door 10' }))).json;
    expect(named.pickup_address).toBe('Terminal 2E, door 10');
    expect(row.passenger).toMatchObject({ name: 'Ada Lovelace', pax: 2 });
    const read = await getJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}`, acme.live);
    // The same booking; its cancellation terms are reckoned at each answer's own time.
    const asOf = (b: { cancellation_policy: { as_of: string } }) => ({
      ...b,
      cancellation_policy: { ...b.cancellation_policy, as_of: '' },
    });
    expect(asOf(read.json)).toEqual(asOf(created.json));
    const list = await getJson(`${hub.baseUrl}/api/public/v1/bookings`, acme.live);
    expect(list.json.data.find((b: { ref: string }) => b.ref === ref).customer_reference).toBe('PO-77');
    const described = await env.client.workflow.getHandle(bookingWorkflowId(ref)).describe();
    expect(described.searchAttributes.AccountId).toEqual([acme.accountId]);
    expect(described.searchAttributes.PartnerId).toBeUndefined();
  });

  it('needs an Idempotency-Key, replays the answer to the same key, and refuses the key with another body', async () => {
    const acme = await account('Acme');
    const q = (await quote(acme.test)).json;
    const missing = await book(acme.test, bookingFor(q.quote_id), {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'bad_request', param: 'Idempotency-Key' });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await book(acme.test, bookingFor(q.quote_id), headers);
    expect(first.status).toBe(201);
    const again = await book(acme.test, bookingFor(q.quote_id), headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.ref).toBe(first.json.ref);
    const other = await book(acme.test, bookingFor(q.quote_id, { notes: 'different' }), headers);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('idempotency_key_reused');
    const [{ n }] = await sql<{ n: string }>(`select count(*) as n from bookings where account_id = ?`, [acme.accountId]);
    expect(Number(n)).toBe(1);
  });

  it('refuses a used quote (409), an unknown or foreign one (404 alike) and an expired one (410)', async () => {
    const [acme, globex] = [await account('Acme'), await account('Globex')];
    const q = (await quote(acme.test)).json;
    expect((await book(acme.test, bookingFor(q.quote_id))).status).toBe(201);
    const used = await book(acme.test, bookingFor(q.quote_id));
    expect(used.status).toBe(409);
    expect(used.json).toMatchObject({ code: 'quote_used', param: 'quote_id' });

    const mine = (await quote(acme.test)).json;
    const foreign = await book(globex.test, bookingFor(mine.quote_id));
    const unknown = await book(globex.test, bookingFor('qt_00000000000000000000000000'));
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.json.code).toBe('not_found');
    // The other environment of the same account does not see it either.
    expect((await book(acme.live, bookingFor(mine.quote_id))).status).toBe(404);

    const partner = await createTestPartner(db.orm);
    const partnerQuote = await getJson(
      `${hub.baseUrl}/v1/quotes?pickup_lat=${CDG.lat}&pickup_lng=${CDG.lng}&dropoff_lat=${VENDOME.lat}&dropoff_lng=${VENDOME.lng}&datetime=${encodeURIComponent(inDays(3))}&vehicle_class=executive`,
      await requestToken(hub.baseUrl, partner.sandbox),
    );
    expect((await book(acme.test, bookingFor(partnerQuote.json.quote_id))).status).toBe(404);
  });

  it('refuses a quote past its expires_at with 410 quote_expired (QUOTE_VALIDITY_SECONDS is 30 here)', async () => {
    const acme = await account('Acme');
    const q = (await quote(acme.test)).json;
    await new Promise((resolve) => setTimeout(resolve, Date.parse(q.expires_at) - Date.now() + 500));
    const late = await book(acme.test, bookingFor(q.quote_id));
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ code: 'quote_expired', param: 'quote_id', expired_at: q.expires_at });
  }, 60_000);

  it.each([
    ['no passenger', { passenger: undefined }, 'passenger'],
    ['a phone not in E.164', { passenger: { name: 'A', phone: '0612' } }, 'passenger.phone'],
    ['a malformed quote id', { quote_id: 'quote-1' }, 'quote_id'],
    ['an unknown field', { vehicle_class: 'van' }, ''],
    ['a bad flight number', { flight_number: 'not a flight' }, 'flight_number'],
  ])('refuses a booking with %s: 422, and books nothing', async (_name, overrides, param) => {
    const acme = await account('Acme');
    const q = (await quote(acme.test)).json;
    const reply = await book(acme.test, { ...bookingFor(q.quote_id), ...overrides });
    expect(reply.status).toBe(422);
    expect(reply.json.code).toBe('validation_failed');
    if (param) expect(reply.json.errors.map((e: { param: string }) => e.param)).toContain(param);
    // The quote is still bookable.
    expect((await book(acme.test, bookingFor(q.quote_id))).status).toBe(201);
  });

  it('refuses the write operations to a key without bookings.write (403) and plays a sandbox scenario on a test key', async () => {
    const acme = await account('Acme');
    const denied = await quote(acme.readOnly);
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.write' });
    const q = (await quote(acme.test)).json;
    const created = await book(acme.test, bookingFor(q.quote_id), {
      'idempotency-key': randomUUID(),
      'x-sandbox-scenario': 'no_driver_available',
    });
    expect(created.status).toBe(201);
    const row = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: created.json.ref });
    expect(row.sandboxScenario).toBe('no_driver_available');
    const liveQuote = (await quote(acme.live)).json;
    const live = await book(acme.live, bookingFor(liveQuote.quote_id), {
      'idempotency-key': randomUUID(),
      'x-sandbox-scenario': 'no_driver_available',
    });
    expect(live.status).toBe(422);
  });

  it('cancels free inside the window, answers the same cancellation twice, and hides other accounts’ bookings as 404', async () => {
    const [acme, globex] = [await account('Acme'), await account('Globex')];
    const q = (await quote(acme.live, quoteBody(5))).json;
    const ref = (await book(acme.live, bookingFor(q.quote_id))).json.ref;
    const terms = (await getJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}`, acme.live)).json.cancellation_policy;
    expect(terms).toMatchObject({
      cancellable: true,
      free_until: q.cancellation_policy.free_until,
      fee_after: q.cancellation_policy.fee_after,
      fee_now: { net: 0, tax: 0, gross: 0, currency: 'EUR' },
    });

    const foreign = await cancel(globex.live, ref);
    const unknown = await cancel(globex.live, 'bkg_00000000000000000000000000');
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect({ ...foreign.json, instance: null, request_id: null, detail: null }).toEqual({
      ...unknown.json,
      instance: null,
      request_id: null,
      detail: null,
    });
    expect((await cancel(acme.readOnly, ref)).status).toBe(403);
    expect((await cancel(acme.live, ref, { reason: 'because' })).status).toBe(422);

    const first = await cancel(acme.live, ref, { reason: 'booked_in_error', note: 'Meeting moved' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      ref,
      status: 'cancelled',
      cancellation: {
        reason: 'booked_in_error',
        note: 'Meeting moved',
        cancelled_by: 'integrator',
        fee: { net: 0, tax: 0, gross: 0, currency: 'EUR' },
      },
    });
    const again = await cancel(acme.live, ref, { reason: 'passenger_request' });
    expect(again.status).toBe(200);
    expect(again.json.cancellation).toEqual(first.json.cancellation);
    expect((await env.client.workflow.getHandle(bookingWorkflowId(ref)).result()).status).toBe('cancelled');
  });

  it('charges the policy fee, split into net and tax, when the free window has passed; the read said so before', async () => {
    const acme = await account('Acme');
    // Pickup in 30 minutes: the free window (until 60 minutes before pickup) is already over.
    const q = (await quote(acme.test, quoteBody(30 / 1440))).json;
    const ref = (await book(acme.test, bookingFor(q.quote_id))).json.ref;
    const before = await getJson(`${hub.baseUrl}/api/public/v1/bookings/${ref}`, acme.test);
    expect(before.json.cancellation_policy).toEqual({
      cancellable: true,
      free_until: q.cancellation_policy.free_until, // the quote's: booked inside the window, it had none
      fee_after: q.cancellation_policy.fee_after,
      fee_now: q.cancellation_policy.fee_after,
      as_of: expect.stringMatching(/Z$/),
    });
    const reply = await cancel(acme.test, ref);
    expect(reply.status).toBe(200);
    const fee = reply.json.cancellation.fee;
    expect(fee).toEqual(q.cancellation_policy.fee_after);
    expect(fee).toEqual(before.json.cancellation_policy.fee_now);
    expect(reply.json.cancellation_policy).toMatchObject({ cancellable: false, fee_now: null });
    expect(fee.gross).toBeGreaterThan(0);
    expect(fee.tax).toBeGreaterThan(0);
    expect(Math.round((fee.net + fee.tax) * 100)).toBe(Math.round(fee.gross * 100));
  });

  it("lets an operator cancel a partner's booking; the partner hears trip.cancelled", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const operator = await account('Dispatch ERP', 'operator');
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const token = await requestToken(hub.baseUrl, partner.sandbox);
      const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
      expect(created.status).toBe(201);
      const cancelled = await cancel(operator.test, created.json.id, { reason: 'duplicate_booking' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.cancellation).toMatchObject({ reason: 'duplicate_booking', cancelled_by: 'integrator' });
      const requests = await receiver.waitFor(2, 20_000);
      const types = requests.map((r) => JSON.parse(r.body).event);
      expect(types).toEqual(expect.arrayContaining(['booking.created', 'trip.cancelled']));
    } finally {
      await receiver.close();
    }
  });

  it('signs booking.cancelled to the account’s destination so that a receiver verifies it', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const acme = await account('Acme');
      const destination = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, acme.test, {
        url: receiver.url,
        events: ['booking.cancelled'],
      });
      expect(destination.status).toBe(201);
      const q = (await quote(acme.test)).json;
      const ref = (await book(acme.test, bookingFor(q.quote_id, { customer_reference: 'CC-1' }))).json.ref;
      expect((await cancel(acme.test, ref)).status).toBe(200);
      const [request] = await receiver.waitFor(1, 20_000);
      const event = stripe.webhooks.constructEvent(
        request.body,
        String(request.headers['service-signature']),
        destination.json.signing_secret,
      ) as unknown as { type: string; livemode: boolean; data: { ref: string; status: string; customer_reference: string } };
      expect(event).toMatchObject({
        type: 'booking.cancelled',
        livemode: false,
        data: { ref, status: 'cancelled', customer_reference: 'CC-1' },
      });
    } finally {
      await receiver.close();
    }
  });

  it('reschedules inside the free window, tells the destination (booking.rescheduled), and refuses with reasons', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const [acme, globex] = [await account('Acme'), await account('Globex')];
      const destination = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, acme.test, {
        url: receiver.url,
        events: ['booking.rescheduled'],
      });
      const q = (await quote(acme.test, quoteBody(4))).json;
      const ref = (await book(acme.test, bookingFor(q.quote_id))).json.ref;
      const url = `${hub.baseUrl}/api/public/v1/bookings/${ref}/reschedule`;
      const to = new Date(Date.parse(q.pickup_at) + 3 * 3_600_000).toISOString();

      expect((await postJson(url, acme.readOnly, { pickup_at: to })).status).toBe(403);
      expect((await postJson(url, globex.test, { pickup_at: to })).status).toBe(404);
      const bad = await postJson(url, acme.test, { pickup_at: 'tomorrow' });
      expect([bad.status, bad.json.errors[0].param]).toEqual([422, 'pickup_at']);
      const past = await postJson(url, acme.test, { pickup_at: '2020-01-01T00:00:00Z' });
      expect(past.status).toBe(409);
      expect(past.json).toMatchObject({ code: 'reschedule_not_allowed', param: 'pickup_at' });
      expect(past.json.detail).toMatch(/at least 5 minutes ahead/);

      const moved = await postJson(url, acme.test, { pickup_at: to }, { 'Idempotency-Key': 'move-1' });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ ref, status: 'confirmed', pickup_at: to });
      // A retry with the key gets the first answer; the pickup moves once and the destination hears it once.
      const retried = await postJson(url, acme.test, { pickup_at: to }, { 'Idempotency-Key': 'move-1' });
      expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expect(retried.json).toEqual(moved.json);
      const [request] = await receiver.waitFor(1, 20_000);
      const event = stripe.webhooks.constructEvent(
        request.body,
        String(request.headers['service-signature']),
        destination.json.signing_secret,
      ) as unknown as { type: string; data: Record<string, unknown> };
      expect(event).toMatchObject({
        type: 'booking.rescheduled',
        data: { ref, pickup_at: to, previous_pickup_at: q.pickup_at, cause: 'customer' },
      });
      const history = await env.client.workflow.getHandle(bookingWorkflowId(ref)).fetchHistory();
      expect(history.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length).toBe(1);

      // Pickup in 30 minutes: the free window is over, the time stays.
      const soon = (await quote(acme.test, quoteBody(30 / 1440))).json;
      const soonRef = (await book(acme.test, bookingFor(soon.quote_id))).json.ref;
      const late = await postJson(`${hub.baseUrl}/api/public/v1/bookings/${soonRef}/reschedule`, acme.test, { pickup_at: to });
      expect(late.status).toBe(409);
      expect(late.json.detail).toMatch(/free-cancellation window ended/);
    } finally {
      await receiver.close();
    }
  });

  it("reschedules a partner's own booking through POST /v1/bookings/{id}/reschedule; the partner hears booking.rescheduled", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const token = await requestToken(hub.baseUrl, partner.sandbox);
      const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
      const to = new Date(Date.parse(created.json.pickup.datetime) + 3_600_000).toISOString();
      const moved = await postJson(`${hub.baseUrl}/v1/bookings/${created.json.id}/reschedule`, token, { pickup_at: to });
      expect(moved.status).toBe(200);
      expect(moved.json.pickup.datetime).toBe(to);
      const requests = await receiver.waitFor(2, 20_000);
      const rescheduled = requests.map((r) => JSON.parse(r.body)).find((e) => e.event === 'booking.rescheduled');
      expect(rescheduled).toMatchObject({ previous_pickup_at: created.json.pickup.datetime, pickup_at: to, cause: 'customer' });
    } finally {
      await receiver.close();
    }
  });

  it('refuses to cancel a finished ride with 409 booking_not_cancellable', async () => {
    const acme = await account('Acme');
    const q = (await quote(acme.test)).json;
    const ref = (await book(acme.test, bookingFor(q.quote_id))).json.ref;
    await sql(`update bookings set status = 'completed' where id = ?`, [ref]);
    const reply = await cancel(acme.test, ref);
    expect(reply.status).toBe(409);
    expect(reply.json.code).toBe('booking_not_cancellable');
  });
});
