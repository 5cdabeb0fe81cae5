import { ServiceError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { purgeExpired } from '../../api/housekeeping';
import { bookingWorkflowId } from '../../contracts/booking';
import { freshDatabase, type TestDatabase, sqlOn, bookingCount as countBookings } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/**
 * `Idempotency-Key` on POST /v1/bookings, Stripe-style: the first complete response is replayed for 24 hours, a claim
 * is one atomic insert that holds across API processes, and a refused request stores nothing.
 */

type Reply = Awaited<ReturnType<typeof postJson>>;
type TestPartner = Awaited<ReturnType<typeof createTestPartner>>;

function expectFresh201(reply: Reply) {
  expect(reply.status).toBe(201);
  expect(reply.headers.get('idempotent-replayed')).toBeNull();
  expect(reply.json.id).toMatch(/^bkg_[0-9a-z]{26}$/);
}

function expectReplayOf(reply: Reply, original: Reply) {
  expect(reply.status).toBe(original.status);
  expect(reply.headers.get('idempotent-replayed')).toBe('true');
  expect(reply.text).toBe(original.text);
  expect(reply.headers.get('content-type')).toBe(original.headers.get('content-type'));
  expect(reply.headers.get('location')).toBe(original.headers.get('location'));
}

function expectProblem(reply: Reply, status: number, code: string) {
  expect({ status: reply.status, code: reply.json?.code }).toEqual({ status, code });
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.json.request_id).toBe(reply.headers.get('x-request-id'));
}

