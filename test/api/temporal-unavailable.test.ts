import type { AddressInfo } from 'node:net';
import { Client, Connection, ServiceError } from '@temporalio/client';
import { apiDeps, listen } from '../../api/server';
import { BookingSchema } from '../../db/entities';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { TEST_SECRETS } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

describe('Temporal out of reach', () => {
  let db: TestDatabase;
  let api: Awaited<ReturnType<typeof listen>>;
  let baseUrl: string;

  beforeAll(async () => {
    db = await freshDatabase();
    // Nothing listens on port 1; no retry interceptor, so the failure is immediate.
    const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', interceptors: [] }) });
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://hub.test' });
    api = await listen(apiDeps(config, { orm: db.orm, temporal, logger: createLogger('silent'), ...TEST_SECRETS }), '127.0.0.1', 0);
    baseUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  it('answers 503 with Retry-After, writes no booking and leaves the idempotency key free to retry', async () => {
    const partner = await createTestPartner(db.orm);
    const token = await requestToken(baseUrl, partner.sandbox);
    const body = bookingBody();
    const reply = await postJson(`${baseUrl}/v1/bookings`, token, body, { 'Idempotency-Key': 'down-1' });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('5');
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
      expect(reply.headers.get('retry-after')).toBe('5');
    } finally {
      await busyApi.close();
    }
  });

  it('answers 503 when the frontend says the namespace is not found (its cache refilling after a restart of its store)', async () => {
    const env = await localEnvironment();
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
        retryAfter: '5',
      });
    } finally {
      await lostApi.close();
      await env.teardown();
    }
  });
});
