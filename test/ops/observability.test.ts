import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApp } from '../../api/app';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../api/errors';
import { apiDeps, listen } from '../../api/server';
import { openOrm } from '../../db/orm';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { registerCollectGauge } from '../../infra/metrics';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { partnerShard } from '../../domain/partner-delivery-queue';
import { partnerEndpointWorkflowId } from '../../contracts/partner-webhook';

/** The value of one series in a Prometheus exposition, or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    const have = labelPart.split(/,(?=[a-zA-Z_]+=")/);
    if (want.every((w) => have.includes(w))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('health, readiness, metrics and request logs', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const metrics = async () => (await fetch(`${hub.baseUrl}/metrics`)).text();

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env, { env: { PARTNER_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  it('answers /healthz and /readyz without credentials, outside the rate limit', async () => {
    for (let i = 0; i < 8; i++) {
      const health = await fetch(`${hub.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(health.headers.get('ratelimit')).toBeNull();
    }
    const ready = await getJson(`${hub.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', checks: { postgresql: { status: 'up' }, temporal: { status: 'up' } } });
  });

  it('counts requests by API, operation id and status; rate-limit refusals; idempotent replays; deliveries', async () => {
    const before = await metrics();
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const body = bookingBody();
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, body, { 'Idempotency-Key': 'obs-1' });
    expect(created.status).toBe(201);
    const replay = await postJson(`${hub.baseUrl}/v1/bookings`, token, body, { 'Idempotency-Key': 'obs-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, token)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    await receiver.waitFor(1);

    // The delivery is counted by the worker after the receiver answered; poll the scrape until it shows.
    let after = await metrics();
    const delivered = (text: string) => sample(text, 'hub_webhook_deliveries_total', { kind: 'partner', outcome: 'delivered' });
    for (let i = 0; i < 50 && delivered(after) <= delivered(before); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await metrics();
    }
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('hub_http_requests_total', { api: 'partner', operation: 'createBooking', status: '201' })).toBe(2);
    expect(delta('hub_http_requests_total', { api: 'partner', operation: 'issueToken', status: '200' })).toBe(1);
    expect(delta('hub_idempotent_replays_total', { api: 'partner', operation: 'createBooking' })).toBe(1);
    const refused = statuses.filter((s) => s === 429).length;
    expect(delta('hub_rate_limit_refusals_total', { api: 'partner', operation: 'getBooking' })).toBe(refused);
    expect(delta('hub_http_requests_total', { api: 'partner', operation: 'getBooking', status: '429' })).toBe(refused);
    expect(delta('hub_http_request_duration_seconds_count', { api: 'partner', operation: 'createBooking' })).toBe(2);
    expect(delta('hub_webhook_deliveries_total', { kind: 'partner', outcome: 'delivered' })).toBe(1);
    // The event's first attempt, timed from its creation (the webhook-freshness indicator), within the 60 s bucket.
    expect(delta('hub_webhook_first_attempt_delay_seconds_count', { kind: 'partner' })).toBe(1);
    expect(delta('hub_webhook_first_attempt_delay_seconds_bucket', { kind: 'partner', le: '60' })).toBe(1);
    // The latency objectives' thresholds are buckets of their own.
    expect(
      sample(after, 'hub_http_request_duration_seconds_bucket', { api: 'partner', operation: 'createBooking', le: '0.3' }),
    ).toBeGreaterThan(0);
    // The PostgreSQL pool, read at the scrape.
    expect(sample(after, 'hub_db_pool_max', {})).toBeGreaterThan(0);
    expect(after).toMatch(/^hub_db_pool_connections\{state="idle"\} \d+/m);
    // Temporal Core's worker metrics, bridged from the SDK's buffer into the same scrape.
    expect(after).toMatch(/^temporal_[a-z_]+/m);
    // Labels are operation ids, never raw paths with ids, keys or tokens.
    expect(after).not.toContain(created.json.id);
    expect(after).not.toContain('obs-1');
    expect(after).not.toContain(token);
    expect(after).not.toContain(receiver.url);
  });

  it("finds a partner's delivery workflow by its business id and by PartnerId", async () => {
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
    expect(created.status).toBe(201);
    const query = `WorkflowType="partnerEndpointWorkflow" AND PartnerId="${partner.partnerId}"`;
    let found: { workflowId: string; memo?: Record<string, unknown> }[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      found = [];
      for await (const wf of env.client.workflow.list({ query })) found.push(wf);
      if (!found.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toHaveLength(1);
    // The shard of the booking's events (shard 0 keeps the unsuffixed id).
    const shard = partnerShard(created.json.id as string);
    expect(found[0].workflowId).toBe(partnerEndpointWorkflowId(partner.partnerId, 'sandbox', shard));
  });

  it('labels the driver API as driver', async () => {
    const before = sample(await metrics(), 'hub_http_requests_total', { api: 'driver', operation: 'getDriverUnit', status: '401' });
    expect((await fetch(`${hub.baseUrl}/driver/v1/unit`)).status).toBe(401);
    expect(sample(await metrics(), 'hub_http_requests_total', { api: 'driver', operation: 'getDriverUnit', status: '401' })).toBe(
      before + 1,
    );
  });

  it('labels an unknown path as unmatched rather than by the path', async () => {
    await fetch(`${hub.baseUrl}/v1/nope/bkg_secretish`);
    const text = await metrics();
    expect(sample(text, 'hub_http_requests_total', { api: 'other', operation: 'unmatched', status: '404' })).toBeGreaterThan(0);
    expect(text).not.toContain('bkg_secretish');
  });

  it('reads a registered collect-time gauge at each scrape', async () => {
    let waiting = 3;
    registerCollectGauge('hub_test_collect_gauge', 'A count read at each scrape.', async () => waiting);
    expect(sample(await metrics(), 'hub_test_collect_gauge', {})).toBe(3);
    waiting = 1;
    expect(sample(await metrics(), 'hub_test_collect_gauge', {})).toBe(1);
  });

  it('writes JSON request logs that carry the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        );
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'debug', PUBLIC_BASE_URL: 'http://hub.test' });
    const logger = pino({ level: 'debug' }, sink);
    const api = await listen(apiDeps(config, { orm: db.orm, temporal: env.client, logger, ...TEST_SECRETS }), '127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
      await fetch(`${base}/v1/bookings/bkg_x`, { headers: { 'x-request-id': 'req_log_test_1' } });
      const line = lines.find((l) => l.msg === 'request');
      expect(line).toMatchObject({ requestId: 'req_log_test_1', method: 'GET', status: 401, level: 20 });

      // A request that starts a workflow names it on its lines.
      const partner = await createTestPartner(db.orm);
      const token = await requestToken(base, partner.sandbox);
      const created = await postJson(`${base}/v1/bookings`, token, bookingBody(), { 'x-request-id': 'req_log_test_2' });
      expect(created.status).toBe(201);
      const booking = lines.find((l) => l.msg === 'request' && l.requestId === 'req_log_test_2');
      expect(booking).toMatchObject({ method: 'POST', status: 201, workflowId: `booking:${created.json.id}` });
    } finally {
      await api.close();
    }
  });
});

describe('/readyz when a dependency is down', () => {
  it('answers 503 problem+json naming PostgreSQL, and reports Temporal without failing on it', async () => {
    const db = await freshDatabase();
    const orm = await openOrm(db.url, 1);
    await orm.close(true); // a pool that can no longer connect
    const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', interceptors: [] }) });
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    // createApp, not listen: listen would first read the signing keys from the database that is down.
    const server = createApp(apiDeps(config, { orm, temporal, logger: createLogger('silent'), ...TEST_SECRETS })).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ready = await getJson(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(ready.json).toMatchObject({
        code: 'service_unavailable',
        checks: { postgresql: { status: 'down' }, temporal: { status: 'down' } },
      });
      expect(ready.json.detail).toMatch(/^Not ready: postgresql is down \(.+\)\.$/);
      expect(ready.headers.get('retry-after')).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(ready.text).not.toContain(db.url);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    }
  });
});
