import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startPaymentWorkflow } from '../../app/payments';
import { paymentWorkflowId } from '../../contracts/payments';
import { prepareCollections, saveMandate } from '../../db/payments';
import { newId } from '../../infra/ids';
import { settleProcessing, tokenizeCard } from '../../infra/payments/simulated';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { simulatedPaymentStore } from '../../db/simulated-payments';
import { createTestWorkers } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';

/**
 * A payment the card network is still processing, collected off session: on a time-skipping server of its own (hours
 * pass here, and no other test's timers should fire meanwhile), a real database and the simulated PSP.
 */
describe('a processing payment', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const sql = sqlOn(() => db);
  const psp = () => simulatedPaymentStore(db.orm);

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db, { publicBaseUrl: 'http://hub.test' }));
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('waits quietly: no action asked of anyone, no deadline, read again less and less often until it ends', async () => {
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(psp(), { number: '4000009990000005', exp_month: 12, exp_year: 2034, cvc: '123' });
    await saveMandate(db.orm.em.fork(), { accountId: invoice.accountId, livemode: false, paymentMethod: card.id, card: card.card });
    const [id] = await prepareCollections(db.orm.em.fork(), [invoice.id], () => newId('pay'));
    await startPaymentWorkflow(env.client, { paymentId: id!, challengeTimeoutMs: 15 * 60_000 });
    const handle = env.client.workflow.getHandle(paymentWorkflowId(id!));
    let providerId: string | null = null;
    while (!providerId) {
      [{ p: providerId }] = await sql<{ p: string | null }>('select provider_payment_id as p from payments where id = ?', [id]);
      await new Promise((r) => setTimeout(r, 25));
    }

    await env.sleep('3 hours'); // far past PAYMENT_CHALLENGE_TIMEOUT
    const activities = ((await handle.fetchHistory()).events ?? []).flatMap(
      (e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? [],
    );
    expect(activities.filter((a) => a === 'abandonPayment')).toEqual([]);
    // After 1, 2, 4, 8, 16 and 32 min, then hourly: 7 or 8 reads in 3 h, not a hot loop.
    expect(activities.filter((a) => a === 'refreshPayment').length).toBeGreaterThanOrEqual(6);
    expect(activities.filter((a) => a === 'refreshPayment').length).toBeLessThanOrEqual(9);
    expect(await sql('select status from payments where id = ?', [id])).toEqual([{ status: 'processing' }]);

    // The network answers; no webhook comes: the next read finds it.
    await settleProcessing(psp(), providerId, 'succeeded');
    expect(await handle.result()).toMatchObject({ status: 'succeeded', offSession: true });
    const events = await sql<{ type: string }>(
      `select type from public_events where body::jsonb->'data'->>'payment_id' = ? order by created_at`,
      [id],
    );
    expect(events.map((e) => e.type)).toEqual(['payment.succeeded', 'invoice.paid']); // never payment.action_required
  });
});
