import Stripe from 'stripe';
import { newId } from '../../infra/ids';
import type { PaymentProvider } from '../../infra/payments/provider';
import { stripeClient, stripePaymentProvider } from '../../infra/payments/stripe';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { ensureStripeMock, startStripeMock, type RunningStripeMock } from '../support/stripe-mock';
import { providerCustomers } from '../../db/provider-customers';

interface Call {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  status?: number;
}

/** The SDK's own HTTP client, keeping each request's form body (the SDK's events carry none). */
function recordingHttpClient(bodies: { path: string; body: URLSearchParams }[]): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  const client = Object.create(inner) as Stripe.HttpClient;
  client.makeRequest = (host, port, path, method, headers, requestData, protocol, timeout) => {
    if (method === 'POST') bodies.push({ path: path.split('?')[0]!, body: new URLSearchParams(String(requestData ?? '')) });
    return inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
  };
  return client;
}

/**
 * Every call the Stripe adapter makes, sent to stripe-mock (Stripe's server that validates each request against
 * Stripe's published OpenAPI and refuses what does not match): create-and-confirm, retrieve, cancel, refund, the
 * account's Customer, `setup_future_usage` when the card is saved, the refunds list, the PaymentMethod behind a token. stripe-mock is stateless
 * (it answers fixtures), so this proves the calls, with their idempotency keys, not the flows: those are proven with
 * the simulated PSP (test/workflows/payment.test.ts, test/e2e/payment-page.test.ts).
 */
