import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/** The request log per API key (`GET /api/public/v1/request-logs`): written in batches off the requests' path. */
describe('Public API: the request log', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let manager: string;
  let reader: { key: string; keyId: string };
  let otherManager: string;
  const sql = sqlOn(() => db);

  async function call(path: string, bearer: string) {
    const response = await fetch(`${hub.baseUrl}/api/public/v1${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    const text = await response.text();
    return { status: response.status, requestId: response.headers.get('x-request-id'), json: text ? JSON.parse(text) : undefined };
  }
  const flush = () => hub.deps.requestLog!.flush();

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    const account = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    const other = (await createIntegratorAccount(db.orm, 'Other')).accountId;
    const make = (accountId: string, scopes: string[]) =>
      createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'k', scopes });
    manager = (await make(account, ['keys.manage'])).key;
    reader = await make(account, ['bookings.read']);
    otherManager = (await make(other, ['keys.manage', 'bookings.read'])).key;
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it("logs each request of a key (a refused scope too) with its status, request id and latency; the query's secrets redacted", async () => {
    const listed = await call('/bookings?limit=2', reader.key);
    const refused = await call('/api-keys', reader.key);
    const invalid = await call('/bookings?limit=2&access_token=tok-1234567890', reader.key);
    expect([listed.status, refused.status, invalid.status]).toEqual([200, 403, 422]);
    expect((await call('/bookings', 'hub_test_000000000000_nope')).status).toBe(401);
    await call('/bookings', otherManager);
    await flush();

    const log = await call(`/request-logs?key=${reader.keyId}`, manager);
    expect(log.status).toBe(200);
    expect(log.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(log.json.data).toEqual([
      expect.objectContaining({
        key_id: reader.keyId,
        via: 'key',
        method: 'GET',
        path: '/api/public/v1/bookings?limit=2&access_token=[redacted]',
        status: 422,
        request_id: invalid.requestId,
      }),
      expect.objectContaining({ path: '/api/public/v1/api-keys', status: 403, request_id: refused.requestId }),
      expect.objectContaining({ path: '/api/public/v1/bookings?limit=2', status: 200, request_id: listed.requestId }),
    ]);
    for (const entry of log.json.data) {
      expect(entry.latency_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The secret of the query never reached the table.
    expect(await sql(`select path from api_request_log where path like '%tok-1234567890%'`)).toEqual([]);
  });

  it('filters by status and time, pages by cursor, keeps to the account, and needs keys.manage', async () => {
    const classes = await call(`/request-logs?key=${reader.keyId}&status=4xx`, manager);
    expect(classes.json.data.map((e: { status: number }) => e.status)).toEqual([422, 403]);
    expect((await call(`/request-logs?key=${reader.keyId}&status=200`, manager)).json.data).toHaveLength(1);
    expect((await call(`/request-logs?from=${new Date(Date.now() + 60_000).toISOString()}`, manager)).json.data).toEqual([]);

    const first = await call(`/request-logs?key=${reader.keyId}&limit=2`, manager);
    expect(first.json).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const second = await call(`/request-logs?key=${reader.keyId}&limit=2&cursor=${first.json.next_cursor}`, manager);
    expect(second.json.data).toEqual([expect.objectContaining({ status: 200 })]);

    // The other account sees its own request, not these; a key without keys.manage is refused.
    await flush();
    const theirs = (await call('/request-logs', otherManager)).json.data as { key_id: string; path: string }[];
    expect(theirs.some((e) => e.path === '/api/public/v1/bookings')).toBe(true);
    expect(theirs.some((e) => e.key_id === reader.keyId)).toBe(false);
    expect((await call('/request-logs', reader.key)).status).toBe(403);
    for (const bad of ['status=6xx', 'status=20', 'key=a-b', 'cursor=!!']) {
      expect([bad, (await call(`/request-logs?${bad}`, manager)).status]).toEqual([bad, 422]);
    }
  });

  it('never fails a request when the log cannot be written: the rows are dropped and counted', async () => {
    const writer = hub.deps.requestLog!;
    await flush();
    const droppedBefore = writer.dropped;
    await sql('alter table api_request_log rename to api_request_log_away');
    try {
      const answers = await Promise.all([1, 2, 3].map(() => call('/bookings?limit=1', reader.key)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      await expect(flush()).resolves.toBeUndefined();
      expect(writer.dropped - droppedBefore).toBe(3);
    } finally {
      await sql('alter table api_request_log_away rename to api_request_log');
    }
    await call('/bookings?limit=3', reader.key);
    await flush();
    expect((await call(`/request-logs?key=${reader.keyId}&limit=1`, manager)).json.data[0].path).toBe('/api/public/v1/bookings?limit=3');
  });
});
