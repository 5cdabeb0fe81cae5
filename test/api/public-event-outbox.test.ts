import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createIntegratorAccount } from '../../app/accounts';
import { setBankAccount } from '../../app/bank-accounts';
import { createDestination } from '../../app/destinations';
import { sweepPublicEventOutbox } from '../../app/public-event-outbox';
import { publicEventWorkflowId, type PublishPublicEventInput } from '../../contracts/public-webhooks';
import { oldestUnpublishedPublicEventSeconds, queuePublicEvents } from '../../db/public-event-outbox';
import { eventually } from '../../stack/eventually';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestWorkers, TEST_SECRETS } from '../support/hub';

/**
 * Issue 49: a change made outside a workflow commits its public event with it (the outbox), so Temporal out of reach
 * at the moment of the publish (or a process killed between the commit and the start) delays the event, never loses
 * it: the housekeeping sweep publishes it, once. No API process runs here, so the sweep runs only when a test calls it.
 */
describe('the public-event outbox', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let workers: ReturnType<typeof runWorkers>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** Nothing listens on port 1, and no retry interceptor: every call fails at once, as with Temporal down. */
  const unreachable = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', interceptors: [] }) });

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver(() => 204)]);
    workers = runWorkers(await createTestWorkers(env, db));
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    await createDestination(db.orm, TEST_SECRETS.encryptionKey, {
      accountId: operator,
      environment: 'sandbox',
      url: receiver.url,
      eventTypes: ['driver.bank_account_changed'],
    });
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(text, params);
  const outbox = () => sql<{ dedupe_key: string; event: PublishPublicEventInput }>('select dedupe_key, event from public_event_outbox');
  const workflowRuns = async (dedupeKey: string) =>
    (await env.client.workflow.count(`WorkflowId = '${publicEventWorkflowId(dedupeKey)}'`)).count;
  const received = (driver: string) =>
    receiver.requests.filter((r) => {
      const body = JSON.parse(r.body) as { type: string; data: { driver: string } };
      return body.type === 'driver.bank_account_changed' && body.data.driver === driver;
    });
  /** Lets anything started by mistake reach the receiver before a test says nothing more came. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  it('keeps a bank account change whose publish failed, and the sweep delivers its event once', async () => {
    const driver = 'sandbox:OUTBOX-1';
    const account = await setBankAccount({ orm: db.orm, temporal: unreachable }, TEST_SECRETS, {
      driverId: driver,
      holder: 'Jo Martin',
      iban: 'DE89370400440532013000',
      changedBy: 'ops',
    });
    expect(account.driver).toBe(driver); // the change stands, and the caller is not told of Temporal's failure
    const [queued] = await outbox();
    expect(queued.event).toMatchObject({ type: 'driver.bank_account_changed', data: { driver, iban: account.iban } });
    const dedupeKey = queued.dedupe_key;
    expect(dedupeKey).toMatch(/^bank-account-change:bac_/);
    expect(await workflowRuns(dedupeKey)).toBe(0);
    expect(await oldestUnpublishedPublicEventSeconds(db.orm)).toBeGreaterThanOrEqual(0);

    // Younger than the sweep's 30 s: left to the request that wrote it.
    expect(await sweepPublicEventOutbox(db.orm, env.client)).toEqual({ swept: true, published: [] });
    // A sweep while Temporal is still out of reach stops at the first refusal and keeps the row.
    const refused = await sweepPublicEventOutbox(db.orm, unreachable, { afterSeconds: 0 });
    expect(refused).toMatchObject({ swept: true, published: [], error: expect.any(Error) });
    expect(await outbox()).toHaveLength(1);

    expect(await sweepPublicEventOutbox(db.orm, env.client, { afterSeconds: 0 })).toEqual({ swept: true, published: [dedupeKey] });
    await eventually(
      async () => received(driver),
      (r) => r.length > 0,
      'the event delivered',
    );
    expect(await outbox()).toEqual([]);
    expect(await oldestUnpublishedPublicEventSeconds(db.orm)).toBe(0);

    // A second sweep finds nothing; the event reached the receiver once.
    expect(await sweepPublicEventOutbox(db.orm, env.client, { afterSeconds: 0 })).toEqual({ swept: true, published: [] });
    await settle();
    expect(received(driver)).toHaveLength(1);
    expect(JSON.parse(received(driver)[0].body)).toMatchObject({
      type: 'driver.bank_account_changed',
      data: { driver, changed_by: 'ops' },
    });
  });

  it('publishes once even when the process died after the start but before it dropped the row', async () => {
    const driver = 'sandbox:OUTBOX-2';
    await setBankAccount({ orm: db.orm, temporal: env.client }, TEST_SECRETS, {
      driverId: driver,
      holder: 'Lea Favre',
      iban: 'DE89370400440532013000',
      changedBy: 'driver',
    });
    // The fast path published it and emptied the outbox.
    await eventually(
      async () => received(driver),
      (r) => r.length > 0,
      'the event delivered',
    );
    expect(await outbox()).toEqual([]);
    const [{ dedupe_key: dedupeKey }] = await sql<{ dedupe_key: string }>(
      `select dedupe_key from public_events where type = 'driver.bank_account_changed' and body like ?`,
      [`%${driver}%`],
    );

    // The row as a kill -9 between the start and the delete leaves it; the sweep publishes it again, to no effect.
    const event: PublishPublicEventInput = {
      type: 'driver.bank_account_changed',
      dedupeKey,
      accountId: 'platform',
      environment: 'test',
      data: { driver },
    };
    await db.orm.em.fork().transactional((tx) => queuePublicEvents(tx, [event]));
    expect(await sweepPublicEventOutbox(db.orm, env.client, { afterSeconds: 0 })).toEqual({ swept: true, published: [dedupeKey] });
    expect(await outbox()).toEqual([]);
    await settle();
    expect(received(driver)).toHaveLength(1);
    expect(await workflowRuns(dedupeKey)).toBe(1);
    expect(await sql('select id from public_events where dedupe_key = ?', [dedupeKey])).toHaveLength(1);
  });
});
