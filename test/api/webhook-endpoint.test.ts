import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { HubEventSchema, WebhookDeliverySchema } from '../../db/entities';
import Stripe from 'stripe';
import { PARTNER_REPLAY_WINDOW_SECONDS, partnerSignature } from '../../infra/webhook-signatures';
import { partnerEndpointWorkflowId } from '../../contracts/partner-webhook';
import { partnerQueueDrained } from '../support/partner-deliveries';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { partnerEndpoint } from '../../app/partner-endpoints';
import { overlapSecrets } from '../../infra/secrets';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

const stripe = new Stripe('sk_test_unused');

/** /v1/webhook-endpoint: partners read, set and clear their URL, rotate the secret and send a signed test event. */
describe('partner webhook endpoint', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function newPartner(name: string, webhookUrl?: string) {
    const partner = await createTestPartner(db.orm, { name, webhookUrl });
    return {
      ...partner,
      token: await requestToken(hub.baseUrl, partner.sandbox),
      liveToken: await requestToken(hub.baseUrl, partner.live),
    };
  }
  const endpoint = `/v1/webhook-endpoint`;
  async function patch(token: string, body: unknown) {
    const response = await fetch(`${hub.baseUrl}${endpoint}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }

  it('reads the URL with a hint of the secret, sets and clears it, each environment its own', async () => {
    const partner = await newPartner('Endpoint', 'https://ota.example.com/a');
    const read = await getJson(`${hub.baseUrl}${endpoint}`, partner.token);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      url: 'https://ota.example.com/a',
      secret_hint: `phsec_…${partner.webhookSecrets.sandbox.slice(-4)}`,
      previous_secret_expires_at: null,
    });
    expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.liveToken)).json.secret_hint).toBe(
      `phsec_…${partner.webhookSecrets.live.slice(-4)}`,
    );

    expect(await patch(partner.liveToken, { url: 'https://ota.example.com/b' })).toMatchObject({
      status: 200,
      json: { url: 'https://ota.example.com/b' },
    });
    expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.token)).json.url).toBe('https://ota.example.com/a');
    expect(await patch(partner.token, { url: null })).toMatchObject({ status: 200, json: { url: null } });
    expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.liveToken)).json.url).toBe('https://ota.example.com/b');
  });

  it('never lets a sandbox token reach the live endpoint: its URL, its secret or its events', async () => {
    const receiver = await startReceiver();
    try {
      const partner = await newPartner('Apart', 'https://ota.example.com/live-only');
      // The sandbox credential points its own endpoint at its receiver and rotates its own secret…
      expect((await patch(partner.token, { url: receiver.url })).status).toBe(200);
      const rotated = await postJson(`${hub.baseUrl}${endpoint}/rotate-secret`, partner.token, {});
      expect(rotated.status).toBe(200);
      // …and the live endpoint keeps its URL and its secret.
      expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.liveToken)).json).toEqual({
        url: 'https://ota.example.com/live-only',
        secret_hint: `phsec_…${partner.webhookSecrets.live.slice(-4)}`,
        previous_secret_expires_at: null,
      });
      // A live event goes to the live URL (unreachable here), never to the sandbox receiver.
      const live = await postJson(`${hub.baseUrl}${endpoint}/test`, partner.liveToken, {});
      expect(live.json.url).toBe('https://ota.example.com/live-only');
      const sandbox = await postJson(`${hub.baseUrl}${endpoint}/test`, partner.token, {});
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery.body)).toMatchObject({ event_id: sandbox.json.event_id, livemode: false });
      await partnerQueueDrained(env.client, partner.partnerId);
      expect(receiver.requests.map((r) => JSON.parse(r.body).event_id)).not.toContain(live.json.event_id);
      await env.client.workflow.getHandle(partnerEndpointWorkflowId(partner.partnerId, 'live')).terminate('test over');
    } finally {
      await receiver.close();
    }
  });

  it.each([
    ['a private address', 'sandbox', 'https://10.1.2.3/hooks'],
    ['plain http to this machine from live credentials', 'live', 'http://127.0.0.1:8080/hooks'],
    ['another scheme', 'sandbox', 'ftp://ota.example.com/hooks'],
    ['credentials in the URL', 'sandbox', 'https://user:pw@ota.example.com/hooks'],
    ['not a URL', 'sandbox', 'hooks'],
  ])('refuses %s with 422 naming url and the rule, and keeps the old URL', async (_name, environment, url) => {
    const partner = await newPartner(`Bad ${url}`, 'https://ota.example.com/kept');
    const reply = await patch(environment === 'live' ? partner.liveToken : partner.token, { url });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'validation_failed', param: 'url' });
    expect(reply.json.errors[0].detail).toMatch(/https:\/\/.*localhost.*sandbox/);
    expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.token)).json.url).toBe('https://ota.example.com/kept');
  });

  it('accepts http to this machine from sandbox credentials on a development hub only', async () => {
    const partner = await newPartner('Local');
    for (const url of ['http://localhost:3000/hooks', 'http://127.0.0.1:9/x', 'http://[::1]:8080/']) {
      expect(await patch(partner.token, { url })).toMatchObject({ status: 200, json: { url } });
    }
    // A hub configured as production is (no HUB_DEV_WEBHOOK_TARGETS): the sandbox follows the live rule.
    const strict = await startTestHub(db, env, { workers: false, env: { HUB_DEV_WEBHOOK_TARGETS: 'false' } });
    try {
      const reply = await fetch(`${strict.baseUrl}${endpoint}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://localhost:3000/other' }),
      });
      expect(reply.status).toBe(422);
      expect(((await reply.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toMatch(/^url must use https/);
    } finally {
      await strict.close();
    }
    expect((await getJson(`${hub.baseUrl}${endpoint}`, partner.token)).json.url).toBe('http://[::1]:8080/');
  });

  it('rotates the secret (shown once) and signs with both secrets during the overlap, timestamped for replay checks', async () => {
    const receiver = await startReceiver();
    try {
      const partner = await newPartner('Tester');
      expect((await patch(partner.token, { url: receiver.url })).status).toBe(200);
      const rotated = await postJson(`${hub.baseUrl}${endpoint}/rotate-secret`, partner.token, {});
      expect(rotated.status).toBe(200);
      expect(rotated.headers.get('cache-control')).toBe('no-store');
      const secret: string = rotated.json.secret;
      expect(secret).toMatch(/^phsec_[0-9A-Za-z]{40}$/);
      expect(secret).not.toBe(partner.webhookSecrets.sandbox);
      const read = (await getJson(`${hub.baseUrl}${endpoint}`, partner.token)).json;
      expect(read.secret_hint).toBe(`phsec_…${secret.slice(-4)}`);
      expect(read.previous_secret_expires_at).toBe(rotated.json.previous_secret_expires_at);
      const overlap = Date.parse(rotated.json.previous_secret_expires_at) - Date.now();
      expect(overlap).toBeGreaterThan(23.9 * 3600_000);
      expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

      const sent = await postJson(`${hub.baseUrl}${endpoint}/test`, partner.token, {});
      expect(sent.status).toBe(202);
      expect(sent.json).toEqual({ event_id: expect.stringMatching(/^evt_/), event: 'webhook.test', url: receiver.url });
      const [delivery] = await receiver.waitFor(1);
      expect(delivery.headers['x-signature']).toBe(partnerSignature(delivery.body, secret));
      expect(delivery.headers['x-signature-previous']).toBe(partnerSignature(delivery.body, partner.webhookSecrets.sandbox));
      // The timestamped scheme is Stripe's: a receiver holding either secret verifies it, within the replay window.
      const v2 = String(delivery.headers['x-signature-v2']);
      for (const s of [secret, partner.webhookSecrets.sandbox]) {
        expect(stripe.webhooks.constructEvent(delivery.body, v2, s, PARTNER_REPLAY_WINDOW_SECONDS)).toMatchObject({
          event: 'webhook.test',
        });
      }
      const stale = Math.floor(Date.now() / 1000) - PARTNER_REPLAY_WINDOW_SECONDS - 60;
      const replayed = v2.replace(/^t=\d+/, `t=${stale}`);
      expect(() => stripe.webhooks.constructEvent(delivery.body, replayed, secret, PARTNER_REPLAY_WINDOW_SECONDS)).toThrow();
      expect(JSON.parse(delivery.body)).toMatchObject({
        event: 'webhook.test',
        event_id: sent.json.event_id,
        booking_id: null,
        livemode: false,
      });
      expect(delivery.headers['x-event-type']).toBe('webhook.test');
      await partnerQueueDrained(env.client, partner.partnerId);
      const log = await db.orm.em.fork().find(WebhookDeliverySchema, { eventId: sent.json.event_id });
      expect(log.map((l) => [l.attempt, l.responseStatus])).toEqual([[1, 200]]);
    } finally {
      await receiver.close();
    }
  });

  it('answers the same secret to a retried rotation, keeping the original secret in its overlap', async () => {
    const partner = await newPartner('Retry');
    const rotate = () => postJson(`${hub.baseUrl}${endpoint}/rotate-secret`, partner.token, {}, { 'Idempotency-Key': 'rotation-1' });
    const first = await rotate();
    const retry = await rotate();
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    const row = await partnerEndpoint(db.orm, partner.partnerId, 'sandbox');
    expect(overlapSecrets(row, TEST_SECRETS.encryptionKey)).toEqual([first.json.secret, partner.webhookSecrets.sandbox]);
    // A new key is a new rotation: the first rotation's secret becomes the previous one.
    const next = await postJson(`${hub.baseUrl}${endpoint}/rotate-secret`, partner.token, {}, { 'Idempotency-Key': 'rotation-2' });
    expect(next.json.secret).not.toBe(first.json.secret);
    const after = await partnerEndpoint(db.orm, partner.partnerId, 'sandbox');
    expect(overlapSecrets(after, TEST_SECRETS.encryptionKey)).toEqual([next.json.secret, first.json.secret]);
  });

  it('refuses a test event without a URL with 409 and writes no event', async () => {
    const partner = await newPartner('Nowhere');
    const reply = await postJson(`${hub.baseUrl}${endpoint}/test`, partner.token, {});
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: 'conflict', param: 'url' });
    expect(await db.orm.em.fork().count(HubEventSchema, { partnerId: partner.partnerId })).toBe(0);
  });

  it('needs the webhooks.manage scope for every call', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Narrow' });
    const token = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.read bookings.write');
    const replies = [
      await getJson(`${hub.baseUrl}${endpoint}`, token),
      await patch(token, { url: 'https://ota.example.com/x' }),
      await postJson(`${hub.baseUrl}${endpoint}/rotate-secret`, token, {}),
      await postJson(`${hub.baseUrl}${endpoint}/test`, token, {}),
    ];
    for (const reply of replies)
      expect(reply).toMatchObject({ status: 403, json: { code: 'insufficient_scope', scope: 'webhooks.manage' } });
  });
});