describe('Idempotency-Key on POST /v1/bookings', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let second: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    second = await startTestHub(db, env, { workers: false });
  });
  afterAll(async () => {
    await second?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);
  const bookingCount = (partnerId: string) => countBookings(db, partnerId);
  const keyRows = (key: string) =>
    sql<{ state: string; environment: string; credential_id: string }>(`select * from idempotency_keys where key = ?`, [key]);

  /** Booking workflows of a partner in Temporal's visibility store, once it has caught up with `atLeast`. */
  async function workflowCount(partnerId: string, atLeast: number): Promise<number> {
    const query = `WorkflowType = 'bookingWorkflow' AND PartnerId = '${partnerId}'`;
    let count = 0;
    for (let i = 0; i < 50; i++) {
      count = (await env.client.workflow.count(query)).count;
      if (count >= atLeast) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return count;
  }

  async function newPartner(name: string): Promise<TestPartner & { token: string }> {
    const partner = await createTestPartner(db.orm, { name });
    return { ...partner, token: await requestToken(hub.baseUrl, partner.sandbox) };
  }

  const create = (baseUrl: string, token: string, body: unknown, key?: string) =>
    postJson(`${baseUrl}/v1/bookings`, token, body, key === undefined ? {} : { 'idempotency-key': key });

  it('replays the first response for the same key and body, with one booking and one workflow', async () => {
    const partner = await newPartner('Replay');
    const body = bookingBody({ external_id: 'IDEM-1' });

    const first = await create(hub.baseUrl, partner.token, body, 'order-1001');
    expectFresh201(first);
    const again = await create(hub.baseUrl, partner.token, body, 'order-1001');
    expectReplayOf(again, first);
    // The replay is an answer of its own: its own request id.
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // From the other API process too.
    expectReplayOf(await create(second.baseUrl, partner.token, body, 'order-1001'), first);
    // Key order and whitespace do not change the request: the fingerprint is of the canonical body.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
    expect(reordered.startsWith('{\n  "currency"')).toBe(true);
    expect(JSON.parse(reordered)).toEqual(body);
    expectReplayOf(await create(hub.baseUrl, partner.token, reordered, 'order-1001'), first);

    expect(await bookingCount(partner.partnerId)).toBe(1);
    expect(await workflowCount(partner.partnerId, 1)).toBe(1);
    const described = await env.client.workflow.getHandle(bookingWorkflowId(first.json.id)).describe();
    expect(described.status.name).toBe('RUNNING');
    expect(await keyRows('order-1001')).toEqual([
      expect.objectContaining({ state: 'completed', environment: 'test', credential_id: partner.sandbox.clientId }),
    ]);
    // The stored answer is ciphertext: the passenger's contact data is not in the table in plain text.
    const [row] = await sql<{ response_body: string }>(`select response_body from idempotency_keys where key = ?`, ['order-1001']);
    expect(row!.response_body).toMatch(/^v1\./);
    for (const secret of [body.passenger.name, body.passenger.phone!]) expect(row!.response_body).not.toContain(secret);
  });

  it('answers the same key with a different body with 422 idempotency_key_reused, and keeps replaying the first', async () => {
    const partner = await newPartner('Reuse');
    const body = bookingBody({ external_id: 'IDEM-2' });
    const first = await create(hub.baseUrl, partner.token, body, 'order-2002');
    expectFresh201(first);

    const other = await create(hub.baseUrl, partner.token, { ...body, external_id: 'IDEM-2-other' }, 'order-2002');
    expectProblem(other, 422, 'idempotency_key_reused');
    expect(other.json.param).toBe('Idempotency-Key');
    expect(other.headers.get('idempotent-replayed')).toBeNull();

    expectReplayOf(await create(hub.baseUrl, partner.token, body, 'order-2002'), first);
    expect(await bookingCount(partner.partnerId)).toBe(1);
  });

  it('treats the quoted form "abc" and the bare form abc as the same key', async () => {
    const partner = await newPartner('Quoted');
    const body = bookingBody({ external_id: 'IDEM-3' });
    const quoted = await create(hub.baseUrl, partner.token, body, '"abc-3003"');
    expectFresh201(quoted);
    expectReplayOf(await create(hub.baseUrl, partner.token, body, 'abc-3003'), quoted);

    const bare = await create(hub.baseUrl, partner.token, { ...body, external_id: 'IDEM-3b' }, 'abc-3004');
    expectFresh201(bare);
    expectReplayOf(await create(hub.baseUrl, partner.token, { ...body, external_id: 'IDEM-3b' }, '"abc-3004"'), bare);

    expect(await bookingCount(partner.partnerId)).toBe(2);
    expect((await keyRows('abc-3003')).length).toBe(1);
    expect((await keyRows('"abc-3003"')).length).toBe(0);
  });

  it('refuses a key over 255 characters (or an empty one) with 400 and stores nothing; 255 characters are fine', async () => {
    const partner = await newPartner('Long key');
    for (const key of ['k'.repeat(256), `"${'k'.repeat(256)}"`, '""', '', '   ']) {
      const reply = await create(hub.baseUrl, partner.token, bookingBody(), key);
      expectProblem(reply, 400, 'bad_request');
      expect(reply.json.param).toBe('Idempotency-Key');
    }
    expect(await bookingCount(partner.partnerId)).toBe(0);
    expect(
      (await sql<{ n: number }>(`select count(*)::int as n from idempotency_keys where credential_id = ?`, [partner.sandbox.clientId]))[0]
        .n,
    ).toBe(0);

    const body = bookingBody();
    const longest = await create(hub.baseUrl, partner.token, body, 'k'.repeat(255));
    expectFresh201(longest);
    expectReplayOf(await create(hub.baseUrl, partner.token, body, 'k'.repeat(255)), longest);
  });

  it('lets exactly one of 5 concurrent identical requests across two API processes create the booking', async () => {
    const partner = await newPartner('Concurrent');
    const body = bookingBody({ external_id: 'IDEM-5' });
    const replies = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => create(i % 2 ? second.baseUrl : hub.baseUrl, partner.token, body, 'race-5005')),
    );

    const fresh = replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const reply of replies) {
      if (reply === fresh[0]) continue;
      if (reply.status === 201) expectReplayOf(reply, fresh[0]);
      else {
        expectProblem(reply, 409, 'idempotency_key_in_use');
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    expect(await bookingCount(partner.partnerId)).toBe(1);
    // Once finished, a retry of any of them gets the booking.
    expectReplayOf(await create(second.baseUrl, partner.token, body, 'race-5005'), fresh[0]);
    expect(await workflowCount(partner.partnerId, 1)).toBe(1);
  });

  it('stores nothing for a request refused by validation or by scope: the key then works for a valid request', async () => {
    const partner = await newPartner('Refused');
    const body = bookingBody({ external_id: 'IDEM-6' });

    const invalid = await create(hub.baseUrl, partner.token, { ...body, vehicle_class: 'spaceship' }, 'order-6006');
    expectProblem(invalid, 422, 'validation_failed');
    expect(await keyRows('order-6006')).toEqual([]);

    const readOnly = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.read');
    const forbidden = await create(hub.baseUrl, readOnly, body, 'order-6006');
    expectProblem(forbidden, 403, 'insufficient_scope');
    expect(await keyRows('order-6006')).toEqual([]);

    const valid = await create(hub.baseUrl, partner.token, body, 'order-6006');
    expectFresh201(valid);
    expectReplayOf(await create(hub.baseUrl, partner.token, body, 'order-6006'), valid);
    expect(await bookingCount(partner.partnerId)).toBe(1);
  });

  it('scopes keys to the credential and environment: the live client and another partner get their own bookings', async () => {
    const partner = await newPartner('Scoped');
    const stranger = await newPartner('Stranger');
    const body = bookingBody({ external_id: 'IDEM-7' });

    const sandbox = await create(hub.baseUrl, partner.token, body, 'order-7007');
    expectFresh201(sandbox);
    expect(sandbox.json.livemode).toBe(false);

    const live = await create(hub.baseUrl, await requestToken(hub.baseUrl, partner.live), body, 'order-7007');
    expectFresh201(live);
    expect(live.json.livemode).toBe(true);
    expect(live.json.id).not.toBe(sandbox.json.id);

    const foreign = await create(hub.baseUrl, stranger.token, body, 'order-7007');
    expectFresh201(foreign);
    expect(foreign.json.id).not.toBe(sandbox.json.id);

    expect(await bookingCount(partner.partnerId)).toBe(2);
    expect(await bookingCount(stranger.partnerId)).toBe(1);
    const rows = await keyRows('order-7007');
    expect(rows.map((r) => `${r.credential_id}/${r.environment}`).sort()).toEqual(
      [`${partner.sandbox.clientId}/test`, `${partner.live.clientId}/live`, `${stranger.sandbox.clientId}/test`].sort(),
    );
  });

  it('no longer replays a key older than 24 hours: the request creates a new booking', async () => {
    const partner = await newPartner('Expired');
    const body = bookingBody({ external_id: 'IDEM-8' });
    const first = await create(hub.baseUrl, partner.token, body, 'order-8008');
    expectFresh201(first);

    await sql(`update idempotency_keys set created_at = now() - interval '24 hours 1 minute' where key = ?`, ['order-8008']);

    // Reused for anything: here a booking with another external_id (the first one still holds IDEM-8).
    const laterBody = { ...body, external_id: 'IDEM-8b' };
    const later = await create(hub.baseUrl, partner.token, laterBody, 'order-8008');
    expect({ status: later.status, code: later.json?.code }).toEqual({ status: 201, code: undefined });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.json.id).not.toBe(first.json.id);
    expect(await bookingCount(partner.partnerId)).toBe(2);
    // And the new response is the one replayed from now on.
    expectReplayOf(await create(hub.baseUrl, partner.token, laterBody, 'order-8008'), later);
  });

  it('purgeExpired deletes keys older than 24 hours and ended rate-limit windows, and keeps current ones', async () => {
    const partner = await newPartner('Purged');
    const body = bookingBody({ external_id: 'IDEM-9' });
    const old = await create(hub.baseUrl, partner.token, body, 'order-9009');
    const recentBody = bookingBody({ external_id: 'IDEM-9b' });
    const recent = await create(hub.baseUrl, partner.token, recentBody, 'order-9010');
    expectFresh201(old);
    expectFresh201(recent);
    await sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = ?`, ['order-9009']);
    await sql(
      `insert into rate_limit_windows (bucket, window_start, count) values ('partner:purge-test', now() - interval '10 minutes', 5)`,
    );

    await purgeExpired(db.orm);

    expect(await keyRows('order-9009')).toEqual([]);
    expect(await keyRows('order-9010')).toHaveLength(1);
    expect(await sql(`select * from rate_limit_windows where bucket = 'partner:purge-test'`)).toEqual([]);
    // The current window of this partner's own requests survives.
    expect(
      (await sql(`select * from rate_limit_windows where bucket = ?`, [`partner:${partner.sandbox.clientId}`])).length,
    ).toBeGreaterThanOrEqual(1);

    // The purged key is free again, even for a different request.
    const reused = await create(hub.baseUrl, partner.token, { ...body, external_id: 'IDEM-9c' }, 'order-9009');
    expectFresh201(reused);
    expect(reused.json.external_id).toBe('IDEM-9c');
    expectReplayOf(await create(hub.baseUrl, partner.token, recentBody, 'order-9010'), recent);
    expect(await bookingCount(partner.partnerId)).toBe(3);
  });

  it('resumes a create that failed after starting its workflow: the retry answers with that booking, not a second one', async () => {
    const partner = await newPartner('Recovered');
    const body = bookingBody({ external_id: 'IDEM-10' });
    const workflows = hub.deps.temporal.workflow;
    const real = workflows.start.bind(workflows);
    const startedIds: string[] = [];
    // The first attempt starts the booking, then loses the answer (as when Temporal's reply times out).
    workflows.start = (async (...args: Parameters<typeof real>) => {
      workflows.start = real;
      const handle = await real(...args);
      startedIds.push(handle.workflowId);
      const deadline = Object.assign(new Error('deadline exceeded'), { code: 4, details: 'deadline exceeded', metadata: {} });
      throw new ServiceError('Failed to start Workflow', { cause: deadline });
    }) as typeof real;

    const failed = await create(hub.baseUrl, partner.token, body, 'order-10');
    expectProblem(failed, 503, 'service_unavailable');
    expect((await keyRows('order-10'))[0]).toMatchObject({ state: 'failed' });
    expect(startedIds).toHaveLength(1);
    const started = [startedIds[0].replace(/^booking:/, '')];

    const retried = await create(second.baseUrl, partner.token, body, 'order-10');
    expectFresh201(retried);
    expect(retried.json).toMatchObject({ id: started[0], external_id: 'IDEM-10', status: 'confirmed' });
    expect(await bookingCount(partner.partnerId)).toBe(1);
    expect(await workflowCount(partner.partnerId, 1)).toBe(1);
    expectReplayOf(await create(hub.baseUrl, partner.token, body, 'order-10'), retried);

    // The same key with another body is still refused.
    expectProblem(
      await create(hub.baseUrl, partner.token, { ...body, external_id: 'IDEM-10b' }, 'order-10'),
      422,
      'idempotency_key_reused',
    );
  });
});
