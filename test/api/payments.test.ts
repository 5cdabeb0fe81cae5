import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { payInvoice } from '../../app/payments';
import { paymentWorkflowId } from '../../contracts/payments';
import { paymentUrl } from '../../infra/passenger-links';
import { tokenizeCard } from '../../infra/payments/simulated';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { hubCli } from '../support/cli';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { issueTestInvoice } from '../support/invoices';
import { simulatedPaymentStore } from '../../db/simulated-payments';

/** GET /api/public/v1/payments, the payment link on the invoice read, and `hub payments refund`. */
describe('Public Integration API: payments', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const keys: Record<'corporate' | 'other' | 'operator' | 'noScope', string> = {} as never;
  const sql = sqlOn(() => db);
  const { hub: cli } = hubCli(
    () => db,
    () => env.client,
  );
  let corporate: string;
  let paid: { paymentId: string; invoice: string; invoiceId: string };
  let declined: string;

  async function pay(accountId: string, number: string) {
    const invoice = await issueTestInvoice(db, { accountId });
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), { number, exp_month: 12, exp_year: 2034, cvc: '123' });
    const payment = await payInvoice(
      { orm: db.orm, temporal: env.client, challengeTimeoutMs: 60_000 },
      { documentId: invoice.id, paymentMethod: card.id, saveCard: false },
    );
    await env.client.workflow.getHandle(paymentWorkflowId(payment.id)).result();
    return { paymentId: payment.id, invoice: invoice.number, invoiceId: invoice.id };
  }

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), timeSkippingEnvironment()]);
    hub = await startTestHub(db, env);
    corporate = (await createIntegratorAccount(db.orm, 'Acme Travel', 'corporate')).accountId;
    const other = (await createIntegratorAccount(db.orm, 'Globex', 'corporate')).accountId;
    const operator = (await createIntegratorAccount(db.orm, 'Dispatch ERP', 'operator')).accountId;
    const key = async (accountId: string, scopes: string[]) =>
      (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'test', scopes })).key;
    keys.corporate = await key(corporate, ['payments.read', 'invoices.read']);
    keys.other = await key(other, ['payments.read']);
    keys.operator = await key(operator, ['payments.read']);
    keys.noScope = await key(corporate, ['invoices.read']);
    paid = await pay(corporate, '4242424242424242');
    declined = (await pay(other, '4000000000009995')).paymentId;
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const list = (key: string, query = '') => getJson(`${hub.baseUrl}/api/public/v1/payments${query}`, key);

  it("lists a corporate key's own payments with the card and the 3-D Secure result, never a number", async () => {
    const reply = await list(keys.corporate);
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual([
      {
        payment_id: paid.paymentId,
        invoice: paid.invoice,
        account: corporate,
        amount: 110,
        currency: 'EUR',
        status: 'succeeded',
        off_session: false,
        method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
        three_ds: { version: '2.2.0', flow: 'frictionless', trans_status: 'Y', eci: '05', outcome: 'authenticated' },
        reason: null,
        created: expect.any(String),
        succeeded_at: expect.any(String),
        refunded: 0,
        livemode: false,
      },
    ]);
    expect(JSON.stringify(reply.json)).not.toContain('4242424242424242');
  });

  it('lets an operator key see every account’s payments and filter them; a key without the scope gets 403', async () => {
    const all = await list(keys.operator);
    expect(all.json.data.map((p: { payment_id: string }) => p.payment_id).sort()).toEqual([paid.paymentId, declined].sort());
    const failed = await list(keys.operator, '?status=failed');
    expect(failed.json.data).toEqual([expect.objectContaining({ payment_id: declined, reason: 'insufficient_funds' })]);
    expect((await list(keys.operator, `?invoice=${paid.invoice}`)).json.data).toHaveLength(1);
    expect((await list(keys.operator, '?limit=1')).json).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect((await list(keys.other)).json.data.map((p: { payment_id: string }) => p.payment_id)).toEqual([declined]);
    expect((await list(keys.noScope)).status).toBe(403);
    expect((await list(keys.operator, '?status=lost')).status).toBe(422);
  });

  it("puts the invoice's payment page on its read, and the page says it is paid", async () => {
    const reply = await getJson(`${hub.baseUrl}/api/public/v1/invoices/${paid.invoice}`, keys.corporate);
    expect(reply.json).toMatchObject({ status: 'paid', hosted_payment_url: expect.stringMatching(/^http:\/\/hub\.test\/pay\/doc_/) });
    const page = await fetch(reply.json.hosted_payment_url.replace('http://hub.test', hub.baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('This invoice is paid');
    const tampered = await fetch(`${reply.json.hosted_payment_url.replace('http://hub.test', hub.baseUrl)}x`);
    expect(tampered.status).toBe(404);
  });

  it('refunds from the CLI: a credit note, the amount on the payment, and a clear refusal beyond it', async () => {
    const refunded = await cli('payments', 'refund', '--payment', paid.paymentId, '--amount', '10.00', '--reason', 'refund', '--json');
    expect(refunded.code).toBe(0);
    expect(JSON.parse(refunded.stdout)).toMatchObject({
      amountMinor: 1_000,
      refundedMinor: 1_000,
      creditNote: expect.stringMatching(/^CN-TEST-/),
    });
    expect((await list(keys.corporate)).json.data[0].refunded).toBe(10);
    const tooMuch = await cli('payments', 'refund', '--payment', paid.paymentId, '--amount', '500', '--reason', 'refund');
    expect(tooMuch).toMatchObject({ code: 1, stderr: expect.stringContaining('is not refundable') });
    const notPaid = await cli('payments', 'refund', '--payment', declined, '--reason', 'refund');
    expect(notPaid).toMatchObject({ code: 1, stderr: expect.stringContaining('only a succeeded payment') });
    expect((await cli('payments', 'refund', '--payment', paid.paymentId, '--reason', 'because')).code).toBe(2);
    const [note] = await sql<{ gross_minor: string; reason: string }>(
      `select gross_minor, reason from finance_documents where credits_document_id = ?`,
      [paid.invoiceId],
    );
    expect(note).toEqual({ gross_minor: '1000', reason: 'refund' });
  });

  it('answers a card payment of a three-decimal amount Stripe cannot take with a 422 amount_not_supported naming the rule', async () => {
    const invoice = await issueTestInvoice(db, { currency: 'KWD', grossMinor: 36_125 });
    const [doc] = await sql<{ issued_at: Date }>('select issued_at from finance_documents where id = ?', [invoice.id]);
    const path = new URL(paymentUrl('http://hub.test', TEST_SECRETS.encryptionKey, { id: invoice.id, issuedAt: doc!.issued_at })).pathname;
    const card = await tokenizeCard(simulatedPaymentStore(db.orm), {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    const res = await fetch(`${hub.baseUrl}${path}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_method: card.id, save_card: false }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({
      code: 'amount_not_supported',
      reason: 'amount_not_supported',
      type: expect.stringMatching(/\/docs\/errors#amount_not_supported$/),
      detail: expect.stringMatching(/^36\.125 KWD cannot be taken by card: .*minor units ending in 0/),
    });
    expect(await sql('select id from payments where invoice_id = ?', [invoice.id])).toEqual([]);
  });
});
