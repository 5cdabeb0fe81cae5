import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createPaymentActivities } from '../../activities/payments';
import { payInvoice } from '../../app/payments';
import { recordProviderPaymentId } from '../../db/payments';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { paymentWorkflowId, type PaymentFacts } from '../../contracts/payments';
import { simulatedPaymentProvider, tokenizeCard } from '../../infra/payments/simulated';
import { localEnvironment, stackWorker } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestWorkers } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { simulatedPaymentStore } from '../../db/simulated-payments';

/**
 * A worker that dies between the provider's answer and the hub's record of it: the charge went through, the hub does
 * not know. The activity runs again on a fresh worker with the same idempotency key, gets the same payment back, and
 * records it: one charge, one succeeded payment. On the dev server: the time-skipping server does not move a workflow
 * off a stopped worker's sticky queue.
 */
describe('payment across a worker crash', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [env, db] = await Promise.all([localEnvironment(), freshDatabase()]);
  });
  afterAll(() => Promise.all([env?.teardown(), db?.close()]));

  it('charges the card exactly once', async () => {
    const psp = <T>(query: string, params: unknown[]) => db.orm.em.fork().execute<T[]>(query, params);
    const provider = simulatedPaymentProvider(simulatedPaymentStore(db.orm));
    let charged = 0;
    const real = createPaymentActivities({ orm: db.orm, provider });
    const doomed = await stackWorker(env, {
      taskQueue: BOOKINGS_TASK_QUEUE,
      activities: {
        ...real,
        async chargePayment(paymentId: string) {
          const [row] = await sql<{ amount_minor: string; currency: string; payment_method: string }>(
            'select * from payments where id = ?',
            [paymentId],
          );
          await provider.createPayment({
            idempotencyKey: paymentId,
            amountMinor: Number(row.amount_minor),
            currency: row.currency,
            paymentMethod: row.payment_method,
            offSession: false,
            setupFutureUsage: false,
            onCreated: (id) => recordProviderPaymentId(db.orm.em.fork(), paymentId, id),
          });
          charged++;
          // Gone before recording the answer: nothing more until the worker is taken down.
          return new Promise<never>((_, reject) =>
            Context.current().cancellationSignal.addEventListener('abort', () => reject(new Error('worker died'))),
          );
        },
      },
    });
    const doomedRun = doomed.run();
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    const payment = await payInvoice(
      { orm: db.orm, temporal: env.client, challengeTimeoutMs: 60_000, provider },
      { documentId: invoice.id, paymentMethod: card.id, saveCard: false },
    );
    while (charged === 0) await new Promise((r) => setTimeout(r, 50));
    const [before] = await sql<{ status: string }>('select status from payments where id = ?', [payment.id]);
    expect(before.status).toBe('processing'); // charged at the provider, not yet recorded
    doomed.shutdown();
    await doomedRun.catch(() => undefined);
    // The provider's id was recorded before the confirmation; the provider has since forgotten the idempotency key
    // (Stripe keeps them 24 h): the retry finds the recorded payment, not a second one.
    const [recorded] = await sql<{ provider_payment_id: string }>('select provider_payment_id from payments where id = ?', [payment.id]);
    expect(recorded.provider_payment_id).toMatch(/^py_sim_/);
    await psp(`update psp_sim_payments set idempotency_key = 'forgotten:' || id where idempotency_key = ?`, [payment.id]);

    const survivors = runWorkers(await createTestWorkers(env, db));
    try {
      const result: PaymentFacts = await env.client.workflow.getHandle(paymentWorkflowId(payment.id)).result();
      expect(result).toMatchObject({ status: 'succeeded' });
      const charges = await psp<{ id: string }>('select id from psp_sim_payments where method_id = ?', [card.id]);
      expect(charges).toEqual([{ id: recorded.provider_payment_id }]);
      const [doc] = await sql<{ status: string }>('select status from finance_documents where id = ?', [invoice.id]);
      expect(doc.status).toBe('paid');
    } finally {
      survivors.shutdown();
      await survivors.done;
    }
  });
});
