import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { providerDisputeChanged, providerRefundsChanged } from '../../app/card-events';
import { payInvoice, refundPayment, type PaymentDeps } from '../../app/payments';
import { paymentWorkflowId } from '../../contracts/payments';
import { dashboardRefund, failRefund, tokenizeCard } from '../../infra/payments/simulated';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { simulatedPaymentStore } from '../../db/simulated-payments';
import { createTestWorkers } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';

/**
 * What the provider reports after a payment: refunds made in its dashboard, refunds that failed after they were made,
 * and disputes. Against a real database, the time-skipping server and the simulated PSP (Stripe's webhooks reach the same
 * functions: test/api/stripe-webhooks.test.ts).
 */
describe('refunds and disputes the provider reports', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  let deps: PaymentDeps;
  const sql = sqlOn(() => db);
  const psp = () => simulatedPaymentStore(db.orm);

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db));
    deps = { orm: db.orm, temporal: env.client, challengeTimeoutMs: 60_000 };
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function paidInvoice() {
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(psp(), { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
    const payment = await payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false });
    await env.client.workflow.getHandle(paymentWorkflowId(payment.id)).result();
    const [{ p }] = await sql<{ p: string }>('select provider_payment_id as p from payments where id = ?', [payment.id]);
    return { invoice, paymentId: payment.id, providerId: p };
  }

  /** The events about a payment once `n` of them are published (the event workflows run on their own). */
  async function events(paymentId: string, n: number) {
    const read = () =>
      sql<{ type: string; data: Record<string, unknown> }>(
        `select type, body::jsonb->'data' as data from public_events where body::jsonb->'data'->>'payment_id' = ? order by created_at, id`,
        [paymentId],
      );
    for (let i = 0; i < 400 && (await read()).length < n; i++) await new Promise((r) => setTimeout(r, 25));
    return read();
  }
  const creditNotes = (invoiceId: string) =>
    sql<{ number: string; gross_minor: string; reason: string }>(
      'select number, gross_minor, reason from finance_documents where credits_document_id = ? order by number',
      [invoiceId],
    );
  const invoiceOf = async (invoiceId: string) =>
    (await sql<{ status: string; gross_minor: string }>('select status, gross_minor from finance_documents where id = ?', [invoiceId]))[0];

  it('records a refund made in the dashboard with a credit note for it, once, and leaves the hub’s own refunds to the hub', async () => {
    const { invoice, paymentId, providerId } = await paidInvoice();
    await refundPayment(deps, { paymentId, amountMinor: 2_000, reason: 'refund' });
    const refundId = await dashboardRefund(psp(), providerId, 3_000);
    await providerRefundsChanged(deps, providerId);
    await providerRefundsChanged(deps, providerId); // Stripe sends charge.refunded and refund.created: the same refund
    const notes = await creditNotes(invoice.id);
    expect(notes.map((n) => [Number(n.gross_minor), n.reason])).toEqual([
      [2_000, 'refund'],
      [3_000, 'refund'],
    ]);
    expect(
      await sql('select id, origin, status, amount_minor, credit_note_number from payment_refunds where payment_id = ? order by id', [
        paymentId,
      ]),
    ).toEqual([
      { id: `${paymentId}:1`, origin: 'hub', status: 'succeeded', amount_minor: '2000', credit_note_number: notes[0]!.number },
      {
        id: `${paymentId}:${refundId}`,
        origin: 'provider',
        status: 'succeeded',
        amount_minor: '3000',
        credit_note_number: notes[1]!.number,
      },
    ]);
    expect((await sql<{ r: string }>('select refunded_minor as r from payments where id = ?', [paymentId]))[0]!.r).toBe('5000');
    const told = await events(paymentId, 4);
    // Each refund's event is published by a workflow of its own, so the two may be recorded in either order; `refunded`
    // (the running total) says which came first.
    const refunded = told.filter((e) => e.type === 'payment.refunded').map((e) => [e.data.amount, e.data.refunded, e.data.credit_note]);
    expect(refunded.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [20, 20, notes[0]!.number],
      [30, 50, notes[1]!.number],
    ]);
  });

  it('keeps the credit note of a refund that failed later, tells the account once, and a new dashboard refund pays what it promised', async () => {
    const { invoice, paymentId, providerId } = await paidInvoice();
    const refund = await refundPayment(deps, { paymentId, amountMinor: 2_500, reason: 'refund' });
    const [{ provider_refund_id: providerRefund }] = await sql<{ provider_refund_id: string }>(
      'select provider_refund_id from payment_refunds where id = ?',
      [refund.refundId],
    );
    await failRefund(psp(), providerRefund, 'expired_or_canceled_card');
    await providerRefundsChanged(deps, providerId);
    await providerRefundsChanged(deps, providerId);
    expect(await sql('select status, failure_reason, credit_note_number from payment_refunds where id = ?', [refund.refundId])).toEqual([
      { status: 'failed', failure_reason: 'expired_or_canceled_card', credit_note_number: refund.creditNote },
    ]);
    expect((await creditNotes(invoice.id)).map((n) => n.number)).toEqual([refund.creditNote]); // it stays issued
    const failed = (await events(paymentId, 4)).filter((e) => e.type === 'payment.refund_failed');
    expect(failed).toEqual([
      {
        type: 'payment.refund_failed',
        data: expect.objectContaining({
          refund_id: refund.refundId,
          amount: 25,
          failure_reason: 'expired_or_canceled_card',
          credit_note: refund.creditNote,
        }),
      },
    ]);
    // The operator refunds it again in the dashboard: the money the credit note promised, no second credit note.
    await dashboardRefund(psp(), providerId, 2_500);
    await providerRefundsChanged(deps, providerId);
    expect((await creditNotes(invoice.id)).map((n) => n.number)).toEqual([refund.creditNote]);
    const refunded = (await events(paymentId, 6)).filter((e) => e.type === 'payment.refunded');
    // In either order: each event is published by a workflow of its own.
    expect(refunded.map((e) => [e.data.amount, e.data.refunded, e.data.credit_note]).sort()).toEqual(
      [
        [25, 25, refund.creditNote],
        [25, 25, null],
      ].sort(),
    );
  });

  it('marks the invoice disputed while a dispute is open; a lost one is corrected by a chargeback credit note, once', async () => {
    const { invoice, paymentId, providerId } = await paidInvoice();
    const dispute = { id: 'dp_lost_1', amountMinor: invoice.gross, currency: 'EUR', reason: 'fraudulent' };
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'needs_response' });
    expect((await invoiceOf(invoice.id))!.status).toBe('disputed');
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'under_review' });
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'lost' });
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'lost' }); // redelivered under a new event id
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'under_review' }); // a late update
    const notes = await creditNotes(invoice.id);
    expect(notes.map((n) => [Number(n.gross_minor), n.reason])).toEqual([[invoice.gross, 'chargeback']]);
    expect(await invoiceOf(invoice.id)).toEqual({ status: 'paid', gross_minor: String(invoice.gross) }); // never changed
    expect(await sql('select status, credit_note_number from payment_disputes where id = ?', [dispute.id])).toEqual([
      { status: 'lost', credit_note_number: notes[0]!.number },
    ]);
    const told = (await events(paymentId, 4)).filter((e) => e.type.startsWith('payment.dispute'));
    expect(told.map((e) => [e.type, e.data.status, e.data.outcome, e.data.credit_note]).sort()).toEqual(
      [
        ['payment.disputed', 'needs_response', 'open', null],
        ['payment.dispute_closed', 'lost', 'lost', notes[0]!.number],
      ].sort(),
    );
  });

  it('makes the invoice paid again when a dispute is won, with no credit note', async () => {
    const { invoice, paymentId, providerId } = await paidInvoice();
    const dispute = { id: 'dp_won_1', amountMinor: invoice.gross, currency: 'EUR', reason: 'product_not_received' };
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'warning_needs_response' });
    expect((await invoiceOf(invoice.id))!.status).toBe('disputed');
    await providerDisputeChanged(deps, providerId, { ...dispute, status: 'won' });
    expect((await invoiceOf(invoice.id))!.status).toBe('paid');
    expect(await creditNotes(invoice.id)).toEqual([]);
    // Each event is published by a workflow of its own, so they may be recorded in either order (a CI run saw both).
    const told = (await events(paymentId, 4)).filter((e) => e.type.startsWith('payment.dispute'));
    expect(told.map((e) => [e.type, e.data.outcome]).sort()).toEqual(
      [
        ['payment.disputed', 'open'],
        ['payment.dispute_closed', 'won'],
      ].sort(),
    );
  });
});
