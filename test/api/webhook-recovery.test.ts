import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { webhookRecoveryWorkflowId } from '../../contracts/webhook-recovery';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { hubCli } from '../support/cli';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

const HOUR = 3_600_000;

describe('Public API: recover every failed delivery of a destination since a time (dev server end to end)', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let account: string;
  let key: string;
  let destination: string;
  let other: string;

  const sql = (text: string, params: unknown[] = []) => db.orm.em.getConnection().execute(text, params);

  /** An event created `hoursAgo`, and a delivery of it to `dest` in `state`. */
  async function past(dest: string, hoursAgo: number, state: 'failed' | 'delivered', eventId = newId('evt', Date.now() - hoursAgo * HOUR)) {
    const at = new Date(Date.now() - hoursAgo * HOUR);
    await sql(
      `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at) values (?, ?, 'test', 'booking.cancelled', ?, ?, ?)
       on conflict do nothing`,
      [eventId, account, eventId, JSON.stringify({ id: eventId, type: 'booking.cancelled' }), at],
    );
    const [{ n }] = await sql('select count(*)::int as n from public_deliveries where event_id = ? and destination_id = ?', [
      eventId,
      dest,
    ]);
    await sql(
      `insert into public_deliveries (id, event_id, destination_id, state, attempts, redelivery, last_status, created_at, updated_at)
       values (?, ?, ?, ?, 8, ?, ?, ?, ?)`,
      [newId('dlv'), eventId, dest, state, n > 0, state === 'failed' ? 500 : 200, at, at],
    );
    return eventId;
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    receiver = await startReceiver(() => 200);
    account = (await createIntegratorAccount(db.orm, 'Acme')).accountId;
    key = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: account, environment: 'sandbox', label: 'k', scopes: ['webhooks.manage'] })
    ).key;
    const make = async () =>
      (await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, key, { url: receiver.url, events: ['booking.cancelled'] })).json
        .id as string;
    destination = await make();
    other = await make();
  });
  afterAll(async () => {
    await receiver?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('redelivers exactly the failed ones since the time, as one durable job, once for one Idempotency-Key', async () => {
    const failedRecently = await past(destination, 2, 'failed');
    const failedTwice = await past(destination, 3, 'failed');
    await past(destination, 3, 'failed', failedTwice); // a second failed delivery of the same event: sent once
    const tooOld = await past(destination, 30, 'failed');
    const delivered = await past(destination, 2, 'delivered');
    const fixedSince = await past(destination, 4, 'failed');
    await past(destination, 1, 'delivered', fixedSince); // redelivered and delivered since: nothing to recover
    const elsewhere = await past(other, 2, 'failed');
    const since = new Date(Date.now() - 24 * HOUR).toISOString();

    const url = `${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/recover`;
    const first = await postJson(url, key, { since }, { 'idempotency-key': 'recover-once' });
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({
      object: 'webhook_recovery',
      id: expect.stringMatching(/^rcv_/),
      destination,
      since,
      status: 'running',
      count: 2,
      completed_at: null,
    });
    const again = await postJson(url, key, { since }, { 'idempotency-key': 'recover-once' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(first.json.id);

    const done = await until('the recovery completes', async () => {
      const read = await getJson(`${hub.baseUrl}/api/public/v1/webhook-recoveries/${first.json.id}`, key);
      return read.json.status === 'completed' ? read.json : undefined;
    });
    expect(done).toMatchObject({ count: 2, redelivered: 2, completed_at: expect.any(String) });
    await receiver.waitFor(2);
    const handle = env.client.workflow.getHandle(webhookRecoveryWorkflowId(first.json.id));
    expect(await handle.result()).toBe(2);
    await until('both redeliveries are delivered', async () => {
      const rows = await sql(
        `select count(*)::int as n from public_deliveries where redelivery and state = 'delivered' and destination_id = ?`,
        [destination],
      );
      return rows[0].n >= 3 ? true : undefined; // the two recovered, and fixedSince's earlier one
    });
    const sent = receiver.requests.map((r) => JSON.parse(r.body).id as string).sort();
    expect(sent).toEqual([failedRecently, failedTwice].sort());
    expect(sent).not.toContain(tooOld);
    expect(sent).not.toContain(delivered);
    expect(sent).not.toContain(elsewhere);

    // Nothing failed is left since then: a new recovery finds nothing and completes at once, without a job.
    const nothing = await postJson(url, key, { since });
    expect(nothing.json).toMatchObject({ status: 'completed', count: 0, redelivered: 0 });
    expect(receiver.requests).toHaveLength(2);
  });

  it('hub destinations recover does the same for ops', async () => {
    const { hubJson } = hubCli(
      () => db,
      () => env.client,
    );
    const failed = await past(destination, 5, 'failed');
    const before = receiver.requests.length;
    const started = await hubJson('destinations', 'recover', destination, '--since', new Date(Date.now() - 6 * HOUR).toISOString());
    expect(started).toMatchObject({ id: expect.stringMatching(/^rcv_/), destination, status: 'running', count: 1 });
    const [request] = (await receiver.waitFor(before + 1)).slice(before);
    expect(JSON.parse(request!.body).id).toBe(failed);
  });

  it("refuses a time in the future or past the event log's 30 days, and another account's recovery is 404", async () => {
    const url = `${hub.baseUrl}/api/public/v1/webhook-destinations/${destination}/recover`;
    const future = await postJson(url, key, { since: new Date(Date.now() + HOUR).toISOString() });
    expect(future.status).toBe(422);
    expect(future.json.param).toBe('since');
    const ancient = await postJson(url, key, { since: new Date(Date.now() - 31 * 24 * HOUR).toISOString() });
    expect(ancient.status).toBe(422);
    const stranger = (await createIntegratorAccount(db.orm, 'Stranger')).accountId;
    const strangerKey = (
      await createApiKey(db.orm, TEST_SECRETS, { accountId: stranger, environment: 'sandbox', label: 'k', scopes: ['webhooks.manage'] })
    ).key;
    expect((await postJson(url, strangerKey, { since: new Date(Date.now() - HOUR).toISOString() })).status).toBe(404);
    const mine = await postJson(url, key, { since: new Date(Date.now() - HOUR).toISOString() });
    expect((await getJson(`${hub.baseUrl}/api/public/v1/webhook-recoveries/${mine.json.id}`, strangerKey)).status).toBe(404);
  });
});
