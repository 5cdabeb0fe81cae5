import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { payInvoice, providerPaymentChanged, refundPayment, startPaymentWorkflow, type PaymentDeps } from '../../app/payments';
import { prepareCollections } from '../../db/payments';
import { paymentWorkflowId, type PaymentFacts } from '../../contracts/payments';
import { answerChallenge, tokenizeCard } from '../../infra/payments/simulated';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestWorkers } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { appendBilledRide } from '../../stack/billed-rides';
import { newId } from '../../infra/ids';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { settlementCycleWorkflowId, type PeriodRef } from '../../contracts/finance';
import { simulatedPaymentStore } from '../../db/simulated-payments';

const CHALLENGE_TIMEOUT_MS = 15 * 60_000;

/** Every test card through `payment:<id>` on the time-skipping server, against a real database and the simulated PSP. */
describe('payment workflow', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  let deps: PaymentDeps;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db, { publicBaseUrl: 'http://hub.test' }));
    deps = { orm: db.orm, temporal: env.client, challengeTimeoutMs: CHALLENGE_TIMEOUT_MS };
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const psp = () => simulatedPaymentStore(db.orm);

  async function startPayment(number: string) {
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), { number, exp_month: 12, exp_year: 2034, cvc: '123' });
    const payment = await payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false });
    return { invoice, payment, handle: env.client.workflow.getHandle(paymentWorkflowId(payment.id)) };
  }

  /** Waits (without letting time skip) until the payment asks for its challenge; answers the provider's id. */
  async function challenged(paymentId: string): Promise<string> {
    for (;;) {
      const [row] = await sql<{ status: string; provider_payment_id: string | null; challenge_url: string | null }>(
        'select status, provider_payment_id, challenge_url from payments where id = ?',
        [paymentId],
      );
      if (row?.status === 'requires_action') {
        expect(row.challenge_url).toBe(`/psp-sim/challenge/${row.provider_payment_id}`);
        return row.provider_payment_id!;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function answer(paymentId: string, how: 'complete' | 'fail') {
    const providerId = await challenged(paymentId);
    await answerChallenge(simulatedPaymentStore(db.orm), providerId, how);
    await providerPaymentChanged(deps, providerId);
  }

  const eventsOf = async (paymentId: string) =>
    (
      await sql<{ type: string }>(`select type from public_events where body::jsonb->'data'->>'payment_id' = ? order by created_at`, [
        paymentId,
      ])
    ).map((e) => e.type);

  it.each([
    ['4242424242424242', 'succeeded', null, { flow: 'frictionless', trans_status: 'Y', eci: '05', outcome: 'authenticated' }],
    ['4000000000003055', 'succeeded', null, { flow: 'frictionless', trans_status: 'A', eci: '06', outcome: 'attempted' }],
    ['5555555555554444', 'succeeded', null, { flow: 'frictionless', trans_status: 'Y', eci: '02', outcome: 'authenticated' }],
    ['4000000000000002', 'failed', 'card_declined', { flow: 'frictionless', trans_status: 'Y' }],
    ['4000000000009995', 'failed', 'insufficient_funds', { flow: 'frictionless', trans_status: 'Y' }],
    ['4000000000000069', 'failed', 'expired_card', { flow: 'frictionless', trans_status: 'Y' }],
    ['4000000000000119', 'failed', 'processing_error', { flow: 'frictionless', trans_status: 'Y' }],
  ])('%s without a challenge ends %s (%s)', async (number, status, reason, threeDs) => {
    const { invoice, payment, handle } = await startPayment(number);
    const result: PaymentFacts = await handle.result();
    expect(result).toMatchObject({ status, reason, threeDs: { version: '2.2.0', ...threeDs }, method: { last4: number.slice(-4) } });
    const [doc] = await sql<{ status: string }>('select status from finance_documents where id = ?', [invoice.id]);
    expect(doc.status).toBe(status === 'succeeded' ? 'paid' : 'open');
    expect(await eventsOf(payment.id)).toEqual(status === 'succeeded' ? ['payment.succeeded', 'invoice.paid'] : ['payment.failed']);
  });

  it.each([
    ['4000002760003184', 'complete', 'succeeded', null, 'Y', 'authenticated'],
    ['4000002760003184', 'fail', 'failed', '3ds_authentication_failed', 'N', 'failed'],
    ['4000008400001629', 'complete', 'failed', 'card_declined', 'Y', 'authenticated'],
    ['4000008400001629', 'fail', 'failed', '3ds_authentication_failed', 'N', 'failed'],
  ])('%s with the challenge answered %s ends %s (%s)', async (number, how, status, reason, trans, outcome) => {
    const { payment, handle } = await startPayment(number);
    await answer(payment.id, how as 'complete' | 'fail');
    const result: PaymentFacts = await handle.result();
    expect(result).toMatchObject({ status, reason, threeDs: { flow: 'challenge', trans_status: trans, outcome } });
  });

  it('fails an unanswered challenge as abandoned when PAYMENT_CHALLENGE_TIMEOUT fires', async () => {
    const { payment, handle } = await startPayment('4000002760003184');
    await challenged(payment.id);
    const started = Date.now();
    const result: PaymentFacts = await handle.result(); // time skips to the timer
    expect(Date.now() - started).toBeLessThan(CHALLENGE_TIMEOUT_MS);
    expect(result).toMatchObject({
      status: 'failed',
      reason: '3ds_challenge_abandoned',
      threeDs: { flow: 'challenge', trans_status: 'C', outcome: 'abandoned' },
    });
    const [event] = await sql<{ data: { hosted_payment_url: string; reason: string } }>(
      `select body::jsonb->'data' as data from public_events where type = 'payment.failed' and body::jsonb->'data'->>'payment_id' = ?`,
      [payment.id],
    );
    expect(event.data).toMatchObject({
      reason: '3ds_challenge_abandoned',
      hosted_payment_url: expect.stringMatching(/^http:\/\/hub\.test\/pay\/doc_/),
    });
    // An answer after the timer changes nothing: a final payment stays as it is.
    await answerChallenge(
      simulatedPaymentStore(db.orm),
      (await sql<{ p: string }>('select provider_payment_id as p from payments where id = ?', [payment.id]))[0].p,
      'complete',
    );
    const [row] = await sql<{ status: string }>('select status from payments where id = ?', [payment.id]);
    expect(row.status).toBe('failed');
  });

  it('takes one payment at a time and none once the invoice is paid', async () => {
    const { invoice, handle } = await startPayment('4000002760003184');
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), {
      number: '4242424242424242',
      exp_month: 1,
      exp_year: 2035,
      cvc: '999',
    });
    await expect(payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false })).rejects.toMatchObject({
      code: 'in_progress',
    });
    await handle.result(); // abandoned
    const paid = await payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false });
    await env.client.workflow.getHandle(paymentWorkflowId(paid.id)).result();
    await expect(payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false })).rejects.toMatchObject({
      code: 'already_paid',
    });
  });

  it('refunds through the provider with a credit note per refund, never beyond the payment', async () => {
    const { invoice, payment, handle } = await startPayment('4242424242424242');
    await handle.result();
    const partial = await refundPayment(deps, { paymentId: payment.id, amountMinor: 2_500, reason: 'refund' });
    expect(partial).toMatchObject({ amountMinor: 2_500, refundedMinor: 2_500, creditNote: expect.stringMatching(/^CN-TEST-\d{4}-\d{6}$/) });
    const rest = await refundPayment(deps, { paymentId: payment.id, reason: 'refund' });
    expect(rest).toMatchObject({ amountMinor: invoice.gross - 2_500, refundedMinor: invoice.gross });
    await expect(refundPayment(deps, { paymentId: payment.id, reason: 'refund' })).rejects.toMatchObject({ code: 'refund_refused' });

    const notes = await sql<{ number: string; gross_minor: string; net_minor: string; tax_minor: string; reason: string }>(
      `select number, gross_minor, net_minor, tax_minor, reason from finance_documents where credits_document_id = ? order by number`,
      [invoice.id],
    );
    expect(notes.map((n) => Number(n.gross_minor))).toEqual([2_500, invoice.gross - 2_500]);
    for (const n of notes) expect(Number(n.net_minor) + Number(n.tax_minor)).toBe(Number(n.gross_minor));
    const refunds = await sql<{ amount_minor: string }>(
      'select r.amount_minor from psp_sim_refunds r join payments p on p.provider_payment_id = r.payment_id where p.id = ? order by r.created_at',
      [payment.id],
    );
    expect(refunds.map((r) => Number(r.amount_minor))).toEqual([2_500, invoice.gross - 2_500]);
    const [stored] = await sql<{ refunded_minor: string }>('select refunded_minor from payments where id = ?', [payment.id]);
    expect(Number(stored.refunded_minor)).toBe(invoice.gross);
    // Each refund is told once, with its credit note, once the event workflows have run.
    for (
      let i = 0;
      i < 200 &&
      (await sql(`select 1 from public_events where type = 'payment.refunded' and body::jsonb->'data'->>'payment_id' = ?`, [payment.id]))
        .length < 2;
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    const told = await sql<{ data: { credit_note: string; amount: number } }>(
      `select body::jsonb->'data' as data from public_events where type = 'payment.refunded' and body::jsonb->'data'->>'payment_id' = ? order by created_at`,
      [payment.id],
    );
    expect(told.map((e) => e.data.credit_note).sort()).toEqual(notes.map((n) => n.number)); // published as each refund ends
  });

  it('collects each new invoice of an account with a saved card off session; a challenge waits for the customer on the page', async () => {
    // Each account saves its card while paying an earlier invoice on the page.
    const saveCard = async (number: string) => {
      const first = await issueTestInvoice(db);
      const card = await tokenizeCard(simulatedPaymentStore(db.orm), { number, exp_month: 12, exp_year: 2034, cvc: '123' });
      const paid = await payInvoice(deps, { documentId: first.id, paymentMethod: card.id, saveCard: true });
      if (number === '4242424242424242') await env.client.workflow.getHandle(paymentWorkflowId(paid.id)).result();
      else await answer(paid.id, 'complete');
      // The card becomes the mandate when the payment that authenticated it succeeds.
      while (!(await sql('select 1 from payment_mandates where account_id = ?', [first.accountId])).length)
        await new Promise((r) => setTimeout(r, 25));
      return first.accountId;
    };
    const frictionless = await saveCard('4242424242424242');
    const challenging = await saveCard('4000002760003184');
    const august: PeriodRef = { id: '2026-08', start: '2026-08-01T00:00:00.000Z', end: '2026-09-01T00:00:00.000Z' };
    for (const accountId of [frictionless, challenging, 'acct_without_card'])
      await appendBilledRide(db.orm, { bookingId: newId('bkg'), accountId, grossMinor: 5_500, at: '2026-08-10T10:00:00Z', live: false });

    // Followed by describe, not result(): awaiting a result lets time skip, and the challenge's timer would fire.
    const started = await env.client.workflow.start('settlementCycleWorkflow', {
      workflowId: settlementCycleWorkflowId(august.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period: august }],
    });
    while ((await started.describe()).status.name === 'RUNNING') await new Promise((r) => setTimeout(r, 25));
    // Its invoices from the database: even result() of a finished workflow lets time skip for a moment.
    const cycle = { invoices: await sql<{ id: string }>(`select id from finance_documents where period_id = ? order by id`, [august.id]) };
    expect(cycle.invoices).toHaveLength(3);
    const collected = await sql<{ id: string; account_id: string }>(
      `select id, account_id from payments where off_session and invoice_id in (?, ?, ?) order by account_id`,
      cycle.invoices.map((d) => d.id),
    );
    expect(collected.map((p) => p.account_id).sort()).toEqual([frictionless, challenging].sort()); // no card, no collection
    const of = (accountId: string) =>
      env.client.workflow.getHandle(paymentWorkflowId(collected.find((p) => p.account_id === accountId)!.id));
    const waiting = collected.find((p) => p.account_id === challenging)!.id;
    await challenged(waiting);
    for (
      let i = 0;
      i < 200 &&
      !(
        await sql(`select 1 from public_events where type = 'payment.action_required' and body::jsonb->'data'->>'payment_id' = ?`, [
          waiting,
        ])
      ).length;
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    const [told] = await sql<{ data: { hosted_payment_url: string; status: string } }>(
      `select body::jsonb->'data' as data from public_events where type = 'payment.action_required' and body::jsonb->'data'->>'payment_id' = ?`,
      [waiting],
    );
    expect(told.data).toMatchObject({ status: 'requires_action', hosted_payment_url: expect.stringMatching(/^http:\/\/hub\.test\/pay\//) });
    await answer(waiting, 'complete');
    // Only now await results: that lets time skip, which would have fired the unanswered challenge's timer.
    expect(await of(frictionless).result()).toMatchObject({ status: 'succeeded', offSession: true });
    expect(await of(challenging).result()).toMatchObject({ status: 'succeeded', threeDs: { flow: 'challenge', trans_status: 'Y' } });

    // A re-run of the period collects nothing twice.
    await env.client.workflow.execute('settlementCycleWorkflow', {
      workflowId: `${settlementCycleWorkflowId(august.id)}:again`,
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period: august }],
    });
    const [{ n }] = await sql<{ n: string }>(
      'select count(*) as n from payments where off_session and invoice_id in (?, ?, ?)',
      cycle.invoices.map((d) => d.id),
    );
    expect(Number(n)).toBe(2);
  });

  /** An off-session payment of a new invoice of the account, from its saved card, as the cycle collects it. */
  async function collect(accountId: string) {
    const invoice = await issueTestInvoice(db, { accountId });
    const [id] = await prepareCollections(db.orm.em.fork(), [invoice.id], () => newId('pay'));
    await startPaymentWorkflow(env.client, { paymentId: id!, challengeTimeoutMs: CHALLENGE_TIMEOUT_MS });
    return { invoice, id: id!, handle: env.client.workflow.getHandle(paymentWorkflowId(id!)) };
  }

  it('saves the card with the payment that authenticates it: one challenge pays and sets it up, and the cycle then charges it without one', async () => {
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(psp(), { number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123' });
    const paid = await payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: true });
    const mandate = () => sql('select payment_method from payment_mandates where account_id = ?', [invoice.accountId]);
    const providerId = await challenged(paid.id);
    expect(await mandate()).toEqual([]); // nothing saved before the payment is authenticated
    await answer(paid.id, 'complete');
    expect(await env.client.workflow.getHandle(paymentWorkflowId(paid.id)).result()).toMatchObject({ status: 'succeeded' });
    expect(await sql('select setup_future_usage from psp_sim_payments where id = ?', [providerId])).toEqual([{ setup_future_usage: true }]);
    expect(await mandate()).toEqual([{ payment_method: card.id }]);

    const next = await collect(invoice.accountId);
    expect(await next.handle.result()).toMatchObject({ status: 'succeeded', offSession: true, threeDs: { flow: 'frictionless' } });
    expect(await eventsOf(next.id)).toEqual(['payment.succeeded', 'invoice.paid']); // no payment.action_required
  });

  it('keeps no card whose payment failed, even when the payer asked to save it', async () => {
    const invoice = await issueTestInvoice(db);
    const card = await tokenizeCard(psp(), { number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123' });
    const paid = await payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: true });
    await answer(paid.id, 'fail');
    expect(await env.client.workflow.getHandle(paymentWorkflowId(paid.id)).result()).toMatchObject({ status: 'failed' });
    expect(await sql('select 1 from payment_mandates where account_id = ?', [invoice.accountId])).toEqual([]);
  });

  it("refuses a three-decimal amount Stripe's partners cannot take, before any payment exists", async () => {
    const invoice = await issueTestInvoice(db, { currency: 'BHD', grossMinor: 48_095 });
    const card = await tokenizeCard(psp(), { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
    await expect(payInvoice(deps, { documentId: invoice.id, paymentMethod: card.id, saveCard: false })).rejects.toMatchObject({
      code: 'amount_not_supported',
      message: expect.stringMatching(/^48\.095 BHD cannot be taken by card: .* such as 48\.090 or 48\.100 BHD\.$/),
    });
    expect(await sql('select id from payments where invoice_id = ?', [invoice.id])).toEqual([]);
  });
});
