import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import Stripe from 'stripe';
import { startPaymentWorkflow } from '../../app/payments';
import { paymentWorkflowId } from '../../contracts/payments';
import { publicEventWorkflowId } from '../../contracts/public-webhooks';
import { newId } from '../../infra/ids';
import { paymentUrl } from '../../infra/passenger-links';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';

const SECRET = 'whsec_hub_test_endpoint_secret';
const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_hub',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_hubPublishable',
  STRIPE_WEBHOOK_SECRET: SECRET,
  // Nothing here calls Stripe's API but the refunds list: a closed port, so a stray call fails loudly.
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};

/**
 * Stripe's API as far as the webhook handling reads it (outside the system, so a local HTTP server stands in): a
 * PaymentIntent's refunds, `GET /v1/refunds?payment_intent=…`, as the test sets them; any other call is a 404.
 */
function stripeRefundsApi(refunds: Map<string, Record<string, unknown>[]>): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const list =
      req.method === 'GET' && url.pathname === '/v1/refunds' ? refunds.get(url.searchParams.get('payment_intent') ?? '') : undefined;
    res.writeHead(list ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        list
          ? { object: 'list', data: list, has_more: false, url: '/v1/refunds' }
          : { error: { type: 'invalid_request_error', code: 'resource_missing', message: `no ${url.pathname} here` } },
      ),
    );
  });
}

/**
 * Stripe's webhooks in (`POST /psp/stripe/webhooks`): events signed as Stripe signs them (the SDK's
 * generateTestHeaderString) reach the payment's workflow as its provider-change signal, each event id once; a bad or
 * stale signature is a 400 problem. And the payment page in Stripe mode: Stripe's Payment Element and Stripe's
 * origins in its CSP, only in that mode. No worker runs: the signals are read from the workflow's history.
 */
