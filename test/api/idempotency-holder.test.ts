import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Holder } from '../../db/lifeline';
import { freshDatabase, type TestDatabase, sqlOn } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { holdNextStart } from '../support/hold-start';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';

/**
 * An idempotency claim belongs to the lifeline backend of the API process that took it, not to a wall-clock lease:
 * when that process dies its backend ends, and the client's retry with the same key proceeds at once, resuming from
 * the recovery point; while the holder lives a second request still gets 409.
 */

type Reply = Awaited<ReturnType<typeof postJson>>;

describe('idempotency claims held by a live API process', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let other: TestHub;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    other = await startTestHub(db, env, { workers: false });
  });
  afterAll(async () => {
    await other?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = sqlOn(() => db);
  const bookingIds = async (partnerId: string) =>
    (await sql<{ id: string }>(`select id from bookings where partner_id = ? order by id`, [partnerId])).map((b) => b.id);
  const keyRow = async (key: string) =>
    (
      await sql<{ state: string; holder_pid: number; recovery_point: string | null }>(`select * from idempotency_keys where key = ?`, [key])
    )[0];
  const create = (baseUrl: string, token: string, body: unknown, key: string) =>
    postJson(`${baseUrl}/v1/bookings`, token, body, { 'idempotency-key': key });

  async function newPartner(name: string) {
    const partner = await createTestPartner(db.orm, { name });
    return { ...partner, token: await requestToken(hub.baseUrl, partner.sandbox) };
  }

  it('gives a second live request with the same key 409 while the holder lives, then replays its answer', async () => {
    const partner = await newPartner('Live holder');
    const body = bookingBody({ external_id: 'HOLD-1' });
    const held = holdNextStart(env.client);
    const first = create(hub.baseUrl, partner.token, body, 'live-1');
    await held.startedWorkflow;

    const holder = await hub.deps.lifeline.holder();
    expect(await keyRow('live-1')).toMatchObject({ state: 'in_progress', holder_pid: holder.pid });
    const second = await create(other.baseUrl, partner.token, body, 'live-1');
    expect({ status: second.status, code: second.json.code }).toEqual({ status: 409, code: 'idempotency_key_in_use' });
    expect(second.headers.get('retry-after')).toBe('1');

    held.release();
    const answered: Reply = await first;
    expect(answered.status).toBe(201);
    const replay = await create(other.baseUrl, partner.token, body, 'live-1');
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), text: replay.text }).toEqual({
      status: 201,
      replayed: 'true',
      text: answered.text,
    });
    expect(await bookingIds(partner.partnerId)).toEqual([answered.json.id]);
  });

  it("lets the retry take over at once when the holder's backend is gone, resuming the booking it started", async () => {
    const partner = await newPartner('Dead holder');
    const body = bookingBody({ external_id: 'HOLD-2' });
    const crashed = await startTestHub(db, env, { workers: false });
    try {
      const held = holdNextStart(env.client);
      const cut = create(crashed.baseUrl, partner.token, body, 'cut-1');
      await held.startedWorkflow;
      const started = await bookingIds(partner.partnerId);
      expect(started).toHaveLength(1);
      expect(await keyRow('cut-1')).toMatchObject({ state: 'in_progress', recovery_point: started[0] });

      // What PostgreSQL does when the process holding the claim is killed: its backend ends.
      const dead: Holder = await crashed.deps.lifeline.holder();
      await sql(`select pg_terminate_backend(?)`, [dead.pid]);
      await waitUntil(async () => (await sql(`select 1 from pg_stat_activity where pid = ?`, [dead.pid])).length === 0);

      const retried = await create(hub.baseUrl, partner.token, body, 'cut-1');
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(retried.json).toMatchObject({ id: started[0], external_id: 'HOLD-2', status: 'confirmed' });
      expect(await keyRow('cut-1')).toMatchObject({ state: 'completed', holder_pid: (await hub.deps.lifeline.holder()).pid });

      // The cut request, should it ever finish, cannot overwrite the answer the retry stored.
      held.release();
      await cut;
      const replay = await create(other.baseUrl, partner.token, body, 'cut-1');
      expect({ status: replay.status, text: replay.text }).toEqual({ status: 201, text: retried.text });
      expect(await bookingIds(partner.partnerId)).toEqual(started);
    } finally {
      await crashed.close();
    }
  });

  it('takes over a claim whose holder pid now belongs to another backend (pid reuse), but not one whose holder lives', async () => {
    const partner = await newPartner('Pid reuse');
    const body = bookingBody({ external_id: 'HOLD-3' });
    const live = await hub.deps.lifeline.holder();
    const first = await create(hub.baseUrl, partner.token, body, 'reused-1');
    expect(first.status).toBe(201);
    // As if cut while in progress by a backend with the same pid as a live one, but started an hour earlier: gone.
    await sql(
      `update idempotency_keys set state = 'in_progress', response_status = null, holder_pid = ?, holder_started = ?::timestamptz - interval '1 hour'
       where key = 'reused-1'`,
      [live.pid, live.started],
    );
    const retried = await create(other.baseUrl, partner.token, body, 'reused-1');
    expect(retried.status).toBe(201);
    expect(retried.json.id).toBe(first.json.id);

    await sql(`update idempotency_keys set state = 'in_progress', holder_pid = ?, holder_started = ?::timestamptz where key = 'reused-1'`, [
      live.pid,
      live.started,
    ]);
    const refused = await create(other.baseUrl, partner.token, body, 'reused-1');
    expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 409, code: 'idempotency_key_in_use' });
    expect(await bookingIds(partner.partnerId)).toEqual([first.json.id]);
  });

  it('keeps working after PostgreSQL drops every connection (as in a restart): the lifeline reconnects', async () => {
    const partner = await newPartner('Restart');
    const before = await hub.deps.lifeline.holder();
    await sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    await waitUntil(async () => (await hub.deps.lifeline.holder()).pid !== before.pid);
    const after = await hub.deps.lifeline.holder();
    expect(after.pid).not.toBe(before.pid);

    const reply = await create(hub.baseUrl, partner.token, bookingBody({ external_id: 'HOLD-4' }), 'after-restart-1');
    expect(reply.status).toBe(201);
    expect(await keyRow('after-restart-1')).toMatchObject({ state: 'completed', holder_pid: after.pid });
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
