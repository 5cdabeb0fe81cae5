import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { consoleTokenHash } from '../../app/console-logins';
import { ApiKeySchema } from '../../db/entities';
import { eventually } from '../../stack/eventually';
import { freshDatabase, type TestDatabase } from '../support/db';
import { hubCli } from '../support/cli';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { readModelBookings } from '../support/public-bookings';
import { createTestPartner } from '../support/fixtures';
import { localEnvironment } from '../../stack/temporal';

const ORIGIN = 'http://hub.test';
const COOKIE = '__Host-hub_console';
const HOUR = 3_600_000;
const ATTACK_SCOPES = ['console.open', 'keys.manage', 'passengers.read', 'bookings.read'];

/**
 * Issue 49, "Trust at every edge": a console login neither exceeds nor outlives the authority it came from, accounts
 * have a scope ceiling set by ops, keys record their origin and die with it, and keys expire and roll.
 */
describe('Credentials bounded by their authority: scope ceilings, key origins, expiry and rolls', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let partnerId: string;
  let corporate: string;
  let operator: string;
  let corporateKey: string;
  let operatorKey: string;
  let clock: number;
  const { hub: cli, hubJson } = hubCli(() => db);
  const insertBooking = readModelBookings(
    () => db,
    () => partnerId,
  );

  const idOf = (secret: string) => secret.split('_')[2]!;
  const key = async (accountId: string, scopes: string[], extra: { expiresAt?: Date } = {}) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'k', scopes, ...extra })).key;

  async function request(
    method: string,
    path: string,
    init: { bearer?: string; cookie?: string; csrf?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${hub.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.cookie ? { cookie: `${COOKIE}=${init.cookie}` } : {}),
        ...(init.csrf ? { 'x-csrf-token': init.csrf, origin: ORIGIN } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  }
  const api = (method: string, path: string, init: Parameters<typeof request>[2] = {}) => request(method, `/api/public/v1${path}`, init);

  /** Signs in with a link as a person does; answers the cookie and its CSRF token. */
  async function signIn(url: string): Promise<{ cookie: string; csrf: string; loginId: string }> {
    const answer = await request('POST', url.slice(ORIGIN.length), { headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
    expect(answer.status).toBe(303);
    const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')![1]!;
    const session = await request('GET', '/console/session', { cookie });
    const [row] = await db.orm.em
      .getConnection()
      .execute(`select id from console_sessions where token_hash = ?`, [consoleTokenHash(cookie, TEST_SECRETS.hashPepper)]);
    return { cookie, csrf: session.json.csrf_token, loginId: row.id };
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    clock = Date.now();
    hub.deps.now = () => new Date(clock);
    partnerId = (await createTestPartner(db.orm)).partnerId;
    // As the migration leaves an account: its ceiling is what its keys hold between them (here: no passengers.read).
    corporate = (await createIntegratorAccount(db.orm, 'Acme', 'corporate', {}, ['bookings.read', 'keys.manage', 'console.open']))
      .accountId;
    operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    corporateKey = await key(corporate, ['bookings.read', 'keys.manage', 'console.open']);
    operatorKey = await key(operator, ATTACK_SCOPES);
    await insertBooking({
      accountId: corporate,
      environment: 'sandbox',
      status: 'confirmed',
      pickup: { lat: 49.0097, lng: 2.5479 },
      dropoff: { lat: 48.8674, lng: 2.3294 },
      pickupAt: new Date(Date.now() + 86_400_000),
      ride: { passenger: { name: 'Zoë Ångström', phone: '+33612345678' } },
    });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('refuses the reported attack at each step', async () => {
    // The corporate account's own key reads no passenger.
    expect((await api('GET', '/bookings?passenger_name=angstrom', { bearer: corporateKey })).json).toMatchObject({
      code: 'insufficient_scope',
      scope: 'passengers.read',
    });
    // 1. A link for another account without scopes no longer carries all of the operator key's.
    const unscoped = await api('POST', '/console-links', { bearer: operatorKey, body: { account: corporate } });
    expect(unscoped.status).toBe(422);
    expect(unscoped.json).toMatchObject({ code: 'validation_failed', param: 'scopes', errors: [{ param: 'scopes', code: 'required' }] });
    // 2. Asked explicitly, a scope beyond the account's ceiling is refused, naming it.
    const beyond = await api('POST', '/console-links', { bearer: operatorKey, body: { account: corporate, scopes: ATTACK_SCOPES } });
    expect(beyond.status).toBe(403);
    expect(beyond.headers.get('content-type')).toContain('application/problem+json');
    expect(beyond.json).toMatchObject({ code: 'insufficient_scope', scope: 'passengers.read' });
    expect(beyond.json.detail).toMatch(/scope ceiling of acct_/);
    // 3. A login within the ceiling (as the operator may open) cannot make a key with a scope the account was never granted…
    const link = await api('POST', '/console-links', {
      bearer: operatorKey,
      body: { account: corporate, scopes: ['console.open', 'keys.manage', 'bookings.read'] },
    });
    expect(link.status).toBe(201);
    const login = await signIn(link.json.url);
    const passengers = await api('POST', '/api-keys', { ...login, body: { label: 'names', scopes: ['passengers.read'] } });
    expect(passengers.status).toBe(403);
    expect(passengers.json).toMatchObject({ code: 'insufficient_scope', scope: 'passengers.read' });
    // …nor directly with a key of the account.
    expect((await api('POST', '/api-keys', { bearer: corporateKey, body: { label: 'x', scopes: ['passengers.read'] } })).status).toBe(403);
    // 4. The key it may make, and the link that key mints, die with the operator key.
    const manager = await api('POST', '/api-keys', { ...login, body: { label: 'keys', scopes: ['keys.manage', 'console.open'] } });
    expect(manager.status).toBe(201);
    expect(manager.json.created_by).toEqual({ api_key: idOf(operatorKey), console_login: login.loginId });
    const minted = await api('POST', '/console-links', { bearer: manager.json.secret, body: {} });
    expect(minted.status).toBe(201);
    const second = await signIn(minted.json.url);
    expect((await cli('keys', 'revoke', idOf(operatorKey))).code).toBe(0);
    // The CLI writes the database; each API process hears of it within milliseconds.
    await eventually(
      () => api('GET', '/api-keys', { cookie: login.cookie }),
      (r) => r.status === 401,
      'the revocation reaches the API',
      { everyMs: 20 },
    );
    const dead = await api('GET', '/api-keys', { bearer: manager.json.secret });
    expect(dead.status).toBe(401);
    expect(dead.json.code).toBe('invalid_api_key');
    expect((await api('GET', '/api-keys', { cookie: second.cookie })).status).toBe(401);
    expect((await api('POST', '/console-links', { bearer: manager.json.secret, body: {} })).status).toBe(401);
  });

  it('revokes a key made through a login with the key that opened it, transitively, through the API as through the CLI', async () => {
    const opener = await key(operator, ATTACK_SCOPES);
    const revoker = await key(operator, ['keys.manage']);
    const login = await signIn(
      (await api('POST', '/console-links', { bearer: opener, body: { account: corporate, scopes: ['keys.manage', 'bookings.read'] } })).json
        .url,
    );
    const child = await api('POST', '/api-keys', { ...login, body: { label: 'child', scopes: ['keys.manage', 'bookings.read'] } });
    expect(child.json.created_by).toEqual({ api_key: idOf(opener), console_login: login.loginId });
    // A key the child makes with its own secret (no login) still comes from the opener's authority.
    const grandchild = await api('POST', '/api-keys', {
      bearer: child.json.secret,
      body: { label: 'grandchild', scopes: ['bookings.read'] },
    });
    expect(grandchild.json.created_by).toEqual({ api_key: child.json.id, console_login: null });
    const bystander = await key(corporate, ['bookings.read']);
    expect((await api('GET', '/bookings', { bearer: grandchild.json.secret })).status).toBe(200);

    const revoked = await api('DELETE', `/api-keys/${idOf(opener)}`, { bearer: revoker });
    expect(revoked.status).toBe(200);
    for (const secret of [child.json.secret, grandchild.json.secret]) {
      const refused = await api('GET', '/bookings', { bearer: secret });
      expect(refused.status).toBe(401);
    }
    expect((await api('GET', '/bookings', { cookie: login.cookie })).json.code).toBe('console_login_required');
    expect((await api('GET', '/bookings', { bearer: bystander })).status).toBe(200);
    const rows = await db.orm.em.fork().find(ApiKeySchema, { id: { $in: [idOf(opener), child.json.id, grandchild.json.id] } });
    expect(new Set(rows.map((r) => r.revokedAt?.toISOString()))).toEqual(new Set([revoked.json.revoked_at]));
    const listed = await hubJson('keys', 'list', '--account', corporate);
    expect(listed.find((k: { key_id: string }) => k.key_id === child.json.id)).toMatchObject({
      created_by: { api_key: idOf(opener), console_login: login.loginId },
      revoked_at: revoked.json.revoked_at,
    });
    expect((await cli('keys', 'list', '--account', corporate)).stdout).toContain(`${idOf(opener)} via ${login.loginId}`);
  });

  it('bounds a key made through a login by the login, whose scopes the operator names', async () => {
    const own = await api('POST', '/console-links', { bearer: corporateKey, body: {} }); // its own account: scopes may be left out
    expect(own.json.scopes).toEqual(['bookings.read', 'keys.manage', 'console.open']);
    const link = await api('POST', '/console-links', {
      bearer: await key(operator, ATTACK_SCOPES),
      body: { account: corporate, scopes: ['keys.manage'] },
    });
    expect(link.json).toMatchObject({ account: corporate, scopes: ['keys.manage'] });
    const login = await signIn(link.json.url);
    const wider = await api('POST', '/api-keys', { ...login, body: { label: 'x', scopes: ['bookings.read'] } });
    expect(wider.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.read' });
    // keys.manage and console.open reach another account's login only when its ceiling grants them.
    const narrow = (await createIntegratorAccount(db.orm, 'Narrow', 'corporate', {}, ['bookings.read'])).accountId;
    const refused = await api('POST', '/console-links', {
      bearer: await key(operator, ATTACK_SCOPES),
      body: { account: narrow, scopes: ['bookings.read', 'keys.manage', 'console.open'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'insufficient_scope', scope: 'keys.manage console.open' });
  });

  it('holds the scope ceiling on key creation by the CLI and the API, and ops set it', async () => {
    const account = (await hubJson('accounts', 'create', '--name', 'Globex')).account_id;
    const shown = await hubJson('accounts', 'show', account);
    expect(shown.scope_ceiling).not.toContain('passengers.read'); // a new corporate account: every scope but passengers
    expect(shown.scope_ceiling).toContain('keys.manage');
    const create = (scopes: string) => cli('keys', 'create', '--account', account, '--env', 'test', '--label', 'l', '--scopes', scopes);
    const refused = await create('bookings.read,passengers.read');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('passengers.read beyond the scope ceiling');
    const updated = await hubJson('accounts', 'update', account, '--scope-ceiling', 'bookings.read,passengers.read,keys.manage');
    expect(updated.scope_ceiling).toEqual(['bookings.read', 'passengers.read', 'keys.manage']);
    expect((await cli('accounts', 'list')).stdout).toContain('bookings.read,passengers.read,keys.manage');
    expect((await create('bookings.read,passengers.read')).code).toBe(0);
    expect((await cli('accounts', 'update', account, '--scope-ceiling', 'root')).code).toBe(2);

    const manager = await key(account, ['keys.manage', 'bookings.read']);
    expect((await api('POST', '/api-keys', { bearer: manager, body: { label: 'ok', scopes: ['bookings.read'] } })).status).toBe(201);
    // Narrowing the ceiling narrows the keys at once: bookings.read is gone from every key of the account.
    await hubJson('accounts', 'update', account, '--scope-ceiling', 'passengers.read,keys.manage');
    const create403 = () => api('POST', '/api-keys', { bearer: manager, body: { label: 'no', scopes: ['bookings.read'] } });
    // The CLI writes the database; each API process hears of it within milliseconds.
    const narrowed = await eventually(create403, (r) => r.status === 403, 'the narrower ceiling reaches the API', { everyMs: 20 });
    expect(narrowed.json).toMatchObject({ code: 'insufficient_scope', scope: 'bookings.read' });
    expect((await api('GET', '/bookings', { bearer: manager })).status).toBe(403);
    // Widened again, the key holds what it was made with.
    await hubJson('accounts', 'update', account, '--scope-ceiling', 'keys.manage,bookings.read');
    await eventually(
      () => api('GET', '/bookings', { bearer: manager }),
      (r) => r.status === 200,
      'the wider ceiling',
      { everyMs: 20 },
    );
    expect((await cli('console', 'link', '--account', account, '--env', 'test', '--scopes', 'tracking.read')).code).toBe(1);
    expect((await hubJson('console', 'link', '--account', account, '--env', 'test')).scopes).toEqual(['keys.manage', 'bookings.read']);
  });

  it('ends a key at its expires_at (401 saying so), and a key made from it no later', async () => {
    const manager = await key(corporate, ['keys.manage', 'bookings.read']);
    const past = await api('POST', '/api-keys', {
      bearer: manager,
      body: { label: 'old', scopes: ['bookings.read'], expires_at: new Date(clock - 1000).toISOString() },
    });
    expect(past.status).toBe(422);
    expect(past.json).toMatchObject({ code: 'validation_failed', param: 'expires_at' });
    const end = new Date(clock + 2 * HOUR).toISOString();
    const made = await api('POST', '/api-keys', {
      bearer: manager,
      body: { label: 'temp', scopes: ['keys.manage', 'bookings.read'], expires_at: end },
    });
    expect(made.status).toBe(201);
    expect(made.json.expires_at).toBe(end);
    // A key made by an expiring key ends with it, whatever it asks.
    const later = await api('POST', '/api-keys', {
      bearer: made.json.secret,
      body: { label: 'later', scopes: ['bookings.read'], expires_at: new Date(clock + 48 * HOUR).toISOString() },
    });
    expect(later.json.expires_at).toBe(end);
    expect((await api('GET', '/bookings', { bearer: made.json.secret })).status).toBe(200);
    const before = clock;
    clock = Date.parse(end);
    try {
      const expired = await api('GET', '/bookings', { bearer: made.json.secret });
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({ code: 'invalid_api_key', detail: expect.stringContaining(`expired at ${end}`) });
      expect((await api('GET', '/bookings', { bearer: later.json.secret })).status).toBe(401);
      const ids = (await api('GET', '/api-keys?limit=100', { bearer: manager })).json.data.map((k: { id: string }) => k.id);
      expect(ids).not.toContain(made.json.id);
    } finally {
      clock = before;
    }
    const cliKey = await hubJson(
      'keys',
      'create',
      '--account',
      corporate,
      '--env',
      'test',
      '--label',
      'c',
      '--scopes',
      'bookings.read',
      '--expires-in-days',
      '30',
    );
    expect(Date.parse(cliKey.expires_at) - Date.now()).toBeGreaterThan(29 * 24 * HOUR);
  });

  it('rolls a key: a new secret with the same label, scopes and rate; the old one works until the overlap ends', async () => {
    const manager = await key(corporate, ['keys.manage', 'bookings.read']);
    const target = await api('POST', '/api-keys', {
      bearer: manager,
      body: { label: 'ERP', scopes: ['keys.manage', 'bookings.read'], rate_per_minute: 120 },
    });
    // A key the old one made: from the roll on, it is the new key's.
    const child = await api('POST', '/api-keys', { bearer: target.json.secret, body: { label: 'probe', scopes: ['bookings.read'] } });
    const headers = { 'idempotency-key': 'roll-erp-once' };
    const rolled = await api('POST', `/api-keys/${target.json.id}/roll`, { bearer: manager, body: { expires_in_hours: 24 }, headers });
    expect(rolled.status).toBe(201);
    expect(rolled.headers.get('cache-control')).toBe('no-store');
    expect(rolled.json).toMatchObject({
      label: 'ERP',
      scopes: ['keys.manage', 'bookings.read'],
      rate_per_minute: 120,
      rolled_from: target.json.id,
      created_by: { api_key: idOf(manager), console_login: null },
      expires_at: null,
    });
    expect(rolled.json.secret).not.toBe(target.json.secret);
    const replay = await api('POST', `/api-keys/${target.json.id}/roll`, { bearer: manager, body: { expires_in_hours: 24 }, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.secret).toBe(rolled.json.secret);
    const again = await api('POST', `/api-keys/${target.json.id}/roll`, { bearer: manager, body: { expires_in_hours: 24 } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'conflict', detail: expect.stringContaining(rolled.json.id) });

    const listed = (await api('GET', '/api-keys?limit=100', { bearer: manager })).json.data;
    expect(listed.find((k: { id: string }) => k.id === target.json.id).expires_at).toBe(new Date(clock + 24 * HOUR).toISOString());
    expect((await api('GET', '/bookings', { bearer: target.json.secret })).status).toBe(200);
    expect((await api('GET', '/bookings', { bearer: rolled.json.secret })).status).toBe(200);
    const before = clock;
    clock += 24 * HOUR;
    try {
      const old = await api('GET', '/bookings', { bearer: target.json.secret });
      expect(old.status).toBe(401);
      expect(old.json.detail).toContain('expired');
      expect((await api('GET', '/bookings', { bearer: rolled.json.secret })).status).toBe(200);
      expect((await api('GET', '/bookings', { bearer: child.json.secret })).status).toBe(200);
    } finally {
      clock = before;
    }
    const keys = await hubJson('keys', 'list', '--account', corporate);
    expect(keys.find((k: { key_id: string }) => k.key_id === child.json.id).created_by).toEqual({
      api_key: rolled.json.id,
      console_login: null,
    });
    // Revoking the new key reaches what the old one made.
    expect((await api('DELETE', `/api-keys/${rolled.json.id}`, { bearer: manager })).status).toBe(200);
    expect((await api('GET', '/bookings', { bearer: child.json.secret })).status).toBe(401);
  });

  it('rolls at once by default, refuses to end the key in use or hand out more than the caller holds, and rolls from the CLI', async () => {
    const manager = await key(corporate, ['keys.manage', 'bookings.read']);
    const target = await key(corporate, ['bookings.read']);
    const now = await api('POST', `/api-keys/${idOf(target)}/roll`, { bearer: manager });
    expect(now.status).toBe(201);
    expect((await api('GET', '/bookings', { bearer: target })).status).toBe(401);
    expect((await api('GET', '/bookings', { bearer: now.json.secret })).status).toBe(200);

    const self = await api('POST', `/api-keys/${idOf(manager)}/roll`, { bearer: manager, body: {} });
    expect(self.status).toBe(409);
    expect(self.json.code).toBe('api_key_in_use');
    const selfWithOverlap = await api('POST', `/api-keys/${idOf(manager)}/roll`, { bearer: manager, body: { expires_in_hours: 1 } });
    expect(selfWithOverlap.status).toBe(201);
    expect(selfWithOverlap.json.created_by).toBeNull(); // rolled by itself: the old key's origin (ops)
    const wider = await key(corporate, ['bookings.read', 'console.open']);
    const more = await api('POST', `/api-keys/${idOf(wider)}/roll`, { bearer: selfWithOverlap.json.secret });
    expect(more.status).toBe(403);
    expect(more.json).toMatchObject({ code: 'insufficient_scope', scope: 'console.open' });
    expect((await api('POST', `/api-keys/${idOf(wider)}/roll`, { bearer: manager, body: { expires_in_hours: 169 } })).status).toBe(422);

    const byCli = await hubJson('keys', 'roll', idOf(wider), '--overlap-hours', '2');
    expect(byCli).toMatchObject({ rolled_from: idOf(wider), scopes: ['bookings.read', 'console.open'], created_by: null });
    expect(byCli.key).toMatch(/^hub_test_/);
    expect(Date.parse(byCli.old_key_expires_at) - Date.now()).toBeGreaterThan(HOUR);
    expect((await cli('keys', 'roll', idOf(wider))).code).toBe(1); // rolled already
    expect((await cli('keys', 'roll', idOf(wider), '--overlap-hours', '200')).code).toBe(2);
  });
});