describe('Stripe webhooks and the Stripe payment page', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let simulated: TestHub;
  const sql = sqlOn(() => db);
  let payment: { id: string; intent: string; invoiceId: string };
  const refunds = new Map<string, Record<string, unknown>[]>();
  const stripeApi = stripeRefundsApi(refunds);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const apiBase = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
    hub = await startTestHub(db, env, { workers: false, env: { ...STRIPE_ENV, STRIPE_API_BASE: apiBase } });
    simulated = await startTestHub(db, env, { workers: false });
    const invoice = await issueTestInvoice(db);
    payment = { id: newId('pay'), intent: `pi_${newId('x').slice(2)}`, invoiceId: invoice.id };
    await sql(
      `insert into payments (id, invoice_id, invoice_number, account_id, livemode, amount_minor, currency, status, payment_method, provider_payment_id)
       values (?, ?, ?, ?, false, ?, 'EUR', 'requires_action', 'pm_test', ?)`,
      [payment.id, invoice.id, invoice.number, invoice.accountId, invoice.gross, payment.intent],
    );
    await startPaymentWorkflow(env.client, { paymentId: payment.id, challengeTimeoutMs: 3_600_000 });
  });
  afterAll(async () => {
    await simulated?.close();
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), new Promise((resolve) => stripeApi.close(resolve))]);
  });

  const event = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, api_version: '2025-10-29', created: 1_764_000_000, livemode: false, data: { object } });

  async function deliver(payload: string, options: { secret?: string; timestamp?: number; header?: string | null } = {}) {
    const signature =
      options.header === undefined
        ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp })
        : options.header;
    const res = await fetch(`${hub.baseUrl}/psp/stripe/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature !== null && { 'stripe-signature': signature }) },
      body: payload,
    });
    return { status: res.status, type: res.headers.get('content-type'), json: (await res.json()) as Record<string, unknown> };
  }

  const signals = async () => {
    let n = 0;
    for (const e of (await env.client.workflow.getHandle(paymentWorkflowId(payment.id)).fetchHistory()).events ?? [])
      if (e.workflowExecutionSignaledEventAttributes) n++;
    return n;
  };

  it("turns a payment_intent event into the payment workflow's signal once, however often Stripe sends it", async () => {
    const succeeded = event('evt_intent_succeeded_1', 'payment_intent.succeeded', { id: payment.intent, object: 'payment_intent' });
    const first = await deliver(succeeded);
    expect(first).toMatchObject({ status: 200, json: { received: true, event: 'evt_intent_succeeded_1', outcome: 'handled' } });
    expect(await signals()).toBe(1);
    // Stripe redelivers (a timeout on its side, or by hand from the dashboard): signed anew, the same event id.
    const again = await deliver(succeeded, { timestamp: Math.floor(Date.now() / 1000) - 10 });
    expect(again).toMatchObject({ status: 200, json: { outcome: 'duplicate' } });
    expect(await signals()).toBe(1);
    expect(await sql('select id, type, provider_payment_id from stripe_events')).toEqual([
      { id: 'evt_intent_succeeded_1', type: 'payment_intent.succeeded', provider_payment_id: payment.intent },
    ]);
  });

  it("reads a PaymentIntent's refunds again on charge.refunded, without waking its payment's workflow", async () => {
    refunds.set(payment.intent, []);
    const refunded = event('evt_charge_refunded_1', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: payment.intent });
    expect(await deliver(refunded)).toMatchObject({ status: 200, json: { outcome: 'handled' } });
    expect(await signals()).toBe(1);
  });

  it("acknowledges an event of a payment whose workflow has ended (a refund's, later)", async () => {
    const invoice = await issueTestInvoice(db);
    const ended = { id: newId('pay'), intent: `pi_ended_${newId('x').slice(2)}` };
    await sql(
      `insert into payments (id, invoice_id, invoice_number, account_id, livemode, amount_minor, currency, status, payment_method, provider_payment_id)
       values (?, ?, ?, ?, false, ?, 'EUR', 'succeeded', 'pm_test', ?)`,
      [ended.id, invoice.id, invoice.number, invoice.accountId, invoice.gross, ended.intent],
    );
    refunds.set(ended.intent, []);
    await startPaymentWorkflow(env.client, { paymentId: ended.id, challengeTimeoutMs: 3_600_000 });
    await env.client.workflow.getHandle(paymentWorkflowId(ended.id)).terminate('ended for the test');
    const refunded = event('evt_charge_refunded_ended', 'charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: ended.intent });
    expect(await deliver(refunded)).toMatchObject({ status: 200, json: { outcome: 'handled' } });
    expect(await sql(`select id from stripe_events where id = 'evt_charge_refunded_ended'`)).toHaveLength(1);
  });

  it('acknowledges events it has no use for, and those of payments it does not know, without a signal', async () => {
    expect(await deliver(event('evt_customer_1', 'customer.created', { id: 'cus_1', object: 'customer' }))).toMatchObject({
      status: 200,
      json: { outcome: 'ignored' },
    });
    expect(
      await deliver(event('evt_other_intent', 'payment_intent.succeeded', { id: 'pi_not_ours', object: 'payment_intent' })),
    ).toMatchObject({ status: 200, json: { outcome: 'handled' } });
    expect(await signals()).toBe(1);
  });

  it('refuses a body not signed with the endpoint secret, a stale signature and a missing one: 400, nothing recorded', async () => {
    const forged = event('evt_forged', 'payment_intent.succeeded', { id: payment.intent, object: 'payment_intent' });
    for (const reply of [
      await deliver(forged, { secret: 'whsec_someone_else' }),
      await deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(forged, { header: null }),
      await deliver(forged, { header: 't=1,v1=00' }),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.type).toMatch(/^application\/problem\+json/);
      expect(reply.json).toMatchObject({ status: 400, code: 'bad_request', param: 'Stripe-Signature' });
    }
    // A body changed after signing fails too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: SECRET });
    expect((await deliver(forged.replace('evt_forged', 'evt_forgex'), { header: signed })).status).toBe(400);
    expect(await sql(`select id from stripe_events where id like 'evt_forg%'`)).toEqual([]);
    expect(await signals()).toBe(1);
  });

  it('is served only in Stripe mode, and the simulated PSP only outside it', async () => {
    const payload = event('evt_sim', 'payment_intent.succeeded', { id: payment.intent });
    const res = await fetch(`${simulated.baseUrl}/psp/stripe/webhooks`, {
      method: 'POST',
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      body: payload,
    });
    expect(res.status).toBe(404);
    const sim = await fetch(`${hub.baseUrl}/psp-sim/challenge/py_x`);
    expect(sim.status).toBe(404);
    expect(sim.headers.get('content-type')).toMatch(/^application\/problem\+json/); // no route, not the issuer's page
    const served = await fetch(`${simulated.baseUrl}/psp-sim/challenge/py_x`);
    expect(served.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await served.text()).toMatch(/No such payment/);
  });

  it("collects the card with Stripe's Payment Element, Stripe's origins allowed by the page's CSP only in Stripe mode", async () => {
    const invoice = await issueTestInvoice(db);
    const [doc] = await sql<{ issued_at: Date }>('select issued_at from finance_documents where id = ?', [invoice.id]);
    const path = new URL(paymentUrl('http://hub.test', TEST_SECRETS.encryptionKey, { id: invoice.id, issuedAt: doc.issued_at })).pathname;

    const stripe = await fetch(`${hub.baseUrl}${path}`);
    expect(stripe.status).toBe(200);
    const csp = Object.fromEntries(
      stripe.headers
        .get('content-security-policy')!
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'none'"]);
    const html = await stripe.text();
    expect(html).toContain('<script src="https://js.stripe.com/v3/"></script>');
    expect(html).toContain('<script src="/assets/pay/pay-stripe.js" defer></script>');
    expect(html).toMatch(
      /<form id="card-form"[^>]* data-provider="stripe" data-publishable-key="pk_test_hubPublishable" data-amount="11000" data-currency="eur">/,
    );
    expect(html).toContain('<div id="payment-element"></div>');
    expect(html).not.toMatch(/cc-number|cc-csc|\/assets\/pay\/pay\.js/); // no card field of the hub's own
    const script = await fetch(`${hub.baseUrl}/assets/pay/pay-stripe.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("elements.create('payment').mount('#payment-element')");

    const plain = await fetch(`${simulated.baseUrl}${path}`);
    expect(plain.headers.get('content-security-policy')).not.toMatch(/stripe/);
    const page = await plain.text();
    expect(page).toContain('autocomplete="cc-number"');
    expect(page).not.toMatch(/stripe/i);
  });

  it("refuses to charge a test-mode invoice's card with a live key, before any call to Stripe", async () => {
    const live = await startTestHub(db, env, {
      workers: false,
      env: { ...STRIPE_ENV, STRIPE_SECRET_KEY: 'sk_live_hub', STRIPE_PUBLISHABLE_KEY: 'pk_live_hubPublishable' },
    });
    try {
      const invoice = await issueTestInvoice(db);
      const [doc] = await sql<{ issued_at: Date }>('select issued_at from finance_documents where id = ?', [invoice.id]);
      const path = new URL(paymentUrl('http://hub.test', TEST_SECRETS.encryptionKey, { id: invoice.id, issuedAt: doc.issued_at })).pathname;
      const res = await fetch(`${live.baseUrl}${path}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 'pm_card_visa', save_card: true }),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'conflict',
        reason: 'not_payable',
        detail: expect.stringMatching(/test-mode invoice/),
      });
      expect(await sql('select id from payments where invoice_id = ?', [invoice.id])).toEqual([]);
      expect(await sql('select account_id from stripe_customers')).toEqual([]);
    } finally {
      await live.close();
    }
  });

  it("signals the payment's workflow when the page's challenge ends; answers the challenge step of a payment not waiting for one as a conflict, of another as not found", async () => {
    const [doc] = await sql<{ issued_at: Date }>('select issued_at from finance_documents where id = ?', [payment.invoiceId]);
    const path = new URL(paymentUrl('http://hub.test', TEST_SECRETS.encryptionKey, { id: payment.invoiceId, issuedAt: doc.issued_at }))
      .pathname;
    expect((await fetch(`${hub.baseUrl}${path}/payments/pay_other/action`)).status).toBe(404);
    // Stripe.js finished the challenge: the page asks the workflow to read the payment again, not waiting for the webhook.
    const before = await signals();
    const refresh = await fetch(`${hub.baseUrl}${path}/payments/${payment.id}/refresh`, { method: 'POST' });
    expect(refresh.status).toBe(202);
    expect(await signals()).toBe(before + 1);
    expect((await fetch(`${hub.baseUrl}${path}/payments/pay_other/refresh`, { method: 'POST' })).status).toBe(404);
    await sql(`update payments set status = 'failed' where id = ?`, [payment.id]);
    const reply = await fetch(`${hub.baseUrl}${path}/payments/${payment.id}/action`);
    expect(reply.status).toBe(409);
    expect(await reply.json()).toMatchObject({ code: 'conflict', reason: 'no_action' });
  });

  /** A paid invoice and its succeeded payment, as the payment workflow leaves them. */
  async function paidPayment() {
    const invoice = await issueTestInvoice(db);
    const paid = { id: newId('pay'), intent: `pi_paid_${newId('x').slice(2)}`, invoice };
    await sql(
      `insert into payments (id, invoice_id, invoice_number, account_id, livemode, amount_minor, currency, status, payment_method, provider_payment_id)
       values (?, ?, ?, ?, false, ?, 'EUR', 'succeeded', 'pm_test', ?)`,
      [paid.id, invoice.id, invoice.number, invoice.accountId, invoice.gross, paid.intent],
    );
    await sql(`update finance_documents set status = 'paid' where id = ?`, [invoice.id]);
    return paid;
  }
  const creditNotes = (invoiceId: string) =>
    sql<{ number: string; gross_minor: string; reason: string }>(
      'select number, gross_minor, reason from finance_documents where credits_document_id = ? order by number',
      [invoiceId],
    );
  /** Whether the public event with this dedupe key was published (its workflow started; no worker runs it here). */
  const published = async (dedupeKey: string) =>
    await env.client.workflow
      .getHandle(publicEventWorkflowId(dedupeKey))
      .describe()
      .then(
        () => true,
        () => false,
      );

  it('records a refund made in the dashboard (charge.refunded) with its credit note once; one that fails later (refund.failed) keeps it', async () => {
    const paid = await paidPayment();
    const refund = {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 3_000,
      payment_intent: paid.intent,
      metadata: {},
      failure_reason: null,
    };
    refunds.set(paid.intent, [{ ...refund, status: 'succeeded' }]);
    const charge = { id: 'ch_paid_1', object: 'charge', payment_intent: paid.intent, amount_refunded: 3_000 };
    expect(await deliver(event('evt_dash_refunded', 'charge.refunded', charge))).toMatchObject({
      status: 200,
      json: { outcome: 'handled' },
    });
    // Stripe tells the same refund again under other events: still one credit note.
    expect(await deliver(event('evt_dash_refund_updated', 'charge.refund.updated', { ...refund, status: 'succeeded' }))).toMatchObject({
      json: { outcome: 'handled' },
    });
    const [note] = await creditNotes(paid.invoice.id);
    expect(await creditNotes(paid.invoice.id)).toEqual([{ number: note!.number, gross_minor: '3000', reason: 'refund' }]);
    expect(
      await sql('select origin, status, amount_minor, credit_note_number from payment_refunds where payment_id = ?', [paid.id]),
    ).toEqual([{ origin: 'provider', status: 'succeeded', amount_minor: '3000', credit_note_number: note!.number }]);
    expect(await published(`payment.refunded:${paid.id}:re_dashboard_1`)).toBe(true);
    expect(await published(`credit_note:${note!.number}`)).toBe(true);

    // The card was closed: the refund fails days later.
    refunds.set(paid.intent, [{ ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' }]);
    const failed = event('evt_dash_refund_failed', 'refund.failed', {
      ...refund,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(await deliver(failed)).toMatchObject({ status: 200, json: { outcome: 'handled' } });
    expect(await deliver(failed)).toMatchObject({ status: 200, json: { outcome: 'duplicate' } });
    expect(await sql('select status, failure_reason, credit_note_number from payment_refunds where payment_id = ?', [paid.id])).toEqual([
      { status: 'failed', failure_reason: 'expired_or_canceled_card', credit_note_number: note!.number },
    ]);
    expect((await creditNotes(paid.invoice.id)).map((n) => n.number)).toEqual([note!.number]); // the credit note stays issued
    expect(await published(`payment.refund_failed:${paid.id}:re_dashboard_1`)).toBe(true);
  });

  it('marks the invoice disputed on charge.dispute.created; a lost dispute closes with a chargeback credit note, the invoice untouched', async () => {
    const paid = await paidPayment();
    const dispute = {
      id: 'dp_api_1',
      object: 'dispute',
      amount: paid.invoice.gross,
      currency: 'eur',
      reason: 'fraudulent',
      payment_intent: paid.intent,
      charge: 'ch_x',
    };
    const status = async () =>
      (await sql<{ status: string }>('select status from finance_documents where id = ?', [paid.invoice.id]))[0]!.status;
    expect(await deliver(event('evt_dp_created', 'charge.dispute.created', { ...dispute, status: 'needs_response' }))).toMatchObject({
      json: { outcome: 'handled' },
    });
    expect(await status()).toBe('disputed');
    expect(await published('payment.disputed:dp_api_1')).toBe(true);
    await deliver(event('evt_dp_updated', 'charge.dispute.updated', { ...dispute, status: 'under_review' }));
    expect(await sql('select status, closed_at from payment_disputes where id = ?', ['dp_api_1'])).toEqual([
      { status: 'under_review', closed_at: null },
    ]);
    const closed = event('evt_dp_closed', 'charge.dispute.closed', { ...dispute, status: 'lost' });
    expect(await deliver(closed)).toMatchObject({ json: { outcome: 'handled' } });
    expect(await deliver(closed)).toMatchObject({ json: { outcome: 'duplicate' } });
    const notes = await creditNotes(paid.invoice.id);
    expect(notes).toEqual([{ number: expect.any(String), gross_minor: String(paid.invoice.gross), reason: 'chargeback' }]);
    expect(await status()).toBe('paid');
    expect(await published('payment.dispute_closed:dp_api_1')).toBe(true);
    expect(await published(`credit_note:${notes[0]!.number}`)).toBe(true);
  });
});
