import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { LIFELINE_PING_MS, LIFELINE_SILENCE_MS } from '../../db/lifeline';
import { freshDatabase, type TestDatabase, sqlOn } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { startFreezableProxy } from '../support/freezable-proxy';
import { holdNextStart } from '../support/hold-start';
import { startTestHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { localEnvironment } from '../../stack/temporal';

/**
 * A host that vanishes without closing its connections (power cut, kernel panic, partition) sends no FIN: PostgreSQL
 * keeps its lifeline backend, and with it the claims it holds, until something notices the silence. The API's
 * lifeline reaches PostgreSQL through a proxy that, on `freeze()`, forwards nothing more and closes nothing.
 */
describe('an idempotency claim held by a host that vanished without closing its connection', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let vanished: TestHub;
  let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
  /** Lets the vanished host's held request finish, so that its API can close even when the test failed midway. */
  let releaseHeld = () => undefined as void;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    const direct = new URL(db.url);
    proxy = await startFreezableProxy({ host: direct.hostname, port: Number(direct.port) });
    const proxied = new URL(db.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    hub = await startTestHub(db, env);
    vanished = await startTestHub(db, env, { workers: false, lifelineUrl: proxied.toString() });
  });
  afterAll(async () => {
    releaseHeld();
    // The proxy first: a frozen socket would keep the vanished API's lifeline from closing.
    await proxy?.close();
    await vanished?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);

  it('is taken over by the retry within a minute, which resumes the booking the vanished host started', async () => {
    const partner = await createTestPartner(db.orm, { name: 'Vanished host' });
    const body = bookingBody({ external_id: 'SILENT-1' });
    const create = async (baseUrl: string) =>
      postJson(`${baseUrl}/v1/bookings`, await requestToken(baseUrl, partner.sandbox), body, { 'idempotency-key': 'silent-1' });
    const held = holdNextStart(env.client);
    releaseHeld = held.release;
    const cut = create(vanished.baseUrl);
    await held.startedWorkflow;
    const holder = await vanished.deps.lifeline.holder();
    const [claim] = await sql<{ state: string; holder_pid: number; recovery_point: string }>(
      `select state, holder_pid, recovery_point from idempotency_keys where key = 'silent-1'`,
    );
    expect(claim).toMatchObject({ state: 'in_progress', holder_pid: holder.pid, recovery_point: expect.stringMatching(/^bkg_/) });

    proxy.freeze();
    const frozenAt = Date.now();
    // Its backend still runs and its connection looks open: the claim is still held.
    const refused = await create(hub.baseUrl);
    expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 409, code: 'idempotency_key_in_use' });

    // PostgreSQL ends the silent backend on its own clock (the lifeline's idle timeout); measured by a light poll of
    // pg_stat_activity, not by the retries below, whose own latency grows with the machine's load.
    await until(
      'the silent backend ending',
      async () => ((await sql(`select 1 from pg_stat_activity where pid = ?`, [holder.pid])).length ? undefined : true),
      120_000,
    );
    const goneMs = Date.now() - frozenAt;
    // The client retries as told (Retry-After) until the claim is released.
    const retried = await until(
      'the retry taking the claim over',
      async () => {
        const reply = await create(hub.baseUrl);
        return reply.status === 409 ? undefined : reply;
      },
      120_000,
    );
    const tookMs = Date.now() - frozenAt;
    console.log(`silent backend gone after ${goneMs} ms; claim taken over ${tookMs} ms after its connection went silent`);
    expect(retried.status).toBe(201);
    expect(retried.json).toMatchObject({ id: claim.recovery_point, external_id: 'SILENT-1', status: 'confirmed' });
    expect(goneMs).toBeLessThan(60_000);
    // Not by chance: the silent backend ended itself after its idle timeout, PostgreSQL's wall clock, not ours.
    expect(tookMs).toBeGreaterThanOrEqual(LIFELINE_SILENCE_MS - LIFELINE_PING_MS);
    expect(await sql(`select 1 from pg_stat_activity where pid = ?`, [holder.pid])).toEqual([]);

    // The vanished host's request, should it ever finish, does not overwrite the retry's answer or book twice.
    held.release();
    await cut;
    const replay = await create(hub.baseUrl);
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), text: replay.text }).toEqual({
      status: 201,
      replayed: 'true',
      text: retried.text,
    });
    const bookings = await sql<{ id: string }>(`select id from bookings where partner_id = ?`, [partner.partnerId]);
    expect(bookings.map((b) => b.id)).toEqual([claim.recovery_point]);
  }, 180_000);
});