describe('the Stripe adapter on stripe-mock', () => {
  let db: TestDatabase;
  let mock: RunningStripeMock;
  let provider: PaymentProvider;
  let live: PaymentProvider;
  const calls: Call[] = [];
  const bodies: { path: string; body: URLSearchParams }[] = [];
  const bodyOf = (path: string) => [...bodies].reverse().find((b) => b.path === path)!.body;
  const sql = sqlOn(() => db);
  const holder = { accountId: newId('acct'), livemode: false };

  beforeAll(async () => {
    const binary = await ensureStripeMock((line) => console.log(line));
    [db, mock] = await Promise.all([freshDatabase(), startStripeMock(binary)]);
    const listen = (client: Stripe) => {
      client.on('request', (e: Stripe.RequestEvent) =>
        calls.push({ method: e.method, path: e.path.split('?')[0]!, idempotencyKey: e.method === 'GET' ? undefined : e.idempotency_key }),
      );
      client.on('response', (e: Stripe.ResponseEvent) => {
        const call = [...calls].reverse().find((c) => c.path === e.path.split('?')[0] && c.method === e.method && c.status === undefined);
        if (call) call.status = e.status;
      });
      return client;
    };
    const base = new URL(mock.apiBase);
    const client = listen(
      new Stripe('sk_test_123', {
        host: base.hostname,
        port: Number(base.port),
        protocol: 'http',
        maxNetworkRetries: 0,
        httpClient: recordingHttpClient(bodies),
      }),
    );
    provider = stripePaymentProvider({ secretKey: 'sk_test_123', customers: providerCustomers(db.orm), client });
    // stripe-mock takes test-mode keys only: the live adapter (live by its key) talks through a client with a test key.
    const liveClient = listen(stripeClient({ secretKey: 'sk_test_123', apiBase: mock.apiBase, maxNetworkRetries: 0 }));
    live = stripePaymentProvider({ secretKey: 'sk_live_123', customers: providerCustomers(db.orm), client: liveClient });
  }, 10 * 60_000);
  afterAll(async () => {
    await mock?.stop();
    await db?.close();
  });

  const since = (n: number) => calls.slice(n).map(({ method, path, idempotencyKey, status }) => ({ method, path, idempotencyKey, status }));

  it('reads the card behind a PaymentMethod', async () => {
    const n = calls.length;
    expect(await provider.describeMethod('pm_card_visa')).toEqual({
      brand: expect.any(String),
      last4: expect.stringMatching(/^\d{4}$/),
      exp_month: expect.any(Number),
      exp_year: expect.any(Number),
    });
    expect(since(n)).toEqual([{ method: 'GET', path: '/v1/payment_methods/pm_card_visa', idempotencyKey: undefined, status: 200 }]);
  });

  it("creates a PaymentIntent at the account's Customer keyed by the payment id, hands its id to be recorded, then confirms it; retrieves and cancels it", async () => {
    const n = calls.length;
    const paymentId = newId('pay');
    const recorded: { id: string; callsBefore: number }[] = [];
    const answer = await provider.createPayment({
      idempotencyKey: paymentId,
      amountMinor: 11_000,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
      offSession: false,
      setupFutureUsage: true,
      holder,
      onCreated: async (id) => void recorded.push({ id, callsBefore: calls.length - n }),
    });
    expect(answer.id).toMatch(/^pi_/);
    expect(['processing', 'requires_action', 'succeeded', 'failed']).toContain(answer.status);
    expect(since(n)).toEqual([
      { method: 'POST', path: '/v1/customers', idempotencyKey: `customer:${holder.accountId}:test`, status: 200 },
      { method: 'POST', path: '/v1/payment_intents', idempotencyKey: paymentId, status: 200 },
      { method: 'POST', path: `/v1/payment_intents/${recorded[0]!.id}/confirm`, idempotencyKey: `${paymentId}:confirm`, status: 200 },
    ]);
    // Recorded after the creation, before the confirmation.
    expect(recorded).toEqual([{ id: expect.stringMatching(/^pi_/), callsBefore: 2 }]);
    // "Save this card": the payment itself sets the card up for off-session use, so one authentication does both.
    const created = bodyOf('/v1/payment_intents');
    expect(created.get('setup_future_usage')).toBe('off_session');
    expect(created.get('confirm')).toBeNull();
    expect(created.get('amount')).toBe('11000');
    const [customer] = await sql<{ customer_id: string }>('select customer_id from stripe_customers where account_id = ?', [
      holder.accountId,
    ]);
    expect(customer!.customer_id).toMatch(/^cus_/);

    const m = calls.length;
    expect((await provider.retrievePayment(answer.id)).id).toMatch(/^pi_/);
    expect((await provider.cancelPayment(answer.id)).status).toBe('failed');
    expect(since(m)).toEqual([
      { method: 'GET', path: `/v1/payment_intents/${answer.id}`, idempotencyKey: undefined, status: 200 },
      { method: 'POST', path: `/v1/payment_intents/${answer.id}/cancel`, idempotencyKey: `${answer.id}:cancel`, status: 200 },
    ]);
  });

  it('confirms a PaymentIntent already recorded, creating none (a retry after Stripe forgot the idempotency key)', async () => {
    const n = calls.length;
    const paymentId = newId('pay');
    await provider.createPayment({
      idempotencyKey: paymentId,
      amountMinor: 500,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
      offSession: true,
      setupFutureUsage: false,
      holder,
      providerPaymentId: 'pi_recorded_1',
      onCreated: () => Promise.reject(new Error('nothing is created')),
    });
    expect(since(n)).toEqual([
      { method: 'POST', path: '/v1/payment_intents/pi_recorded_1/confirm', idempotencyKey: `${paymentId}:confirm`, status: 200 },
    ]);
    expect(bodyOf('/v1/payment_intents/pi_recorded_1/confirm').get('off_session')).toBe('true');
  });

  it('refuses a three-decimal amount Stripe would refuse (not whole hundredths) before any call', async () => {
    const n = calls.length;
    const refused = await provider.createPayment({
      idempotencyKey: newId('pay'),
      amountMinor: 12_345,
      currency: 'BHD',
      paymentMethod: 'pm_card_visa',
      offSession: false,
      setupFutureUsage: false,
      holder,
    });
    expect(refused).toMatchObject({ status: 'failed', declineCode: 'amount_not_supported' });
    expect(since(n)).toEqual([]);
  });

  it('charges off session with the Customer made once per account and environment, each environment with its own key', async () => {
    const n = calls.length;
    const paymentId = newId('pay');
    await provider.createPayment({
      idempotencyKey: paymentId,
      amountMinor: 500,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
      offSession: true,
      setupFutureUsage: false,
      holder,
    });
    // The test key never charges a live invoice: refused before any call.
    const refused = await provider.createPayment({
      idempotencyKey: `${paymentId}-live`,
      amountMinor: 500,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
      offSession: true,
      setupFutureUsage: false,
      holder: { ...holder, livemode: true },
    });
    expect(refused).toMatchObject({ status: 'failed', declineCode: 'livemode_mismatch' });
    expect(since(n).map((c) => c.path)).toEqual(['/v1/payment_intents', expect.stringMatching(/^\/v1\/payment_intents\/pi_\w+\/confirm$/)]);
    // A live key charges it, at the account's live Customer.
    const m = calls.length;
    await live.createPayment({
      idempotencyKey: `${paymentId}-live`,
      amountMinor: 500,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
      offSession: true,
      setupFutureUsage: false,
      holder: { ...holder, livemode: true },
    });
    expect(since(m).slice(0, 2)).toEqual([
      { method: 'POST', path: '/v1/customers', idempotencyKey: `customer:${holder.accountId}:live`, status: 200 },
      { method: 'POST', path: '/v1/payment_intents', idempotencyKey: `${paymentId}-live`, status: 200 },
    ]);
    expect(await sql('select livemode from stripe_customers where account_id = ? order by livemode', [holder.accountId])).toEqual([
      { livemode: false },
      { livemode: true },
    ]);
  });

  it("lists a PaymentIntent's refunds, the hub's own told by their key", async () => {
    const n = calls.length;
    const refunds = await provider.listRefunds('pi_123');
    expect(refunds.length).toBeGreaterThan(0);
    for (const r of refunds)
      expect(r).toEqual({
        id: expect.stringMatching(/^re_/),
        amountMinor: expect.any(Number),
        status: expect.stringMatching(/^(pending|succeeded|failed|canceled)$/),
        failureReason: null,
        hubRefund: null,
      });
    expect(since(n)).toEqual([{ method: 'GET', path: '/v1/refunds', idempotencyKey: undefined, status: 200 }]);
  });

  it('refunds part of a payment, keyed <payment>:<n>', async () => {
    const n = calls.length;
    const paymentId = newId('pay');
    const refund = await provider.refund({ idempotencyKey: `${paymentId}:1`, paymentId: 'pi_123', amountMinor: 2_500 });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(since(n)).toEqual([{ method: 'POST', path: '/v1/refunds', idempotencyKey: `${paymentId}:1`, status: 200 }]);
  });

  it('is refused by stripe-mock when a call does not match the API (the check is real)', async () => {
    const client = stripeClient({ secretKey: 'sk_test_123', apiBase: mock.apiBase, maxNetworkRetries: 0 });
    await expect(
      client.paymentIntents.create({
        amount: 100,
        currency: 'eur',
        confirm: true,
        no_such_parameter: 'x',
      } as Stripe.PaymentIntentCreateParams),
    ).rejects.toThrow(/Request validation error: .* additional properties are not allowed/);
  });
});
