import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { idempotency } from '../../api/middleware/idempotency';
import { PROBLEMS, ProblemError } from '../../api/errors';
import { Lifeline } from '../../db/lifeline';
import { createLogger } from '../../infra/logger';
import { freshDatabase, type TestDatabase, sqlOn } from '../support/db';
import { TEST_SECRETS } from '../support/hub';

/**
 * `saveRecoveryPointWith` writes the recovery point and the caller's own row in one statement, and only while the
 * request still holds its claim: a request whose claim a retry took over writes nothing and gets 409.
 */
describe('a write fenced on its idempotency claim', () => {
  let db: TestDatabase;
  let lifeline: Lifeline;
  let server: Server;
  let base: string;
  /** Set by a test: what happens to the claim between the middleware taking it and the handler's write. */
  let meanwhile: (key: string) => Promise<void>;

  const sql = sqlOn(() => db);

  beforeAll(async () => {
    db = await freshDatabase();
    lifeline = new Lifeline(db.url, createLogger('silent'));
    const app = new Koa();
    app.use(async (ctx, next) => {
      ctx.state.principal = { kind: 'partner', credentialId: 'cli_fence', livemode: false } as never;
      ctx.request.parsedBody = { n: 1 };
      try {
        await next();
      } catch (err) {
        ctx.status = PROBLEMS[(err as ProblemError).code].status;
        ctx.body = { code: (err as ProblemError).code };
      }
    });
    const keys = { encryptionKey: TEST_SECRETS.encryptionKey, decryptionKeys: [TEST_SECRETS.encryptionKey] };
    const claimedFirst = idempotency(db.orm, lifeline, keys);
    const claimedInHandler = idempotency(db.orm, lifeline, keys, 'in-handler');
    app.use((ctx, next) => (ctx.path === '/in-handler' ? claimedInHandler(ctx, next) : claimedFirst(ctx, next)));
    app.use(async (ctx) => {
      const key = ctx.get('idempotency-key');
      await meanwhile(key);
      if (ctx.path === '/in-handler') {
        if (ctx.get('x-fail') === 'before-claim') throw new ProblemError('validation_failed');
        const saved = await ctx.state.idempotency!.saveRecoveryPointWith(`rp-${ctx.get('x-attempt')}`, (claimHeld, first) => ({
          text: `insert into rate_limit_windows (bucket, window_start, count) select $${first}, now(), 1 where ${claimHeld} returning 1`,
          values: [`fence-${key}-${ctx.get('x-attempt')}`],
        }));
        if (ctx.get('x-fail') === 'after-write') throw new ProblemError('service_unavailable');
        ctx.status = 201;
        ctx.body = saved;
        return;
      }
      const { written } = await ctx.state.idempotency!.saveRecoveryPointWith(`rp-${key}`, (claimHeld, first) => ({
        text: `insert into rate_limit_windows (bucket, window_start, count) select $${first}, now(), 1 where ${claimHeld} returning 1`,
        values: [`fence-${key}`],
      }));
      ctx.status = 201;
      ctx.body = { written };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await lifeline?.close();
    await db?.close();
  });

  const post = async (key: string, path = '/', headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'idempotency-key': key, ...headers } });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      json: (await res.json()) as { written?: number; recoveryPoint?: string; code?: string },
    };
  };
  const keyRows = async (key: string) => (await sql(`select 1 from idempotency_keys where key = ?`, [key])).length;
  const rowsFor = async (key: string) => (await sql(`select 1 from rate_limit_windows where bucket = ?`, [`fence-${key}`])).length;
  const recoveryPoint = async (key: string) =>
    (await sql<{ recovery_point: string | null }>(`select recovery_point from idempotency_keys where key = ?`, [key]))[0]?.recovery_point;

  it('writes the row and the recovery point together while the claim is held', async () => {
    meanwhile = async () => undefined;
    expect(await post('held')).toEqual({ status: 201, replayed: null, json: { written: 1 } });
    expect(await rowsFor('held')).toBe(1);
    expect(await recoveryPoint('held')).toBe('rp-held');
  });

  it('writes neither when another request took the claim over in the meantime, and answers 409', async () => {
    // As a retry does once it saw this request's holder gone: the claim now names another backend.
    meanwhile = async (key) => void (await sql(`update idempotency_keys set holder_pid = holder_pid + 1 where key = ?`, [key]));
    const res = await post('taken');
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('idempotency_key_in_use');
    expect(await rowsFor('taken')).toBe(0);
    expect(await recoveryPoint('taken')).toBeNull();
  });

  describe('claimed by the handler, in the statement of its first write', () => {
    beforeEach(() => {
      meanwhile = async () => undefined;
    });

    it('claims, saves the recovery point and writes at once; the same request is then replayed', async () => {
      const first = await post('in-handler', '/in-handler', { 'x-attempt': 'a' });
      expect(first).toEqual({ status: 201, replayed: null, json: { written: 1, recoveryPoint: 'rp-a' } });
      expect(await recoveryPoint('in-handler')).toBe('rp-a');
      const again = await post('in-handler', '/in-handler', { 'x-attempt': 'b' });
      expect(again).toEqual({ status: 201, replayed: 'true', json: { written: 1, recoveryPoint: 'rp-a' } });
      expect(await rowsFor('in-handler-b')).toBe(0);
    });

    it('replays the first answer to the same request even when the handler now refuses it before claiming', async () => {
      expect((await post('answered', '/in-handler', { 'x-attempt': 'a' })).status).toBe(201);
      // As a booking whose pickup time has passed since: validation now fails, the stored answer still counts.
      const later = await post('answered', '/in-handler', { 'x-fail': 'before-claim' });
      expect(later).toEqual({ status: 201, replayed: 'true', json: { written: 1, recoveryPoint: 'rp-a' } });
    });

    it('never touches the key when the handler fails before claiming it', async () => {
      expect((await post('unclaimed', '/in-handler', { 'x-fail': 'before-claim' })).status).toBe(422);
      expect(await keyRows('unclaimed')).toBe(0);
    });

    it("writes nothing on a retry of a failed attempt and answers that attempt's recovery point, to redo with it", async () => {
      expect((await post('retried', '/in-handler', { 'x-attempt': 'a', 'x-fail': 'after-write' })).status).toBe(503);
      expect(await rowsFor('retried-a')).toBe(1);
      const retry = await post('retried', '/in-handler', { 'x-attempt': 'b' });
      expect(retry).toEqual({ status: 201, replayed: null, json: { written: 0, recoveryPoint: 'rp-a' } });
      expect(await rowsFor('retried-b')).toBe(0);
      expect(await recoveryPoint('retried')).toBe('rp-a');
    });
  });
});
