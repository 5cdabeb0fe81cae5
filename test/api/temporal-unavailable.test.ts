import type { AddressInfo } from 'node:net';
import { Client, Connection, ServiceError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../api/errors';
import { apiDeps, listen } from '../../api/server';
import { BookingSchema } from '../../db/entities';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import openapi from '../../docs/openapi.json';

const RETRY_AFTER = String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS);
const CANCEL_QUERY = '?reason_code=passenger_request';

describe('Temporal out of reach', () => {
  let db: TestDatabase;
  let api: Awaited<ReturnType<typeof listen>>;
  let baseUrl: string;
  let env: TestWorkflowEnvironment;
  /** The same hub with Temporal up: what the partner's retry reaches once the outage is over. */
  let hub: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    // Nothing listens on port 1; no retry interceptor, so the failure is immediate.
    const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', interceptors: [] }) });
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    api = await listen(apiDeps(config, { orm: db.orm, temporal, logger: createLogger('silent'), ...TEST_SECRETS }), '127.0.0.1', 0);
    baseUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await api?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('answers 503 with Retry-After, writes no booking and leaves the idempotency key free to retry', async () => {
    const partner = await createTestPartner(db.orm);
    const token = await requestToken(baseUrl, partner.sandbox);
    const body = bookingBody();
    const reply = await postJson(`${baseUrl}/v1/bookings`, token, body, { 'Idempotency-Key': 'down-1' });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe(RETRY_AFTER);
    expect(reply.json).toMatchObject({ code: 'service_unavailable', status: 503, request_id: reply.headers.get('x-request-id') });
    expect(reply.text).not.toMatch(/127\.0\.0\.1:1|grpc|stack/i);
    expect(await db.orm.em.fork().count(BookingSchema, {})).toBe(0);
    // No response is stored; the key keeps the booking id it tried, so a retry resumes that booking rather than another.
    const keys = await db.orm.em.getConnection().execute(`select state, response_status, recovery_point from idempotency_keys`);
    expect(keys).toEqual([{ state: 'failed', response_status: null, recovery_point: expect.stringMatching(/^bkg_/) }]);
    const retry = await postJson(`${baseUrl}/v1/bookings`, token, body, { 'Idempotency-Key': 'down-1' });
    expect(retry.json).toMatchObject({ code: 'service_unavailable' });
  });

  it('answers 503 when Temporal sheds load (RESOURCE_EXHAUSTED), as when it is out of reach', async () => {
    const busy = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', interceptors: [] }) });
    busy.workflow.start = async () => {
      const exhausted = Object.assign(new Error('namespace rate limit exceeded'), { code: 8, details: 'rate limit', metadata: {} });
      throw new ServiceError('Failed to start Workflow', { cause: exhausted });
    };
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    const busyApi = await listen(
      apiDeps(config, { orm: db.orm, temporal: busy, logger: createLogger('silent'), ...TEST_SECRETS }),
      '127.0.0.1',
      0,
    );
    try {
      const url = `http://127.0.0.1:${(busyApi.server.address() as AddressInfo).port}`;
      const partner = await createTestPartner(db.orm);
      const reply = await postJson(`${url}/v1/bookings`, await requestToken(url, partner.sandbox), bookingBody());
      expect(reply.status).toBe(503);
      expect(reply.json).toMatchObject({ code: 'service_unavailable' });
      expect(reply.headers.get('retry-after')).toBe(RETRY_AFTER);
    } finally {
      await busyApi.close();
    }
  });

  it('answers 503 when the frontend says the namespace is not found (its cache refilling after a restart of its store)', async () => {
    const lost = new Client({ connection: env.connection, namespace: 'not-yet-in-the-cache' });
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    const lostApi = await listen(
      apiDeps(config, { orm: db.orm, temporal: lost, logger: createLogger('silent'), ...TEST_SECRETS }),
      '127.0.0.1',
      0,
    );
    try {
      const url = `http://127.0.0.1:${(lostApi.server.address() as AddressInfo).port}`;
      const partner = await createTestPartner(db.orm);
      const reply = await postJson(`${url}/v1/bookings`, await requestToken(url, partner.sandbox), bookingBody());
      expect({ status: reply.status, code: reply.json.code, retryAfter: reply.headers.get('retry-after') }).toEqual({
        status: 503,
        code: 'service_unavailable',
        retryAfter: RETRY_AFTER,
      });
    } finally {
      await lostApi.close();
    }
  });
  it('stays ready: /readyz answers 200 while PostgreSQL answers, reporting Temporal down', async () => {
    const ready = await getJson(`${baseUrl}/readyz`);
    expect({ status: ready.status, body: ready.json }).toEqual({
      status: 200,
      body: { status: 'ready', checks: { postgresql: { status: 'up' }, temporal: { status: 'down', error: expect.any(String) } } },
    });
  });

  it('answers reads from PostgreSQL, refuses writes that need Temporal with 503 and loses none of them', async () => {
    const partner = await createTestPartner(db.orm);
    const booked = await postJson(`${hub.baseUrl}/v1/bookings`, await requestToken(hub.baseUrl, partner.sandbox), bookingBody());
    expect(booked.status).toBe(201);
    const id: string = booked.json.id;
    const token = await requestToken(baseUrl, partner.sandbox);

    const read = await getJson(`${baseUrl}/v1/bookings/${id}`, token);
    expect({ status: read.status, id: read.json.id, state: read.json.status }).toEqual({ status: 200, id, state: 'confirmed' });
    for (const path of ['/v1/webhook-endpoint', '/v1/webhook-deliveries'])
      expect((await getJson(`${baseUrl}${path}`, token)).status).toBe(200);

    const cancel = await fetch(`${baseUrl}/v1/bookings/${id}${CANCEL_QUERY}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': 'down-cancel' },
    });
    expect({ status: cancel.status, retryAfter: cancel.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: RETRY_AFTER });
    expect((await getJson(`${baseUrl}/v1/bookings/${id}`, token)).json.status).toBe('confirmed');

    // Once Temporal answers, the same request with the same key does what the refused one would have done.
    const retried = await fetch(`${hub.baseUrl}/v1/bookings/${id}${CANCEL_QUERY}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await requestToken(hub.baseUrl, partner.sandbox)}`, 'Idempotency-Key': 'down-cancel' },
    });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { status: string }).status).toBe('cancelled');
  });

  it('answers no operation of the partner API with a 500: each answers, or refuses 503 with Retry-After', async () => {
    const partner = await createTestPartner(db.orm);
    const booked = await postJson(`${hub.baseUrl}/v1/bookings`, await requestToken(hub.baseUrl, partner.sandbox), bookingBody());
    const token = await requestToken(baseUrl, partner.sandbox);
    const answers: string[] = [];
    for (const [template, methods] of Object.entries(openapi.paths as Record<string, Record<string, unknown>>)) {
      if (!template.startsWith('/v1/') || template === '/v1/oauth/token') continue;
      const path = template.replace('{id}', booked.json.id);
      for (const method of Object.keys(methods)) {
        const write = method !== 'get';
        const query = path === '/v1/booking-status' ? `?id=${booked.json.id}` : method === 'delete' ? CANCEL_QUERY : '';
        const reply = await fetch(`${baseUrl}${path}${query}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${token}`, ...(write ? { 'content-type': 'application/json' } : {}) },
          body: write && method !== 'delete' ? JSON.stringify(template === '/v1/bookings' ? bookingBody() : {}) : undefined,
        });
        await reply.arrayBuffer();
        answers.push(`${method.toUpperCase()} ${template} ${reply.status} ${reply.status === 503 ? reply.headers.get('retry-after') : ''}`);
      }
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => /^\S+ \S+ (5\d\d) /.test(a) && !a.endsWith(` 503 ${RETRY_AFTER}`))).toEqual([]);
    // The operations that need Temporal are among them: creating a booking refuses, it does not hang or fail.
    expect(answers).toEqual(
      expect.arrayContaining([
        `POST /v1/bookings 503 ${RETRY_AFTER}`,
        `DELETE /v1/bookings/{id} 503 ${RETRY_AFTER}`,
        'GET /v1/bookings/{id} 200 ',
      ]),
    );
  });
});
