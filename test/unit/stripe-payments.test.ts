import type Stripe from 'stripe';
import { meaningOfEvent, toProviderPayment } from '../../infra/payments/stripe';

const card = { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 };
const method = { id: 'pm_1', object: 'payment_method', card } as unknown as Stripe.PaymentMethod;
const charge = (threeDs: Record<string, unknown> | null) =>
  ({
    id: 'ch_1',
    object: 'charge',
    payment_method_details: { type: 'card', card: { three_d_secure: threeDs } },
  }) as unknown as Stripe.Charge;

function intent(fields: Partial<Record<keyof Stripe.PaymentIntent, unknown>>): Stripe.PaymentIntent {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    client_secret: 'pi_1_secret_abc',
    payment_method: method,
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    ...fields,
  } as unknown as Stripe.PaymentIntent;
}

/** How a Stripe PaymentIntent reads as the hub's provider payment (infra/payments/provider.ts). */
describe('Stripe PaymentIntents as provider payments', () => {
  it('a success carries the card and the 3-D Secure result of its charge', () => {
    const challenged = intent({
      status: 'succeeded',
      latest_charge: charge({
        authentication_flow: 'challenge',
        result: 'authenticated',
        version: '2.2.0',
        electronic_commerce_indicator: '05',
      }),
    });
    expect(toProviderPayment(challenged)).toEqual({
      id: 'pi_1',
      status: 'succeeded',
      method: card,
      threeDs: { version: '2.2.0', flow: 'challenge', trans_status: 'Y', eci: '05', outcome: 'authenticated' },
      declineCode: null,
      challengeUrl: null,
      clientSecret: null,
    });
    const attempted = intent({ status: 'succeeded', latest_charge: charge({ authentication_flow: null, result: 'attempt_acknowledged' }) });
    expect(toProviderPayment(attempted).threeDs).toEqual({
      version: '2.2.0',
      flow: 'frictionless',
      trans_status: 'A',
      eci: null,
      outcome: 'attempted',
    });
    expect(toProviderPayment(intent({ status: 'succeeded', latest_charge: charge(null) })).threeDs).toBeNull();
  });

  it('reports an exempted 3-D Secure outcome as an exemption (transStatus I), never as authenticated', () => {
    const exempted = intent({
      status: 'succeeded',
      latest_charge: charge({ authentication_flow: null, result: 'exempted', electronic_commerce_indicator: '07' }),
    });
    expect(toProviderPayment(exempted).threeDs).toEqual({
      version: '2.2.0',
      flow: 'frictionless',
      trans_status: 'I',
      eci: '07',
      outcome: 'exempted',
    });
  });

  it('reads processing, and a PaymentIntent created but not yet confirmed, as processing: nobody has anything to do', () => {
    for (const status of ['processing', 'requires_confirmation'])
      expect(toProviderPayment(intent({ status }))).toMatchObject({
        status: 'processing',
        clientSecret: null,
        declineCode: null,
        threeDs: null,
      });
  });

  it("waits for the cardholder on next_action, and on an off-session charge the issuer wants authenticated, with Stripe.js's client secret", () => {
    const sdk = toProviderPayment(intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } }));
    expect(sdk).toMatchObject({ status: 'requires_action', challengeUrl: null, clientSecret: 'pi_1_secret_abc', declineCode: null });
    expect(sdk.threeDs).toMatchObject({ flow: 'challenge', trans_status: 'C', outcome: 'pending' });
    const redirect = intent({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/x', return_url: null } },
    });
    expect(toProviderPayment(redirect).challengeUrl).toBe('https://hooks.stripe.com/3d_secure_2/x');
    const offSession = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'authentication_required' },
    });
    expect(toProviderPayment(offSession)).toMatchObject({ status: 'requires_action', clientSecret: 'pi_1_secret_abc', declineCode: null });
  });

  it("fails with the issuer's decline code, the hub's authentication and abandonment reasons", () => {
    const declined = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    expect(toProviderPayment(declined)).toMatchObject({ status: 'failed', declineCode: 'insufficient_funds', clientSecret: null });
    const expired = intent({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'expired_card' } });
    expect(toProviderPayment(expired).declineCode).toBe('expired_card');
    const authFailed = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
    });
    expect(toProviderPayment(authFailed).declineCode).toBe('3ds_authentication_failed');
    expect(toProviderPayment(intent({ status: 'canceled', cancellation_reason: 'abandoned' }))).toMatchObject({
      status: 'failed',
      declineCode: '3ds_challenge_abandoned',
    });
  });

  it('reads which payment an event is about: its PaymentIntent, its refunds, or a dispute; other events are ignored', () => {
    const ev = (type: string, object: unknown) => ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;
    expect(meaningOfEvent(ev('payment_intent.payment_failed', { id: 'pi_9' }))).toEqual({ kind: 'payment', providerPaymentId: 'pi_9' });
    expect(meaningOfEvent(ev('payment_intent.processing', { id: 'pi_9' }))).toEqual({ kind: 'payment', providerPaymentId: 'pi_9' });
    expect(meaningOfEvent(ev('charge.refunded', { id: 'ch_9', payment_intent: 'pi_8' }))).toEqual({
      kind: 'refunds',
      providerPaymentId: 'pi_8',
    });
    expect(meaningOfEvent(ev('charge.refunded', { id: 'ch_9', payment_intent: { id: 'pi_7' } }))).toEqual({
      kind: 'refunds',
      providerPaymentId: 'pi_7',
    });
    for (const type of ['refund.failed', 'charge.refund.updated', 'refund.updated'])
      expect(meaningOfEvent(ev(type, { id: 're_1', object: 'refund', payment_intent: 'pi_6' }))).toEqual({
        kind: 'refunds',
        providerPaymentId: 'pi_6',
      });
    const dispute = { id: 'dp_1', object: 'dispute', amount: 1_200, currency: 'eur', reason: 'fraudulent', payment_intent: 'pi_5' };
    expect(meaningOfEvent(ev('charge.dispute.closed', { ...dispute, status: 'lost' }))).toEqual({
      kind: 'dispute',
      providerPaymentId: 'pi_5',
      dispute: { id: 'dp_1', amountMinor: 1_200, currency: 'EUR', reason: 'fraudulent', status: 'lost' },
    });
    expect(meaningOfEvent(ev('charge.dispute.funds_withdrawn', { ...dispute, status: 'needs_response' }))).toEqual({ kind: 'ignored' });
    expect(meaningOfEvent(ev('charge.refunded', { id: 'ch_9', payment_intent: null }))).toEqual({ kind: 'ignored' });
    expect(meaningOfEvent(ev('customer.updated', { id: 'cus_1' }))).toEqual({ kind: 'ignored' });
  });
});
