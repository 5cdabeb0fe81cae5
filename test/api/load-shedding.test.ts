import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { localEnvironment } from '../../stack/temporal';
import { oldestCustomerTasks } from '../../app/admission';
import { SANDBOX_BOOKINGS_TASK_QUEUE } from '../../contracts/task-queues';

const HOUR = 3600_000;

/**
 * Load shedding on the dev server: a sandbox account over its ride budget gets 429, a hub whose booking queue has a
 * task waiting past HUB_MAX_TASK_WAIT_SECONDS gets 503, both problem+json with Retry-After; reads keep working.
 */
describe('load shedding', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
  });
  afterAll(async () => {
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function partnerOn(hub: TestHub, name: string) {
    const partner = await createTestPartner(db.orm, { name });
    return {
      ...partner,
      token: await requestToken(hub.baseUrl, partner.sandbox),
      liveToken: await requestToken(hub.baseUrl, partner.live),
    };
  }
  const book = (hub: TestHub, token: string) =>
    postJson(
      `${hub.baseUrl}/v1/bookings`,
      token,
      bookingBody({ pickup: { ...bookingBody().pickup, datetime: new Date(Date.now() + 48 * HOUR).toISOString() } }),
    );

  describe('an account over its sandbox ride budget', () => {
    let hub: TestHub;
    beforeAll(async () => {
      hub = await startTestHub(db, env, { env: { HUB_SANDBOX_RIDE_BUDGET: '2', SANDBOX_RIDE_SECONDS: '3600' } });
    });
    afterAll(() => hub?.close());

    it('gets 429 ride_budget_exceeded with Retry-After; reads, other accounts and its live rides go on', async () => {
      const flooding = await partnerOn(hub, 'Flooding');
      const other = await partnerOn(hub, 'Other');
      const first = await book(hub, flooding.token);
      expect(first.status).toBe(201);
      expect((await book(hub, flooding.token)).status).toBe(201);

      const refused = await book(hub, flooding.token);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(refused.json).toMatchObject({ code: 'ride_budget_exceeded', status: 429 });
      expect(refused.json.type).toMatch(/\/docs\/errors#ride_budget_exceeded$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

      // The budget is the account's own: another sandbox partner books, and so does the same partner in live.
      expect((await book(hub, other.token)).status).toBe(201);
      expect((await book(hub, flooding.liveToken)).status).toBe(201);
      // Reads are never shed.
      expect((await getJson(`${hub.baseUrl}/v1/bookings/${first.json.id}`, flooding.token)).status).toBe(200);

      const metrics = await (await fetch(`${hub.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/hub_admission_refusals_total\{reason="ride_budget",environment="sandbox"\} [1-9]/);
    });
  });

  describe('a hub whose sandbox booking queue is behind', () => {
    let hub: TestHub;
    beforeAll(async () => {
      // No workers: the first quote's workflow task waits on the queue, as it would behind a backlog.
      hub = await startTestHub(db, env, { workers: false, env: { HUB_MAX_TASK_WAIT_SECONDS: '1' } });
    });
    afterAll(() => hub?.close());

    it('answers new sandbox writes 503 hub_behind with Retry-After while live writes and reads go on', async () => {
      const partner = await partnerOn(hub, 'Waiting');
      // Booked before the queue fell behind: its retry gets its first answer, not the refusal.
      const key = { 'Idempotency-Key': 'booked-before-the-backlog' };
      const body = bookingBody({ pickup: { ...bookingBody().pickup, datetime: new Date(Date.now() + 48 * HOUR).toISOString() } });
      const before = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, body, key);
      expect(before.status).toBe(201);
      const quote = await getJson(
        `${hub.baseUrl}/v1/quotes?${new URLSearchParams({
          pickup_lat: '49.0097',
          pickup_lng: '2.5479',
          dropoff_lat: '48.8674',
          dropoff_lng: '2.3294',
          datetime: new Date(Date.now() + 48 * HOUR).toISOString(),
          vehicle_class: 'executive',
        })}`,
        partner.token,
      );
      expect(quote.status).toBe(200);
      // Temporal's backlog statistics see the waiting task once it is older than the limit.
      await until(
        'the waiting quote task older than a second',
        async () => ((await oldestCustomerTasks(env.client, SANDBOX_BOOKINGS_TASK_QUEUE)).quote > 1 ? true : undefined),
        30_000,
      );

      const refused = await until(
        'a sandbox booking refused',
        async () => {
          const reply = await book(hub, partner.token);
          return reply.status === 201 ? undefined : reply;
        },
        10_000,
      );
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({ code: 'hub_behind', status: 503 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const retried = await postJson(`${hub.baseUrl}/v1/bookings`, partner.token, body, key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(retried.json.id).toBe(before.json.id);

      // Live has its own queue, which is not behind; reads are never shed.
      const live = await book(hub, partner.liveToken);
      expect(live.status).toBe(201);
      expect((await getJson(`${hub.baseUrl}/v1/bookings/${live.json.id}`, partner.liveToken)).status).toBe(200);
      const metrics = await (await fetch(`${hub.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/hub_admission_refusals_total\{reason="hub_behind",environment="sandbox"\} [1-9]/);
    });
  });
});
