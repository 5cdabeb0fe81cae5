import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { priceFare } from '../../domain/pricing';
import { divRoundHalfAwayFromZero, fromMinor } from '../../domain/money';
import { addCommissionTerm } from '../../app/partner-commission';
import { quoteWorkflowId, type QuoteOutcome } from '../../contracts/quote';
import { freshDatabase, type TestDatabase, sqlOn, bookingCount as countBookings } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { PRIORITY, SANDBOX_BOOKINGS_TASK_QUEUE } from '../../contracts/task-queues';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const VALIDITY_SECONDS = 120;
const HOUR = 3600_000;

/** GET /v1/quotes and POST /v1/bookings with quote_id, on the dev server with the workers running. */
describe('quotes', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { env: { QUOTE_VALIDITY_SECONDS: String(VALIDITY_SECONDS) } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);
  const bookingCount = (partnerId: string) => countBookings(db, partnerId);
  const quoteWorkflows = async (partnerId: string) =>
    (await env.client.workflow.count(`WorkflowType = 'quoteWorkflow' AND PartnerId = '${partnerId}'`)).count;

  async function newPartner(name: string) {
    const partner = await createTestPartner(db.orm, { name });
    return {
      ...partner,
      token: await requestToken(hub.baseUrl, partner.sandbox),
      liveToken: await requestToken(hub.baseUrl, partner.live),
    };
  }

  const trip = (overrides: Record<string, string> = {}) => ({
    pickup_lat: '49.0097',
    pickup_lng: '2.5479',
    dropoff_lat: '48.8674',
    dropoff_lng: '2.3294',
    datetime: new Date(Date.now() + 48 * HOUR).toISOString(),
    vehicle_class: 'executive',
    pax: '2',
    ...overrides,
  });
  const getQuote = (token: string, params: Record<string, string>) =>
    getJson(`${hub.baseUrl}/v1/quotes?${new URLSearchParams(params)}`, token);
  /** The booking request that matches a quote's trip. */
  const bookingFor = (params: Record<string, string>, quoteId: string, overrides: Record<string, unknown> = {}) =>
    bookingBody({
      pickup: { ...bookingBody().pickup, lat: Number(params.pickup_lat), lng: Number(params.pickup_lng), datetime: params.datetime },
      dropoff: { ...bookingBody().dropoff, lat: Number(params.dropoff_lat), lng: Number(params.dropoff_lng) },
      vehicle_class: params.vehicle_class,
      currency: undefined,
      quote_id: quoteId,
      ...overrides,
    });

  it('answers a priced quote held by the workflow quote:<id> until expires_at (QUOTE_VALIDITY_SECONDS)', async () => {
    const partner = await newPartner('Quoting');
    const params = trip();
    const reply = await getQuote(partner.token, params);
    expect(reply.status).toBe(200);
    const q = reply.json;
    const fare = priceFare({
      pickup: { lat: 49.0097, lng: 2.5479 },
      dropoff: { lat: 48.8674, lng: 2.3294 },
      pickupAt: params.datetime,
      vehicleClass: 'executive',
      currency: 'EUR',
    });
    expect(q).toMatchObject({
      quote_id: expect.stringMatching(/^qt_[0-9a-z]{26}$/),
      livemode: false,
      vehicle_class: 'executive',
      pax: 2,
      distance_km: fare.distance_km,
      duration_min: fare.duration_min,
      fare: { base: fromMinor(fare.base, 'EUR'), total: fromMinor(fare.total, 'EUR'), currency: 'EUR' },
      cancellation_policy: {
        free_until: new Date(Date.parse(params.datetime) - HOUR).toISOString(),
        fee_after: fromMinor(Math.round(fare.total / 2), 'EUR'),
        currency: 'EUR',
      },
    });
    expect(q.exchange_rate).toBeUndefined();
    expect(Date.parse(q.expires_at) - Date.parse(q.created_at)).toBe(VALIDITY_SECONDS * 1000);
    const description = await env.client.workflow.getHandle(quoteWorkflowId(q.quote_id)).describe();
    expect(description.status.name).toBe('RUNNING');
    // A sandbox quote runs on the sandbox queue, first in it (contracts/task-queues.ts).
    expect(description.taskQueue).toBe(SANDBOX_BOOKINGS_TASK_QUEUE);
    expect(description.raw.workflowExecutionInfo?.priority?.priorityKey).toBe(PRIORITY.quote);
  });

  it('prices in another currency with the exchange rate and its time', async () => {
    const partner = await newPartner('Dollars');
    const reply = await getQuote(partner.token, trip({ currency: 'USD' }));
    expect(reply.status).toBe(200);
    expect(reply.json.fare.currency).toBe('USD');
    expect(reply.json.exchange_rate).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: 1.16,
      rate_micros: 1_160_000,
      as_of: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  const past = new Date(Date.now() - HOUR).toISOString();
  it.each([
    ['a missing coordinate', { pickup_lat: '' }, 'query.pickup_lat', /number/],
    ['a latitude out of range', { dropoff_lat: '90.5' }, 'query.dropoff_lat', /90/],
    ['a longitude out of range', { pickup_lng: '181' }, 'query.pickup_lng', /180/],
    ['a non-numeric coordinate', { dropoff_lng: 'east' }, 'query.dropoff_lng', /number/],
    ['an unknown vehicle class', { vehicle_class: 'rickshaw' }, 'query.vehicle_class', /standard.*executive.*luxury.*van.*minibus/],
    ['more passengers than the class seats', { vehicle_class: 'standard', pax: '5' }, 'query.pax', /at most 4/],
    ['a pickup in the past', { datetime: past }, 'query.datetime', /past/],
    ['a time without offset', { datetime: '2027-03-15T08:30:00' }, 'query.datetime', /./],
    ['an unknown currency', { currency: 'XYZ' }, 'query.currency', /EUR/],
    ['an unknown parameter', { promo: 'FREE' }, 'query.promo', /promo/],
  ])('refuses %s with 422 naming the parameter, and starts no workflow', async (_name, overrides, param, detail) => {
    const partner = await newPartner(`Bad quote ${param}`);
    const reply = await getQuote(partner.token, trip(overrides));
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'validation_failed', param });
    expect(reply.json.errors[0].detail).toMatch(detail);
    expect(await quoteWorkflows(partner.partnerId)).toBe(0);
  });

  it('needs the quotes.read scope', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Scoped' });
    const token = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.write');
    const reply = await getQuote(token, trip());
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ code: 'insufficient_scope', scope: 'quotes.read' });
  });

  it('books a quote at its price, currency and cancellation policy, once; the workflow ends holding the booking', async () => {
    const partner = await newPartner('Booker');
    // Short notice: the free window ends when the quote was made, so a re-priced booking would get a later one.
    const params = trip({ datetime: new Date(Date.now() + 30 * 60_000).toISOString(), currency: 'USD', commission_pct: '0' });
    const quote = (await getQuote(partner.token, params)).json;
    expect(quote.fare.commission).toBe(0); // no contract yet
    // The contract in force when the booking is made sets its commission, on the net fare; the request's is ignored.
    await addCommissionTerm(db.orm, { partnerId: partner.partnerId, basisPoints: 1250, validFrom: new Date() });
    // The API learns of a new term by notification (api/auth/credential-standing.ts): wait until a fresh quote shows it.
    for (let i = 0; i < 100 && (await getQuote(partner.token, params)).json.fare.commission === 0; i++) await sleep(20);
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingFor(params, quote.quote_id, { commission_pct: 10 }));
    expect(created.status).toBe(201);
    expect(created.json.fare).toMatchObject({
      total: quote.fare.total,
      base: quote.fare.base,
      currency: 'USD',
      exchange_rate: quote.fare.exchange_rate,
    });
    const netMinor = Math.round((quote.fare.total - quote.fare.taxes) * 100);
    expect(created.json.fare.commission).toBe(divRoundHalfAwayFromZero(netMinor * 1250, 10_000) / 100);
    const [stored] = await sql<{ commission_pct: number }>('select commission_pct from bookings where id = ?', [created.json.id]);
    expect(stored.commission_pct).toBe(12.5);
    expect(created.json.cancellation_policy).toEqual(quote.cancellation_policy);
    const row = (
      await sql<{ currency: string; free_until: string }>(`select currency, free_until from bookings where id = ?`, [created.json.id])
    )[0];
    expect({ currency: row.currency, free_until: new Date(row.free_until).toISOString() }).toEqual({
      currency: 'USD',
      free_until: quote.cancellation_policy.free_until,
    });
    const outcome: QuoteOutcome = await env.client.workflow.getHandle(quoteWorkflowId(quote.quote_id)).result();
    expect(outcome.claimedBy).toBe(created.json.id);

    const again = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingFor(params, quote.quote_id));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'quote_used', param: 'quote_id' });
    expect(await bookingCount(partner.partnerId)).toBe(1);
  });

  it('gives two concurrent bookings of one quote exactly one booking', async () => {
    const partner = await newPartner('Racer');
    const params = trip();
    const quote = (await getQuote(partner.token, params)).json;
    const replies = await Promise.all(
      [1, 2].map(() => postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingFor(params, quote.quote_id))),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.json.code).toBe('quote_used');
    expect(await bookingCount(partner.partnerId)).toBe(1);
  });

  it('refuses a booking that disagrees with its quote with 422 naming the fields, writes nothing and leaves the quote bookable', async () => {
    const partner = await newPartner('Mismatch');
    const params = trip();
    const quote = (await getQuote(partner.token, params)).json;
    const body = bookingFor(params, quote.quote_id);
    const wrong = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, {
      ...body,
      vehicle_class: 'luxury',
      dropoff: { ...body.dropoff, lat: 48.9 },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe('validation_failed');
    expect(wrong.json.errors.map((e: { param: string }) => e.param).sort()).toEqual(['dropoff.lat', 'vehicle_class']);
    expect(wrong.json.errors.find((e: { param: string }) => e.param === 'vehicle_class').detail).toContain('executive');
    expect(await bookingCount(partner.partnerId)).toBe(0);
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, body)).status).toBe(201);
  });

  it("answers an unknown quote, another partner's and the other environment's as 404, writing nothing", async () => {
    const owner = await newPartner('Owner');
    const stranger = await newPartner('Stranger');
    const params = trip();
    const quote = (await getQuote(owner.token, params)).json;
    for (const [token, quoteId] of [
      [owner.token, 'qt_01aaaaaaaaaaaaaaaaaaaaaaaa'],
      [stranger.token, quote.quote_id],
      [owner.liveToken, quote.quote_id],
    ]) {
      const reply = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingFor(params, quoteId));
      expect(reply.status).toBe(404);
      expect(reply.json).toMatchObject({ code: 'not_found', param: 'quote_id' });
    }
    expect(await bookingCount(owner.partnerId)).toBe(0);
    expect(await bookingCount(stranger.partnerId)).toBe(0);
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, owner.token, bookingFor(params, quote.quote_id))).status).toBe(201);
  });

  it('checks external_id before spending the quote', async () => {
    const partner = await newPartner('External');
    const params = trip();
    const first = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingBody({ external_id: 'EXT-Q' }));
    const quote = (await getQuote(partner.token, params)).json;
    const taken = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, bookingFor(params, quote.quote_id, { external_id: 'EXT-Q' }));
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'conflict', booking_id: first.json.id });
    const booked = await postJson(
      `${hub.baseUrl}/v1/bookings`,
      partner.token,
      bookingFor(params, quote.quote_id, { external_id: 'EXT-Q2' }),
    );
    expect(booked.status).toBe(201);
  });

  it('lets a retry with the same Idempotency-Key book the quote its failed first attempt claimed', async () => {
    const partner = await newPartner('Retry');
    const params = trip();
    const quote = (await getQuote(partner.token, params)).json;
    const workflows = hub.deps.temporal.workflow;
    const real = workflows.start.bind(workflows);
    // The quote is claimed, then the booking's start fails (Temporal unreachable for that call).
    workflows.start = (async () => {
      workflows.start = real;
      const unavailable = Object.assign(new Error('unavailable'), { code: 14, details: 'unavailable', metadata: {} });
      throw unavailable;
    }) as unknown as typeof real;
    const body = bookingFor(params, quote.quote_id);
    const failed = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, body, { 'Idempotency-Key': 'quote-retry' });
    expect(failed.status).toBe(503);
    expect(await bookingCount(partner.partnerId)).toBe(0);
    const outcome: QuoteOutcome = await env.client.workflow.getHandle(quoteWorkflowId(quote.quote_id)).result();
    expect(outcome.claimedBy).toMatch(/^bkg_/);

    const retried = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, body, { 'Idempotency-Key': 'quote-retry' });
    expect(retried.status).toBe(201);
    expect(retried.json).toMatchObject({ id: outcome.claimedBy, fare: { total: quote.fare.total } });
    expect(await bookingCount(partner.partnerId)).toBe(1);
    // Without the key, the quote is spent.
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, { ...body, external_id: 'OTHER' })).json.code).toBe('quote_used');
  });
});
