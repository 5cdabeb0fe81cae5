import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { freshDatabase, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

describe('Public API: an account manages its own API keys', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let account: string;
  let manager: string;
  let otherKeyId: string;
  let demoKeyId: string;
  let demoKey: string;

  async function call(method: string, path: string, bearer: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${hub.baseUrl}/api/public/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    account = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    const other = (await createIntegratorAccount(db.orm, 'Other')).accountId;
    const make = (accountId: string, scopes: string[], extra: { environment?: 'sandbox' | 'live'; demo?: boolean } = {}) =>
      createApiKey(db.orm, TEST_SECRETS, {
        accountId,
        environment: extra.environment ?? 'sandbox',
        label: 'seeded',
        scopes,
        demo: extra.demo,
      });
    manager = (await make(account, ['keys.manage', 'bookings.read', 'webhooks.manage'])).key;
    otherKeyId = (await make(other, ['bookings.read'])).keyId;
    await make(account, ['bookings.read'], { environment: 'live' });
    const demo = await make(account, ['bookings.read', 'fleet.read'], { demo: true });
    demoKeyId = demo.keyId;
    demoKey = demo.key;
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('creates a key whose secret is shown once, lists it masked, and a revoked key is refused at once', async () => {
    const created = await call('POST', '/api-keys', manager, { label: 'ERP sync', scopes: ['bookings.read'], rate_per_minute: 120 });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const secret: string = created.json.secret;
    expect(secret).toMatch(/^hub_test_[0-9A-Za-z]{12}_/);
    expect(created.json).toMatchObject({
      object: 'api_key',
      id: secret.split('_')[2],
      label: 'ERP sync',
      masked: `hub_test_${secret.split('_')[2]}_…${secret.slice(-4)}`,
      livemode: false,
      scopes: ['bookings.read'],
      rate_per_minute: 120,
      last_used_at: null,
      revoked_at: null,
      demo: false,
    });
    expect((await call('GET', '/bookings', secret)).status).toBe(200);

    const listed = await call('GET', '/api-keys', manager);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret);
    const ids = listed.json.data.map((k: { id: string }) => k.id);
    expect(ids[0]).toBe(created.json.id); // newest first
    expect(ids).toContain(demoKeyId);
    expect(ids).not.toContain(otherKeyId); // another account's
    expect(listed.json.data).toHaveLength(3); // not the live key: another environment
    expect(listed.json.data.find((k: { id: string }) => k.id === demoKeyId)).toMatchObject({
      demo: true,
      scopes: ['bookings.read', 'fleet.read'],
    });
    expect(listed.json.data.find((k: { label: string; demo: boolean }) => k.label === 'seeded' && !k.demo)).toMatchObject({
      last_used_at: expect.any(String),
    });

    const paged = await call('GET', '/api-keys?limit=2', manager);
    expect(paged.json.has_more).toBe(true);
    const rest = await call('GET', `/api-keys?limit=2&cursor=${paged.json.next_cursor}`, manager);
    expect([...paged.json.data, ...rest.json.data].map((k: { id: string }) => k.id)).toEqual(ids);

    const revoked = await call('DELETE', `/api-keys/${created.json.id}`, manager);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ id: created.json.id, revoked_at: expect.any(String) });
    const refused = await call('GET', '/bookings', secret);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('invalid_api_key');
    expect((await call('GET', '/api-keys', manager)).json.data.map((k: { id: string }) => k.id)).not.toContain(created.json.id);
    expect((await call('DELETE', `/api-keys/${created.json.id}`, manager)).status).toBe(404);
  });

  it("never gives a new key more than the caller's scopes or rate", async () => {
    const more = await call('POST', '/api-keys', manager, { label: 'x', scopes: ['bookings.write'] });
    expect(more.status).toBe(403);
    expect(more.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.write' });
    const faster = await call('POST', '/api-keys', manager, { label: 'x', scopes: ['bookings.read'], rate_per_minute: 601 });
    expect(faster.status).toBe(422);
    expect(faster.json).toMatchObject({ code: 'validation_failed', param: 'rate_per_minute' });
    const unknown = await call('POST', '/api-keys', manager, { label: 'x', scopes: ['root'] });
    expect(unknown.status).toBe(422);
  });

  it("refuses to revoke a demo key or another account's, and a demo key cannot manage keys", async () => {
    const demo = await call('DELETE', `/api-keys/${demoKeyId}`, manager);
    expect(demo.status).toBe(403);
    expect(demo.json.code).toBe('demo_key_read_only');
    expect((await call('GET', '/bookings', demoKey)).status).toBe(200); // still reads
    const itself = await call('DELETE', `/api-keys/${manager.split('_')[2]}`, manager);
    expect(itself.status).toBe(409);
    expect(itself.json).toMatchObject({ code: 'api_key_in_use', detail: expect.stringMatching(/does not revoke itself/) });
    expect((await call('GET', '/api-keys', manager)).status).toBe(200);
    const foreign = await call('DELETE', `/api-keys/${otherKeyId}`, manager);
    expect(foreign.status).toBe(404);
    const byDemo = await call('POST', '/api-keys', demoKey, { label: 'x', scopes: ['bookings.read'] });
    expect(byDemo.status).toBe(403);
    expect(byDemo.json.code).toBe('insufficient_scope');
    await expect(
      createApiKey(db.orm, TEST_SECRETS, {
        accountId: account,
        environment: 'sandbox',
        label: 'd',
        scopes: ['bookings.write'],
        demo: true,
      }),
    ).rejects.toThrow(/demo key reads only/);
  });

  it('creates once for one Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'create-key-once' };
    const first = await call('POST', '/api-keys', manager, { label: 'once', scopes: ['bookings.read'] }, headers);
    const second = await call('POST', '/api-keys', manager, { label: 'once', scopes: ['bookings.read'] }, headers);
    expect(first.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json.secret).toBe(first.json.secret);
    const listed = await call('GET', '/api-keys?limit=100', manager);
    expect(listed.json.data.filter((k: { label: string }) => k.label === 'once')).toHaveLength(1);
  });
});
