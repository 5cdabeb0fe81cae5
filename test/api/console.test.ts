import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount, revokeApiKey } from '../../app/accounts';
import { purgeExpired } from '../../api/housekeeping';
import { CONSOLE_ABSOLUTE_TIMEOUT_MS, CONSOLE_IDLE_TIMEOUT_MS, CONSOLE_LINK_TTL_MS } from '../../domain/console-login';
import { freshDatabase, type TestDatabase } from '../support/db';
import { hubCli } from '../support/cli';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { eventually } from '../../stack/eventually';
import { openSse } from '../support/sse';

const ORIGIN = 'http://hub.test';
/** `http://hub.test` is not loopback: the cookie is Secure and so carries the `__Host-` prefix. */
const COOKIE = '__Host-hub_console';
const cookieIn = (setCookie: string | null) => new RegExp(`${COOKIE}=([^;]+)`).exec(setCookie ?? '')?.[1];

describe('Console sign-in: links, logins, the cookie on the public API, CSRF, the served app', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let corporate: string;
  let other: string;
  let operator: string;
  let corporateKey: string;
  let operatorKey: string;
  let noConsoleKey: string;
  let clock: number;
  const { hub: cli, hubJson } = hubCli(() => db);

  const key = async (accountId: string, scopes: string[]) =>
    (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'k', scopes })).key;

  async function request(
    method: string,
    path: string,
    init: { bearer?: string; cookie?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    const response = await fetch(`${hub.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.cookie ? { cookie: `${COOKIE}=${init.cookie}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body,
    });
    const text = await response.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  const linkOf = async (bearer: string, body: object = {}) => {
    const answer = await request('POST', '/api/public/v1/console-links', { bearer, body: JSON.stringify(body) });
    expect(answer.status).toBe(201);
    return answer.json as { url: string; expires_at: string; account: string; scopes: string[] };
  };
  const pathOf = (url: string) => url.slice(ORIGIN.length);
  /** The person's click on the link page's Sign in button: a same-origin POST (the page withholds Origin: null). */
  const signIn = (url: string, cookie?: string) =>
    request('POST', pathOf(url), { cookie, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
  /** Opens a link as a person does (its page, then Sign in) and answers the cookie's value. */
  const open = async (url: string) => {
    expect((await request('GET', pathOf(url))).status).toBe(200);
    const answer = await signIn(url);
    expect(answer.status).toBe(303);
    return cookieIn(answer.headers.get('set-cookie'))!;
  };
  const session = (cookie: string) => request('GET', '/console/session', { cookie });

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { workers: false });
    clock = Date.parse('2026-11-26T09:00:00Z');
    hub.deps.now = () => new Date(clock);
    corporate = (await createIntegratorAccount(db.orm, 'Acme <Travel>')).accountId;
    other = (await createIntegratorAccount(db.orm, 'Other')).accountId;
    operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    corporateKey = await key(corporate, ['console.open', 'webhooks.manage', 'bookings.read']);
    operatorKey = await key(operator, ['console.open', 'bookings.read']);
    noConsoleKey = await key(corporate, ['webhooks.manage']);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it("signs in by a one-time link with the key's account, environment and scopes, and the cookie calls the public API", async () => {
    const link = await linkOf(corporateKey);
    expect(link).toMatchObject({
      object: 'console_link',
      url: expect.stringMatching(/^http:\/\/hub\.test\/console\/login\/[A-Za-z0-9_-]{43}$/),
      expires_at: new Date(clock + CONSOLE_LINK_TTL_MS).toISOString(),
      account: corporate,
      livemode: false,
      scopes: ['console.open', 'webhooks.manage', 'bookings.read'],
    });
    const shown = await request('GET', pathOf(link.url));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('set-cookie')).toBeNull();
    expect(shown.text).toContain('Acme &#60;Travel&#62;');
    expect(shown.text).toContain(`(${corporate}), test mode`);
    expect(shown.text).toContain(`<form method="post" action="${pathOf(link.url)}">`);
    const opened = await signIn(link.url);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/console/');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const setCookie = opened.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-hub_console=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
    const cookie = cookieIn(setCookie)!;

    const described = await session(cookie);
    expect(described.status).toBe(200);
    expect(described.json).toEqual({
      account: { id: corporate, name: 'Acme <Travel>', kind: 'corporate' },
      livemode: false,
      scopes: ['console.open', 'webhooks.manage', 'bookings.read'],
      api_key_id: corporateKey.split('_')[2],
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      idle_expires_at: new Date(clock + CONSOLE_IDLE_TIMEOUT_MS).toISOString(),
      expires_at: new Date(clock + CONSOLE_ABSOLUTE_TIMEOUT_MS).toISOString(),
    });
    expect(described.headers.get('set-cookie')).toMatch(/SameSite=Strict/);

    const listed = await request('GET', '/api/public/v1/webhook-destinations', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('ratelimit-policy')).toContain('q=600');
    const created = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { 'x-csrf-token': described.json.csrf_token, origin: ORIGIN },
      body: JSON.stringify({ url: 'https://erp.example.com/hooks', events: ['booking.cancelled'] }),
    });
    expect(created.status).toBe(201);
    expect((await request('GET', '/api/public/v1/webhook-destinations', { cookie })).json.data.map((d: { id: string }) => d.id)).toEqual([
      created.json.id,
    ]);
  });

  it('refuses a used link and an expired one with a plain page, and opens no login', async () => {
    const link = await linkOf(corporateKey);
    await open(link.url);
    expect((await signIn(link.url)).status).toBe(410);
    const again = await request('GET', pathOf(link.url));
    expect(again.status).toBe(410);
    expect(again.headers.get('content-type')).toContain('text/html');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.text).toContain('already used');

    const late = await linkOf(corporateKey);
    clock += CONSOLE_LINK_TTL_MS;
    const expired = await request('GET', pathOf(late.url));
    expect(expired.status).toBe(410);
    expect((await signIn(late.url)).status).toBe(410);
    expect(expired.headers.get('set-cookie')).toBeNull();
    expect(expired.text).toContain('expired');

    const unknown = await request('GET', '/console/login/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('ends a login idle for an hour, and one twelve hours old however busy', async () => {
    const idle = await open((await linkOf(corporateKey)).url);
    clock += CONSOLE_IDLE_TIMEOUT_MS - 60_000;
    expect((await session(idle)).status).toBe(200); // moves the idle clock
    clock += CONSOLE_IDLE_TIMEOUT_MS - 1000;
    expect((await session(idle)).status).toBe(200);
    clock += CONSOLE_IDLE_TIMEOUT_MS;
    const over = await session(idle);
    expect(over.status).toBe(401);
    expect(over.json).toMatchObject({ code: 'console_login_required', detail: expect.stringContaining('idle') });
    clock -= CONSOLE_IDLE_TIMEOUT_MS; // ended for good, even back inside the hour
    expect((await session(idle)).status).toBe(401);

    const busy = await open((await linkOf(corporateKey)).url);
    const started = clock;
    while (clock < started + CONSOLE_ABSOLUTE_TIMEOUT_MS - 50 * 60_000) {
      clock += 50 * 60_000;
      expect((await request('GET', '/api/public/v1/webhook-destinations', { cookie: busy })).status).toBe(200);
    }
    clock = started + CONSOLE_ABSOLUTE_TIMEOUT_MS;
    const old = await request('GET', '/api/public/v1/webhook-destinations', { cookie: busy });
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ code: 'console_login_required', detail: expect.stringContaining('twelve hours') });
  });

  it('refuses to revoke, from a login, the API key that opened it (409 api_key_in_use), and revokes another', async () => {
    const manager = await key(corporate, ['console.open', 'keys.manage']);
    const spare = await key(corporate, ['bookings.read']);
    const cookie = await open((await linkOf(manager)).url);
    const { csrf_token: csrf, api_key_id: opener } = (await session(cookie)).json;
    expect(opener).toBe(manager.split('_')[2]);
    const revoke = (id: string) =>
      request('DELETE', `/api/public/v1/api-keys/${id}`, { cookie, headers: { 'x-csrf-token': csrf, origin: ORIGIN } });
    const own = await revoke(opener);
    expect(own.status).toBe(409);
    expect(own.json).toMatchObject({ code: 'api_key_in_use', title: 'API key in use by this caller', param: 'id' });
    expect(own.json.detail).toMatch(/opened this console login/);
    expect((await session(cookie)).status).toBe(200);
    expect((await revoke(spare.split('_')[2]!)).status).toBe(200);
  });

  it('refuses a change with the cookie but no CSRF token (a cross-site form post), or from another origin', async () => {
    const cookie = await open((await linkOf(corporateKey)).url);
    const { csrf_token } = (await session(cookie)).json;
    const body = JSON.stringify({ url: 'https://erp.example.com/x', events: ['booking.cancelled'] });
    const form = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'url=https%3A%2F%2Fevil.example&events=booking.cancelled',
    });
    expect(form.status).toBe(403);
    expect(form.json).toMatchObject({ code: 'csrf_token_invalid', param: 'X-CSRF-Token' });
    const wrong = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { 'x-csrf-token': csrf_token.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')), origin: ORIGIN },
      body,
    });
    expect(wrong.json.code).toBe('csrf_token_invalid');
    const crossOrigin = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { 'x-csrf-token': csrf_token, origin: 'https://evil.example' },
      body,
    });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.json.code).toBe('cross_site_request');
    const noOrigin = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { 'x-csrf-token': csrf_token },
      body,
    });
    expect(noOrigin.json.code).toBe('cross_site_request');
    const crossSite = await request('POST', '/api/public/v1/webhook-destinations', {
      cookie,
      headers: { 'x-csrf-token': csrf_token, 'sec-fetch-site': 'same-site' },
      body,
    });
    expect(crossSite.json.code).toBe('cross_site_request');
    const signOut = await request('POST', '/console/sign-out', { cookie, headers: { origin: 'https://evil.example' } });
    expect(signOut.json.code).toBe('csrf_token_invalid');
    // Nothing of the refused ones was created.
    const list = await request('GET', '/api/public/v1/webhook-destinations', { cookie });
    expect(list.json.data.filter((d: { url: string }) => d.url === 'https://erp.example.com/x')).toEqual([]);
  });

  it("refuses a key without console.open, a corporate key naming another account, and scopes beyond the key's", async () => {
    const noScope = await request('POST', '/api/public/v1/console-links', { bearer: noConsoleKey, body: '{}' });
    expect(noScope.status).toBe(403);
    expect(noScope.json).toMatchObject({ code: 'insufficient_scope', scope: 'console.open' });
    const another = await request('POST', '/api/public/v1/console-links', {
      bearer: corporateKey,
      body: JSON.stringify({ account: other }),
    });
    expect(another.status).toBe(403);
    expect(another.json).toMatchObject({ code: 'account_kind_forbidden', account_kind: 'corporate', required_kind: 'operator' });
    const more = await request('POST', '/api/public/v1/console-links', {
      bearer: corporateKey,
      body: JSON.stringify({ scopes: ['webhooks.manage', 'keys.manage'] }),
    });
    expect(more.status).toBe(403);
    expect(more.json).toMatchObject({ code: 'insufficient_scope', scope: 'keys.manage' });

    // An operator key may open another account's console, with its own scopes or fewer.
    const embedded = await linkOf(operatorKey, { account: corporate, scopes: ['bookings.read'] });
    expect(embedded).toMatchObject({ account: corporate, scopes: ['bookings.read'] });
    const cookie = await open(embedded.url);
    expect((await session(cookie)).json).toMatchObject({ account: { id: corporate, kind: 'corporate' }, scopes: ['bookings.read'] });
    const beyond = await request('GET', '/api/public/v1/webhook-destinations', { cookie });
    expect(beyond.status).toBe(403);
    expect(beyond.json).toMatchObject({ code: 'insufficient_scope', scope: 'webhooks.manage' });
    const nullBody = await request('POST', '/api/public/v1/console-links', { bearer: corporateKey, body: 'null' });
    expect(nullBody.status).toBe(422);
    const unknown = await request('POST', '/api/public/v1/console-links', {
      bearer: operatorKey,
      body: JSON.stringify({ account: 'acct_00000000000000000000000000' }),
    });
    expect(unknown.status).toBe(404);
  });

  it("signs out; hub console revoke ends every login of an account at once; a revoked key's logins end", async () => {
    clock = Date.now(); // the CLI's links are made on the real clock
    const signedIn = await open((await linkOf(corporateKey)).url);
    const { csrf_token } = (await session(signedIn)).json;
    const out = await request('POST', '/console/sign-out', { cookie: signedIn, headers: { 'x-csrf-token': csrf_token, origin: ORIGIN } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-hub_console=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await session(signedIn)).status).toBe(401);

    const made = await hubJson('console', 'link', '--account', corporate, '--env', 'test', '--scopes', 'bookings.read,webhooks.manage');
    expect(made).toMatchObject({
      object: 'console_link',
      account: corporate,
      livemode: false,
      scopes: ['bookings.read', 'webhooks.manage'],
    });
    const first = await open(made.url.replace('http://localhost:3000', ORIGIN));
    const second = await open((await linkOf(corporateKey)).url);
    const unused = await linkOf(corporateKey);
    const otherLogin = await open((await linkOf(operatorKey)).url);
    expect((await session(first)).status).toBe(200);
    expect((await session(second)).status).toBe(200);

    const revoked = await hubJson('console', 'revoke', '--account', corporate);
    expect(revoked.ended_logins).toBeGreaterThanOrEqual(2);
    expect((await session(first)).status).toBe(401);
    expect((await request('GET', '/api/public/v1/webhook-destinations', { cookie: second })).status).toBe(401);
    expect((await request('GET', pathOf(unused.url))).status).toBe(410);
    expect((await session(otherLogin)).status).toBe(200); // another account's login goes on
    expect((await cli('console', 'revoke', '--account', 'acct_nobody')).code).toBe(1);

    const shortLived = await key(corporate, ['console.open', 'bookings.read']);
    const cookie = await open((await linkOf(shortLived)).url);
    expect((await session(cookie)).status).toBe(200);
    // The API keeps each key's standing until a change is notified: milliseconds, so the check may take a few tries.
    await revokeApiKey(db.orm, shortLived.split('_')[2]!);
    const after = await eventually(
      () => session(cookie),
      (r) => r.status === 401,
      'the revocation reaches the login',
      {
        everyMs: 20,
      },
    );
    expect(after.status).toBe(401);
    expect(after.json.detail).toContain('revoked');
  });

  it("leaves the link to the person when a mail scanner HEADs it and a chat preview GETs it; refuses another site's POST", async () => {
    const link = await linkOf(corporateKey);
    const scanner = await request('HEAD', pathOf(link.url));
    expect(scanner.status).toBe(200);
    expect(scanner.headers.get('set-cookie')).toBeNull();
    const unfurler = await request('GET', pathOf(link.url));
    expect(unfurler.status).toBe(200);
    expect(unfurler.headers.get('set-cookie')).toBeNull();
    const robots: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      {}, // no browser headers at all: a robot's POST
    ];
    for (const headers of robots) {
      const refused = await request('POST', pathOf(link.url), { headers });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    const person = await request('POST', pathOf(link.url), { headers: { origin: ORIGIN } });
    expect(person.status).toBe(303);
    expect((await session(cookieIn(person.headers.get('set-cookie'))!)).status).toBe(200);
  });

  it("warns before another account's link replaces this browser's login, and ends the replaced login", async () => {
    const mine = await open((await linkOf(corporateKey)).url);
    const theirs = await linkOf(operatorKey);
    const shown = await request('GET', pathOf(theirs.url), { cookie: mine });
    expect(shown.text).toContain('You are signed in to Acme &#60;Travel&#62; (test mode) in this browser. Signing in ends that login.');
    const replaced = await signIn(theirs.url, mine);
    expect(replaced.status).toBe(303);
    expect((await session(mine)).status).toBe(401);
    expect((await session(cookieIn(replaced.headers.get('set-cookie'))!)).json.account.id).toBe(operator);
  });

  it('lets a login ask for a link, but the login that link opens ends no later than the one that asked', async () => {
    const first = await open((await linkOf(corporateKey)).url);
    const { csrf_token, expires_at } = (await session(first)).json;
    const end = Date.parse(expires_at);
    while (clock < end - 5 * 60_000) {
      clock = Math.min(clock + 50 * 60_000, end - 5 * 60_000); // busy (no idle timeout) until 5 minutes are left
      expect((await session(first)).status).toBe(200);
    }
    const asked = await request('POST', '/api/public/v1/console-links', {
      cookie: first,
      headers: { 'x-csrf-token': csrf_token, origin: ORIGIN },
      body: '{}',
    });
    expect(asked.status).toBe(201);
    expect(asked.json.expires_at).toBe(expires_at);
    const second = await open(asked.json.url);
    expect((await session(second)).json.expires_at).toBe(expires_at);
    clock = Date.parse(expires_at);
    expect((await session(second)).status).toBe(401);
  });

  it('ends a live stream once its login signs out, and once its API key is revoked (EventSource then signs in afresh)', async () => {
    hub.deps.streamRecheckMs = 100;
    clock = Date.now();
    const stream = '/api/public/v1/webhook-deliveries/stream';
    const cookie = await open((await linkOf(corporateKey)).url);
    const byLogin = await openSse(`${hub.baseUrl}${stream}`, { cookie: `${COOKIE}=${cookie}` });
    const { csrf_token } = (await session(cookie)).json;
    expect((await request('POST', '/console/sign-out', { cookie, headers: { 'x-csrf-token': csrf_token, origin: ORIGIN } })).status).toBe(
      204,
    );
    expect(await byLogin.next()).toBeNull(); // the stream ended: without the recheck this waits for ever

    const streamKey = await key(corporate, ['webhooks.manage']);
    const byKey = await openSse(`${hub.baseUrl}${stream}`, { authorization: `Bearer ${streamKey}` });
    await revokeApiKey(db.orm, streamKey.split('_')[2]!);
    expect(await byKey.next()).toBeNull();
    const again = await request('GET', stream, { bearer: streamKey, headers: { accept: 'text/event-stream' } });
    expect(again.status).toBe(401);
  });

  it('forgets links and logins a day after they are over (housekeeping)', async () => {
    const count = async (table: string) =>
      (await db.orm.em.getConnection().execute(`select count(*)::int as n from ${table}`))[0].n as number;
    expect(await count('console_sessions')).toBeGreaterThan(0);
    await purgeExpired(db.orm, new Date(Date.now() + 2 * 86_400_000));
    expect(await count('console_sessions')).toBe(0);
    expect(await count('console_links')).toBe(0);
  });

  it('serves the built app with a strict CSP under /console, index.html for its pages, and a 503 page when unbuilt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-console-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><title>Console</title><script type="module" src="/console/assets/app-1a2b.js"></script>',
      );
      writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
      writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      hub.deps.console = { dir, embedOrigins: ['https://portal.example.com'] };

      const index = await request('GET', '/console');
      expect(index.status).toBe(200);
      expect(index.text).toContain('<title>Console</title>');
      expect(index.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; " +
          "form-action 'self'; frame-ancestors 'self' https://portal.example.com",
      );
      expect(index.headers.get('x-content-type-options')).toBe('nosniff');
      expect(index.headers.get('referrer-policy')).toBe('no-referrer');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const deep = await request('GET', '/console/webhooks/whd_123?tab=deliveries');
      expect(deep.status).toBe(200);
      expect(deep.text).toBe(index.text);
      const script = await request('GET', '/console/assets/app-1a2b.js');
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await request('GET', '/console/favicon.svg')).headers.get('content-type')).toContain('image/svg+xml');
      expect((await request('GET', '/console/assets/gone-9z9z.js')).status).toBe(404);
      const traversal = await request('GET', '/console/..%2F..%2Fpackage.json');
      expect(traversal.text).not.toContain('"dependencies"');

      hub.deps.console = { dir: join(dir, 'missing'), embedOrigins: [] };
      const unbuilt = await request('GET', '/console/');
      expect(unbuilt.status).toBe(503);
      expect(unbuilt.headers.get('content-type')).toContain('text/html');
      expect(unbuilt.text).toContain('npm ci');
      expect(unbuilt.text).toContain('HUB_CONSOLE_DIR');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
