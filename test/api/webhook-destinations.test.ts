import type { TestWorkflowEnvironment } from '@temporalio/testing';
import Stripe from 'stripe';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import type { CreateDestinationBody } from '../../api/public/webhooks/schemas';
import { PUBLIC_EVENT_TYPES } from '../../domain/public-events';
import {
  deliveryWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  publicEventWorkflowId,
  type PublishPublicEventInput,
} from '../../contracts/public-webhooks';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { environmentOfTestOrLive } from '../../domain/environment';

const stripe = new Stripe('sk_test_unused');

describe('Public API: webhook destinations (dev server end to end)', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let url: string;
  let accountA: string;
  let testA: string;
  let liveA: string;
  let testB: string;
  let noScopeA: string;

  const key = async (accountId: string, environment: 'test' | 'live', scopes = ['webhooks.manage']) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: environmentOfTestOrLive(environment), label: 'k', scopes })).key;
  const create = (k: string, body: Partial<CreateDestinationBody> | string, headers: Record<string, string> = {}) =>
    postJson(url, k, typeof body === 'string' ? body : { url: receiver.url, events: ['booking.status_changed'], ...body }, headers);
  const call = async (method: string, path: string, k: string, body?: unknown) => {
    const response = await fetch(`${hub.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    receiver = await startReceiver(() => 200);
    url = `${hub.baseUrl}/api/public/v1/webhook-destinations`;
    accountA = (await createIntegratorAccount(db.orm, 'A')).accountId;
    const accountB = (await createIntegratorAccount(db.orm, 'B')).accountId;
    [testA, liveA, testB, noScopeA] = await Promise.all([
      key(accountA, 'test'),
      key(accountA, 'live'),
      key(accountB, 'test'),
      key(accountA, 'test', ['bookings.read']),
    ]);
  });
  afterAll(async () => {
    await receiver?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('creates a destination, shows the secret once and masks it afterwards', async () => {
    const created = await create(testA, { description: 'ERP', events: ['booking.status_changed', 'booking.cancelled'] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      url: receiver.url,
      description: 'ERP',
      events: ['booking.status_changed', 'booking.cancelled'],
      status: 'active',
      paused: null,
      deliveries_24h: { delivered: 0, failed: 0 },
      retry: { attempts: 8, backoff_ceiling_seconds: 21_600, pause_after_failures: 12 },
      livemode: false,
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    expect(created.json.signing_secret_masked).toBe(`whsec_…${created.json.signing_secret.slice(-4)}`);
    expect(created.headers.get('location')).toBe(`http://hub.test/api/public/v1/webhook-destinations/${created.json.id}`);
    const read = await getJson(`${url}/${created.json.id}`, testA);
    expect(read.status).toBe(200);
    expect(read.json.signing_secret).toBeUndefined();
    expect(read.text).not.toContain(created.json.signing_secret);
  });

  it('refuses an unknown event type with a 422 naming the allowed ones, and writes nothing', async () => {
    const before = (await getJson(url, testA)).json.data.length;
    const r = await create(testA, { events: ['booking.status_changed', 'booking.exploded' as 'booking.cancelled'] });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual([
      expect.objectContaining({ param: 'events.1', detail: expect.stringContaining(PUBLIC_EVENT_TYPES.join(', ')) }),
    ]);
    expect((await create(testA, { events: [] })).status).toBe(422);
    expect((await getJson(url, testA)).json.data.length).toBe(before);
  });

  it('holds live destinations to https and public addresses; test keys may use localhost', async () => {
    for (const bad of [
      'http://hooks.example.com/in',
      'https://127.0.0.1/in',
      'https://localhost/in',
      'https://169.254.169.254/latest',
      'https://10.1.2.3/in',
      'https://[::1]/in',
    ]) {
      const r = await create(liveA, { url: bad });
      expect([bad, r.status, r.json.param]).toEqual([bad, 422, 'url']);
    }
    expect((await create(testA, { url: 'https://169.254.169.254/latest' })).status).toBe(422);
    expect((await create(liveA, { url: 'https://hooks.example.com/in' })).status).toBe(201);
    expect((await create(testA, { url: 'http://localhost:3000/hooks' })).status).toBe(201);
  });

  it('needs the webhooks.manage scope', async () => {
    const r = await create(noScopeA, {});
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('insufficient_scope');
    expect((await getJson(url, noScopeA)).status).toBe(403);
  });

  it("answers 404 for another account's destination and for the other environment", async () => {
    const mine = (await create(testA, {})).json.id;
    for (const [k, method, path] of [
      [testB, 'GET', ''],
      [testB, 'PATCH', ''],
      [testB, 'DELETE', ''],
      [testB, 'POST', '/pause'],
      [testB, 'POST', '/resume'],
      [testB, 'POST', '/rotate-secret'],
      [testB, 'POST', '/test'],
      [testB, 'GET', '/secret'],
      [liveA, 'GET', ''],
      [liveA, 'GET', '/secret'],
    ] as const) {
      const r = await call(
        method,
        `/api/public/v1/webhook-destinations/${mine}${path}`,
        k,
        method === 'PATCH' ? { description: 'x' } : method === 'POST' ? {} : undefined,
      );
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    expect((await getJson(url, testB)).json.data.map((d: { id: string }) => d.id)).not.toContain(mine);
    expect((await getJson(`${url}/${mine}`, testA)).json.description).toBeNull();
  });

  it('lists with a keyset cursor, updates, pauses, resumes and deletes', async () => {
    const account = (await createIntegratorAccount(db.orm, 'C')).accountId;
    const k = await key(account, 'test');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(k, { description: `d${i}` })).json.id);
    const page1 = await getJson(`${url}?limit=2`, k);
    expect(page1.json.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(page1.json.has_more).toBe(true);
    expect(page1.headers.get('link')).toContain('rel="next"');
    const page2 = await getJson(`${url}?limit=2&cursor=${page1.json.next_cursor}`, k);
    expect(page2.json).toMatchObject({ data: [expect.objectContaining({ id: ids[0] })], has_more: false, next_cursor: null });
    expect((await getJson(`${url}?cursor=nonsense!`, k)).status).toBe(422);

    const updated = await call('PATCH', `/api/public/v1/webhook-destinations/${ids[0]}`, k, {
      events: ['invoice.created'],
      description: null,
    });
    expect(updated.json).toMatchObject({ events: ['invoice.created'], description: null });
    expect((await call('PATCH', `/api/public/v1/webhook-destinations/${ids[0]}`, k, {})).status).toBe(422);
    expect((await call('PATCH', `/api/public/v1/webhook-destinations/${ids[0]}`, k, { url: 'ftp://x' })).status).toBe(422);

    const paused = await call('POST', `/api/public/v1/webhook-destinations/${ids[0]}/pause`, k, {});
    expect(paused.json).toMatchObject({ status: 'paused', paused: { reason: 'paused by request', since: expect.any(String) } });
    const resumed = await call('POST', `/api/public/v1/webhook-destinations/${ids[0]}/resume`, k, {});
    expect(resumed.json).toMatchObject({ status: 'active', paused: null });

    expect((await call('DELETE', `/api/public/v1/webhook-destinations/${ids[1]}`, k)).status).toBe(204);
    expect((await getJson(`${url}/${ids[1]}`, k)).status).toBe(404);
    expect((await getJson(url, k)).json.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[0]]);
  });

  it('creates once per Idempotency-Key', async () => {
    const first = await create(testA, { description: 'idem' }, { 'Idempotency-Key': 'create-dest-1' });
    const again = await create(testA, { description: 'idem' }, { 'Idempotency-Key': 'create-dest-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(first.json.id);
  });

  it('reveals the signing secret, and during a rotation the previous one with its end, never cached; needs webhooks.manage', async () => {
    const created = (await create(testA, {})).json;
    const reveal = async (k: string) => {
      const { status, headers, json } = await getJson(`${url}/${created.id}/secret`, k);
      return { status, cacheControl: headers.get('cache-control'), json };
    };
    const first = await reveal(testA);
    expect(first).toEqual({
      status: 200,
      cacheControl: 'no-store',
      json: { id: created.id, signing_secret: created.signing_secret, previous: null },
    });

    const rotatedAt = Date.now();
    const rotated = (await call('POST', `/api/public/v1/webhook-destinations/${created.id}/rotate-secret`, testA, { overlap_seconds: 600 }))
      .json;
    const during = await reveal(testA);
    expect(during.json).toEqual({
      id: created.id,
      signing_secret: rotated.signing_secret,
      previous: { signing_secret: created.signing_secret, expires_at: expect.stringMatching(/Z$/) },
    });
    const ends = Date.parse(during.json.previous.expires_at) - rotatedAt;
    expect(ends).toBeGreaterThan(595_000);
    expect(ends).toBeLessThan(605_000);
    // The masked form everywhere else is the current secret's.
    expect((await getJson(`${url}/${created.id}`, testA)).json.signing_secret_masked.slice(-4)).toBe(rotated.signing_secret.slice(-4));

    const noOverlap = (await call('POST', `/api/public/v1/webhook-destinations/${created.id}/rotate-secret`, testA, { overlap_seconds: 0 }))
      .json;
    expect((await reveal(testA)).json).toEqual({ id: created.id, signing_secret: noOverlap.signing_secret, previous: null });

    const refused = await reveal(noScopeA);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'insufficient_scope', scope: 'webhooks.manage' });
    expect(JSON.stringify(refused.json)).not.toContain('whsec_');
  });

  it('sends a signed test event, and rotation shows a new secret once; Stripe verifies both', async () => {
    const created = (await create(testA, { events: ['invoice.created'] })).json;
    const before = receiver.requests.length;
    const sent = await call('POST', `/api/public/v1/webhook-destinations/${created.id}/test`, testA, {});
    expect(sent.status).toBe(202);
    const [req] = (await receiver.waitFor(before + 1)).slice(before);
    expect(req.headers['service-event-id']).toBe(sent.json.event_id);
    expect(req.headers['service-delivery-id']).toBe(sent.json.delivery_id);
    expect(req.headers['service-attempt']).toBe('1');
    expect(stripe.webhooks.constructEvent(req.body, String(req.headers['service-signature']), created.signing_secret).type).toBe(
      'webhook.test',
    );

    const rotated = await call('POST', `/api/public/v1/webhook-destinations/${created.id}/rotate-secret`, testA, { overlap_seconds: 600 });
    expect(rotated.status).toBe(200);
    expect(rotated.json.signing_secret).not.toBe(created.signing_secret);
    expect(
      (await call('POST', `/api/public/v1/webhook-destinations/${created.id}/rotate-secret`, testA, { overlap_seconds: -1 })).status,
    ).toBe(422);
    // The body is optional, as the OpenAPI document says: without one the default overlap applies.
    const bare = await call('POST', `/api/public/v1/webhook-destinations/${created.id}/rotate-secret`, testA);
    expect(bare.status).toBe(200);
    expect(bare.json.signing_secret).not.toBe(rotated.json.signing_secret);
  });

  it('delivers events published through publishPublicEvent to the subscribed destination, signed', async () => {
    const own = await startReceiver(() => 204);
    try {
      const created = (await create(testA, { url: own.url, events: ['booking.status_changed'] })).json;
      const input: PublishPublicEventInput = {
        type: 'booking.status_changed',
        dedupeKey: 'booking:bkg_e2e:2',
        accountId: accountA,
        environment: 'test',
        data: { ref: 'bkg_e2e', status: 'allocated' },
      };
      const recorded = await env.client.workflow.execute('publicEventWorkflow', {
        workflowId: publicEventWorkflowId(input.dedupeKey),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        args: [input],
      });
      const [req] = await own.waitFor(1);
      const event = stripe.webhooks.constructEvent(req.body, String(req.headers['service-signature']), created.signing_secret);
      expect(event).toEqual({
        id: (recorded as { eventId: string }).eventId,
        type: 'booking.status_changed',
        created: expect.any(String),
        livemode: false,
        data: { ref: 'bkg_e2e', status: 'allocated' },
      });
      await new Promise((r) => setTimeout(r, 300));
      const read = await getJson(`${url}/${created.id}`, testA);
      expect(read.json.deliveries_24h).toEqual({ delivered: 1, failed: 0 });
    } finally {
      await own.close();
    }
  });

  it('shows every attempt in the delivery log, one with its payload, and redelivers an event under a new delivery id', async () => {
    const own = await startReceiver(() => 200);
    try {
      const created = (await create(testA, { url: own.url, events: ['invoice.created'] })).json;
      const sent = (await call('POST', `/api/public/v1/webhook-destinations/${created.id}/test`, testA, {})).json;
      await own.waitFor(1);
      const log = `${hub.baseUrl}/api/public/v1/webhook-deliveries`;
      const redeliveries = `${hub.baseUrl}/api/public/v1/webhook-redeliveries`;
      let listed = await getJson(`${log}?destination=${created.id}`, testA);
      for (let i = 0; i < 20 && listed.json.data.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        listed = await getJson(`${log}?destination=${created.id}`, testA);
      }
      expect(listed.json.data).toEqual([
        expect.objectContaining({
          delivery_id: sent.delivery_id,
          event_id: sent.event_id,
          event_type: 'webhook.test',
          url: own.url,
          attempt: 1,
          response_status: 200,
          succeeded: true,
          error: null,
        }),
      ]);
      expect((await getJson(`${log}?destination=${created.id}&status=failed`, testA)).json.data).toEqual([]);
      expect((await getJson(`${log}?status=maybe`, testA)).status).toBe(422);
      const one = await getJson(`${log}/${listed.json.data[0].id}`, testA);
      expect(one.json.payload).toBe(own.requests[0].body);
      expect((await getJson(`${log}/${listed.json.data[0].id}`, testB)).status).toBe(404);
      expect((await getJson(`${log}?destination=${created.id}`, testB)).json.data).toEqual([]);

      await env.client.workflow.getHandle(deliveryWorkflowId(sent.event_id, created.id)).result(); // one under way is left alone
      const again = await postJson(redeliveries, testA, { event_id: sent.event_id });
      expect(again.status).toBe(202);
      expect(again.json.deliveries).toEqual([
        { delivery_id: expect.stringMatching(/^dlv_/), event_id: sent.event_id, destination_id: created.id },
      ]);
      expect(again.json.deliveries[0].delivery_id).not.toBe(sent.delivery_id);
      const [, second] = await own.waitFor(2);
      expect(second.headers['service-event-id']).toBe(sent.event_id);
      expect(second.headers['service-delivery-id']).toBe(again.json.deliveries[0].delivery_id);
      expect(second.body).toBe(own.requests[0].body);
      expect((await postJson(redeliveries, testB, { event_id: sent.event_id })).status).toBe(404);
      expect((await postJson(redeliveries, testA, {})).status).toBe(422);
      const range = await postJson(redeliveries, testA, { from: '2026-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' });
      expect(range).toMatchObject({ status: 202, json: { deliveries: [] } }); // nothing failed for good
    } finally {
      await own.close();
    }
  });
});
