import { Agent, request } from 'node:http';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { BODY_LIMIT_BYTES } from '../../api/middleware/body';
import { Passenger } from '../../api/wire-schemas';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { LISTENER_APPLICATION_NAME } from '../../db/change-listener';
import { revokeClient } from '../../app/accounts';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { eventually } from '../../stack/eventually';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/**
 * RFC 9457 problem+json for every refusal, request ids, body limits, and the PostgreSQL-backed rate limit shared by
 * every API process (IETF RateLimit fields, draft -10, plus X-RateLimit-*).
 */

const UNKNOWN_BOOKING = newId('bkg');

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: Reply['json'] = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    // not JSON; the test looks at `text`
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Every refusal is RFC 9457 problem+json with the code, the status, and the request id of the response header. */
function expectProblem(reply: Reply, status: number, code: string) {
  expect({ status: reply.status, code: reply.json.code }).toEqual({ status, code });
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.json).toMatchObject({
    status,
    code,
    type: expect.stringContaining(`#${code}`),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(typeof reply.json.instance).toBe('string');
  const requestId = reply.headers.get('x-request-id');
  expect(requestId).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  expect(reply.json.request_id).toBe(requestId);
}

/** About 384 KiB of valid JSON in 64 KiB chunks: over the limit, with no Content-Length. */
function oversizedChunks(): string[] {
  return ['{"passenger": [', ...Array.from({ length: 6 }, () => `"${'y'.repeat(64 * 1024)}",`), '"z"]}'];
}

/** node:http on a given agent, so a test controls which connection a request travels on. */
function rawRequest(
  agent: Agent,
  url: string,
  options: { method: string; headers?: Record<string, string>; chunks?: string[]; timeoutMs?: number },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers, agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
        let json: Reply['json'] = {};
        try {
          json = text ? JSON.parse(text) : {};
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers, text, json });
      });
    });
    req.on('error', reject);
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no response within ${options.timeoutMs} ms`)));
    }
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rate windows are fixed UTC minutes: start a burst only with at least `seconds` left in the current one. */
async function awaitRoomInWindow(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await sleep(left + 250);
}

/** Runs `tasks` with at most `width` in flight. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

describe('problem responses and rate limits', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let token: string;

  const count = async (table: 'bookings' | 'idempotency_keys') =>
    ((await db.orm.em.getConnection().execute(`select count(*)::int as n from ${table}`)) as { n: number }[])[0].n;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    const partner = await createTestPartner(db.orm);
    token = await requestToken(hub.baseUrl, partner.sandbox);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const post = (body: string | undefined, headers: Record<string, string> = {}) =>
    send(`${hub.baseUrl}/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body,
    });

  describe('problem+json', () => {
    let bookingsBefore: number;
    beforeAll(async () => {
      bookingsBefore = await count('bookings');
    });

    it('answers malformed JSON with 400 invalid_json', async () => {
      const reply = await post('{"pickup": {', { 'idempotency-key': 'bad-json-1' });
      expectProblem(reply, 400, 'invalid_json');
    });

    it('answers an unknown route with 404 not_found', async () => {
      expectProblem(await send(`${hub.baseUrl}/v1/nothing-here`), 404, 'not_found');
      expectProblem(
        await send(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}/nothing`, { headers: { authorization: `Bearer ${token}` } }),
        404,
        'not_found',
      );
    });

    it('answers a wrong method with 405 and Allow', async () => {
      const del = await send(`${hub.baseUrl}/v1/bookings`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      expectProblem(del, 405, 'method_not_allowed');
      expect(del.headers.get('allow')?.split(/,\s*/)).toContain('POST');
      expect(del.headers.get('allow')?.split(/,\s*/)).not.toContain('DELETE');

      const put = await send(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      });
      expectProblem(put, 405, 'method_not_allowed');
      expect(put.headers.get('allow')?.split(/,\s*/)).toContain('GET');

      const getToken = await send(`${hub.baseUrl}/v1/oauth/token`);
      expectProblem(getToken, 405, 'method_not_allowed');
      expect(getToken.headers.get('allow')?.split(/,\s*/)).toContain('POST');
    });

    it(`answers a body over ${BODY_LIMIT_BYTES} bytes with 413, and reads one of exactly the limit`, async () => {
      const padded = (size: number) => {
        const skeleton = JSON.stringify({ external_id: '' });
        return JSON.stringify({ external_id: 'x'.repeat(size - skeleton.length) });
      };
      expect(Buffer.byteLength(padded(BODY_LIMIT_BYTES))).toBe(BODY_LIMIT_BYTES);
      expect(BODY_LIMIT_BYTES).toBe(256 * 1024);

      const atLimit = await post(padded(BODY_LIMIT_BYTES), { 'idempotency-key': 'at-limit-1' });
      expectProblem(atLimit, 422, 'validation_failed'); // read and validated, not refused for its size

      const over = await post(padded(BODY_LIMIT_BYTES + 1), { 'idempotency-key': 'over-limit-1' });
      expectProblem(over, 413, 'payload_too_large');
    });

    it('answers an oversized chunked body (no Content-Length) with 413', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const reply = await rawRequest(agent, `${hub.baseUrl}/v1/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          chunks: oversizedChunks(),
        });
        expectProblem(reply, 413, 'payload_too_large');
      } finally {
        agent.destroy();
      }
    });

    it('after a 413 for a chunked body, the keep-alive connection still serves the next request (or is closed)', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await rawRequest(agent, `${hub.baseUrl}/v1/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          chunks: oversizedChunks(),
        });
        expect(refused.status).toBe(413);
        // A server that answers before reading the whole body must drain it or close the connection (RFC 9112 §9.6);
        // otherwise the client's next request on this connection is never read.
        const next = await rawRequest(agent, `${hub.baseUrl}/.well-known/jwks.json`, { method: 'GET', timeoutMs: 3000 }).catch(
          (err: Error) => err,
        );
        expect(next instanceof Error ? `failed: ${next.message}` : next.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });

    it('answers a text/plain body with 415', async () => {
      const reply = await post(JSON.stringify(bookingBody()), { 'content-type': 'text/plain' });
      expectProblem(reply, 415, 'unsupported_media_type');
    });

    it('answers an invalid booking with 422 listing every failing field by its dotted name', async () => {
      const body = bookingBody();
      const invalid = {
        ...body,
        pickup: { ...body.pickup, lat: 123, flight_number: 'not a flight' },
        passenger: { ...body.passenger, phone: '0612345678', pax: 0 },
        vehicle_class: 'spaceship',
        commission_pct: 150,
        dropoff: undefined,
      };
      const reply = await post(JSON.stringify(invalid), { 'idempotency-key': 'invalid-422-1' });
      expectProblem(reply, 422, 'validation_failed');
      const params = (reply.json.errors as { param: string; code: string; detail: string }[]).map((e) => e.param).sort();
      expect(params).toEqual(
        ['commission_pct', 'dropoff', 'passenger.pax', 'passenger.phone', 'pickup.flight_number', 'pickup.lat', 'vehicle_class'].sort(),
      );
      for (const e of reply.json.errors) {
        expect(e).toEqual({ param: expect.any(String), code: expect.any(String), detail: expect.any(String) });
        expect(e.detail.length).toBeGreaterThan(0);
      }
      expect(reply.json.detail).toMatch(/^7 fields/);
      // One failing field is also named in `param`.
      const one = await post(JSON.stringify({ ...body, passenger: { ...body.passenger, phone: 'abc' } }));
      expectProblem(one, 422, 'validation_failed');
      expect(one.json.param).toBe('passenger.phone');
      expect(one.json.errors).toHaveLength(1);
    });

    it('names each unknown field in errors[] by its dotted name', async () => {
      const body = bookingBody();
      const reply = await post(JSON.stringify({ ...body, promo_code: 'X', pickup: { ...body.pickup, terminal: '2E', gate: 'K' } }));
      expectProblem(reply, 422, 'validation_failed');
      const params = (reply.json.errors as { param: string }[]).map((e) => e.param).sort();
      expect(params).toEqual(['pickup.gate', 'pickup.terminal', 'promo_code']);
    });

    it('refuses an email address longer than RFC 5321 allows (64 before the @, 254 in all), as `format: email` documents', async () => {
      const body = bookingBody();
      for (const email of [`${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(250)}.com`]) {
        const reply = await post(JSON.stringify({ ...body, passenger: { ...body.passenger, email } }));
        expectProblem(reply, 422, 'validation_failed');
        expect(reply.json.param).toBe('passenger.email');
      }
      expect(Passenger.safeParse({ ...body.passenger, email: `${'a'.repeat(64)}@example.com` }).success).toBe(true);
    });

    it('names a bad path parameter as path.<name>', async () => {
      const reply = await send(`${hub.baseUrl}/v1/bookings/not-a-booking-id`, { headers: { authorization: `Bearer ${token}` } });
      expectProblem(reply, 422, 'validation_failed');
      expect(reply.json.errors.map((e: { param: string }) => e.param)).toEqual(['path.id']);
    });

    it('keeps a valid incoming X-Request-Id, on success and on error, and replaces an invalid one', async () => {
      const id = 'trace-0123456789abcdef';
      const ok = await fetch(`${hub.baseUrl}/.well-known/jwks.json`, { headers: { 'x-request-id': id } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-request-id')).toBe(id);

      const refused = await send(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, { headers: { 'x-request-id': id } });
      expectProblem(refused, 401, 'unauthorized');
      expect(refused.json.request_id).toBe(id);

      for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon-123456']) {
        const replaced = await send(`${hub.baseUrl}/v1/nothing-here`, { headers: { 'x-request-id': bad } });
        expectProblem(replaced, 404, 'not_found');
        expect(replaced.headers.get('x-request-id')).not.toBe(bad);
        expect(replaced.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
      }
      // Without one, each response gets its own.
      const a = await fetch(`${hub.baseUrl}/.well-known/jwks.json`);
      const b = await fetch(`${hub.baseUrl}/.well-known/jwks.json`);
      expect(a.headers.get('x-request-id')).toBeTruthy();
      expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    });

    it('wrote nothing for any of the refused requests above', async () => {
      expect(await count('bookings')).toBe(bookingsBefore);
      expect(await count('idempotency_keys')).toBe(0);
      // The control: a valid request does write.
      const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
      expect(created.status).toBe(201);
      expect(await count('bookings')).toBe(bookingsBefore + 1);
    });
  });

  describe('rate limit', () => {
    it('holds 1000 requests a minute across two API processes, then answers 429 with RateLimit and Retry-After', async () => {
      const second = await startTestHub(db, env, { workers: false });
      try {
        const hubs = [hub.baseUrl, second.baseUrl];
        // A burst that straddles a minute boundary proves nothing: then run it again, with a new partner, in the
        // minute that has just begun (at most one retry: a burst takes well under a minute).
        let busy = '';
        let windowEnd = 0;
        let replies: Awaited<ReturnType<typeof getJson>>[] = [];
        for (let attempt = 1; ; attempt++) {
          const partner = await createTestPartner(db.orm, { name: `Busy partner ${attempt}` });
          busy = await requestToken(hub.baseUrl, partner.sandbox);
          await awaitRoomInWindow(15);
          windowEnd = Math.floor(Date.now() / 60_000) * 60 + 60;
          replies = await pool(1000, 20, (i) => getJson(`${hubs[i % 2]}/v1/bookings/${UNKNOWN_BOOKING}`, busy));
          const sameWindow =
            Date.now() < windowEnd * 1000 - 3000 && replies.every((r) => r.headers.get('x-ratelimit-reset') === String(windowEnd));
          if (sameWindow) break;
          if (attempt === 2) throw new Error('two bursts of 1000 requests each straddled a minute boundary');
        }

        const statuses = new Map<number, number>();
        for (const r of replies) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        expect(Object.fromEntries(statuses)).toEqual({ 404: 1000 });
        // One counter for both processes: each request saw a different remaining count, 999 down to 0.
        const remaining = replies.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
        expect(remaining).toEqual(Array.from({ length: 1000 }, (_, i) => i));
        for (const r of replies.slice(0, 50)) {
          expect(r.headers.get('ratelimit-policy')).toBe('"default";q=1000;w=60');
          expect(r.headers.get('ratelimit')).toMatch(new RegExp(`^"default";r=${r.headers.get('x-ratelimit-remaining')};t=\\d+$`));
          expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
          expect(r.headers.get('x-ratelimit-reset')).toBe(String(windowEnd));
        }

        for (const baseUrl of hubs) {
          const limited = await send(`${baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, { headers: { authorization: `Bearer ${busy}` } });
          const receivedAt = Date.now();
          expectProblem(limited, 429, 'rate_limited');
          expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=1000;w=60');
          const rateLimit = /^"default";r=(\d+);t=(\d+)$/.exec(limited.headers.get('ratelimit') ?? '');
          expect(rateLimit).not.toBeNull();
          const [r, t] = [Number(rateLimit![1]), Number(rateLimit![2])];
          expect(r).toBe(0);
          expect(t).toBeGreaterThanOrEqual(1);
          expect(t).toBeLessThanOrEqual(60);
          const retryAfter = limited.headers.get('retry-after');
          expect(retryAfter).toMatch(/^\d+$/);
          expect(Number(retryAfter)).toBeGreaterThanOrEqual(t);
          // Retrying after Retry-After lands in the next window, never earlier.
          expect(receivedAt + Number(retryAfter) * 1000).toBeGreaterThanOrEqual(windowEnd * 1000);
          expect(limited.headers.get('x-ratelimit-limit')).toBe('1000');
          expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
          expect(limited.headers.get('x-ratelimit-reset')).toBe(String(windowEnd));
        }

        // Another partner is not affected.
        const bystander = await createTestPartner(db.orm, { name: 'Bystander' });
        const free = await getJson(
          `${second.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`,
          await requestToken(second.baseUrl, bystander.sandbox),
        );
        expect(free.status).toBe(404);
        expect(free.headers.get('x-ratelimit-remaining')).toBe('999');
      } finally {
        await second.close();
      }
    }, 120_000);

    it("applies a partner's own limit: with 3 a minute the fourth request is 429", async () => {
      const partner = await createTestPartner(db.orm, { name: 'Small partner', rateLimitPerMinute: 3 });
      const small = await requestToken(hub.baseUrl, partner.sandbox);
      await awaitRoomInWindow(5);
      const replies: Reply[] = [];
      for (let i = 0; i < 4; i++)
        replies.push(await send(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, { headers: { authorization: `Bearer ${small}` } }));
      expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 429]);
      expect(replies.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      for (const r of replies) expect(r.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
      expectProblem(replies[3], 429, 'rate_limited');
      expect(Number(replies[3].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }, 30_000);

    it("never counts a revoked client's requests", async () => {
      const partner = await createTestPartner(db.orm, { name: 'Revoked partner', rateLimitPerMinute: 3 });
      const token = await requestToken(hub.baseUrl, partner.sandbox);
      await awaitRoomInWindow(5);
      const counted = async () => {
        const [row] = await db.orm.em
          .fork()
          .execute<{ count: number }[]>(`select coalesce(sum(count), 0)::int as count from rate_limit_windows where bucket = ?`, [
            `partner:${partner.sandbox.clientId}`,
          ]);
        return row.count;
      };
      const url = `${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`;
      const call = () => send(url, { headers: { authorization: `Bearer ${token}` } });
      expect((await call()).status).toBe(404);
      expect(await counted()).toBe(1);
      await revokeClient(db.orm, partner.sandbox.clientId);
      await eventually(call, (r) => r.status === 401, 'the revocation reaches the API', { everyMs: 20 });
      const after = await counted();
      for (let i = 0; i < 4; i++) expectProblem(await call(), 401, 'invalid_token');
      expect(await counted()).toBe(after);
    }, 30_000);

    /** A client whose standing the API keeps, then the API's listener cut; resolves once the API has noticed. */
    async function keptThenCut(partner: Awaited<ReturnType<typeof createTestPartner>>) {
      const token = await requestToken(hub.baseUrl, partner.sandbox);
      const call = () => send(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await call()).status).toBe(404);
      const [cut] = await db.orm.em.getConnection().execute<{ n: number }[]>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity
           where application_name = ? and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(cut.n).toBeGreaterThanOrEqual(1);
      const noticed = (listening: boolean) => !listening;
      await eventually(async () => hub.deps.changes.listening, noticed, 'the API notices its listener is gone', { everyMs: 5 });
      return call;
    }

    it('reads the standing on every request while it cannot hear of changes: a revocation then applies at once', async () => {
      const partner = await createTestPartner(db.orm, { name: 'Unheard partner' });
      const call = await keptThenCut(partner);
      await revokeClient(db.orm, partner.sandbox.clientId);
      // No waiting: not listening, it reads the standing; listening again, it has forgotten what it kept.
      expectProblem(await call(), 401, 'invalid_token');
      await eventually(async () => hub.deps.changes.listening, Boolean, 'the API listens again');
    }, 30_000);

    it('forgets what it kept when it loses its listener, whoever reconnects it: a revocation meanwhile applies after', async () => {
      const partner = await createTestPartner(db.orm, { name: 'Reconnected partner' });
      const call = await keptThenCut(partner);
      await revokeClient(db.orm, partner.sandbox.clientId); // unheard: nobody listens
      // A tracking stream subscribing before the retry timer reconnects the listener itself.
      const unsubscribe = await hub.deps.changes.subscribe('booking_changed', UNKNOWN_BOOKING, { changed: () => {}, closed: () => {} });
      try {
        expect(hub.deps.changes.listening).toBe(true);
        expectProblem(await call(), 401, 'invalid_token');
      } finally {
        unsubscribe();
      }
    }, 30_000);

    it('leases anew when a limit is raised, after the old one was spent', async () => {
      const limiter = new RateLimiter(db.orm);
      const bucket = `test:${newId('cli')}`;
      await awaitRoomInWindow(5);
      const allowed = async (limit: number, n: number) => {
        let count = 0;
        for (let i = 0; i < n; i++) if ((await limiter.take(bucket, limit)).allowed) count++;
        return count;
      };
      expect(await allowed(2, 3)).toBe(2);
      // Three counted so far (a refused request counts too): two more fit under 5.
      expect(await allowed(5, 4)).toBe(2);
    });

    it('leases the limit to each API process in slices, never admitting more than the limit in all', async () => {
      const processes = [new RateLimiter(db.orm), new RateLimiter(db.orm)];
      const bucket = `test:${newId('cli')}`;
      await awaitRoomInWindow(5);
      const decisions = [];
      for (let i = 0; i < 130; i++) decisions.push(await processes[i % 2].take(bucket, 100));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
      expect(decisions.slice(100).every((d) => !d.allowed && d.remaining === 0)).toBe(true);
      // Each request saw a remaining count of its own: the slices (5 each) never overlap.
      expect(new Set(decisions.slice(0, 100).map((d) => d.remaining)).size).toBe(100);
      const [row] = await db.orm.em.fork().execute<{ count: number }[]>(`select count from rate_limit_windows where bucket = ?`, [bucket]);
      // 20 slices of 5 granted, then one refused slice per process: after that they refuse without asking.
      expect(row.count).toBe(110);
    });
  });
});
