import Stripe from 'stripe';
import { AUTHENTICATION_FAILED, CHALLENGE_ABANDONED, type CardDetails, type ThreeDsResult, type TransStatus } from '../../domain/payments';
import type { PaymentHolder, PaymentProvider, ProviderCustomers, ProviderPayment } from './provider';

/**
 * Stripe as the payment provider (PAYMENT_PROVIDER=stripe), on the official SDK: PaymentIntents created and confirmed
 * at once with the hub's payment id as Stripe's idempotency key, 3-D Secure through `next_action` (Stripe.js on the
 * payment page shows the issuer's challenge), a Customer per account and environment, SetupIntents to keep a card for
 * off-session collection, cancel, and refunds keyed `<payment>:<n>`. Stripe keeps the card; the hub keeps the
 * PaymentMethod's id and the card's brand, last four and expiry. docs/payments.md ("Stripe").
 */

export interface StripeProviderOptions {
  secretKey: string;
  /** Another host for Stripe's API (STRIPE_API_BASE): stripe-mock in the tests, a proxy in some deployments. */
  apiBase?: string;
  /** Network retries of the SDK (each with the same idempotency key, so never a second charge). */
  maxNetworkRetries?: number;
}

/** The SDK's client, pointed at STRIPE_API_BASE when given. */
export function stripeClient(options: StripeProviderOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 30_000,
    appInfo: { name: 'dispatch-integration-hub' },
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** Stripe's `three_d_secure.result` as the EMV transStatus the hub reports. */
const TRANS: Record<string, TransStatus> = {
  authenticated: 'Y',
  attempt_acknowledged: 'A',
  exempted: 'Y',
  failed: 'N',
  not_supported: 'U',
  processing_error: 'U',
};
const OUTCOMES: Record<TransStatus, ThreeDsResult['outcome']> = {
  Y: 'authenticated',
  A: 'attempted',
  N: 'failed',
  R: 'rejected',
  U: 'unavailable',
  C: 'abandoned',
};

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardDetails {
  const card = typeof method === 'object' && method ? method.card : null;
  return card
    ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
    : { brand: 'unknown', last4: '', exp_month: 0, exp_year: 0 };
}

function threeDsOf(intent: Stripe.PaymentIntent): ThreeDsResult | null {
  if (intent.status === 'requires_action') return { version: '2.2.0', flow: 'challenge', trans_status: 'C', eci: null, outcome: 'pending' };
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const secure = charge?.payment_method_details?.card?.three_d_secure;
  if (!secure?.result) return null;
  const trans = TRANS[secure.result] ?? 'U';
  return {
    version: '2.2.0',
    flow: secure.authentication_flow === 'challenge' ? 'challenge' : 'frictionless',
    trans_status: trans,
    eci: secure.electronic_commerce_indicator ?? null,
    outcome: OUTCOMES[trans],
  };
}

/** Waiting for the cardholder: Stripe's `requires_action`, or an off-session charge the issuer wants authenticated. */
const awaitsCardholder = (intent: Stripe.PaymentIntent) =>
  intent.status === 'requires_action' ||
  (intent.status === 'requires_payment_method' && intent.last_payment_error?.code === 'authentication_required');

/** A PaymentIntent in the interface's three states. */
export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const waiting = awaitsCardholder(intent);
  const error = intent.last_payment_error;
  const declineCode =
    intent.status === 'canceled'
      ? CHALLENGE_ABANDONED
      : error?.code === 'payment_intent_authentication_failure'
        ? AUTHENTICATION_FAILED
        : (error?.decline_code ?? error?.code ?? 'processing_error');
  const status = intent.status === 'succeeded' ? 'succeeded' : waiting || intent.status === 'processing' ? 'requires_action' : 'failed';
  return {
    id: intent.id,
    status,
    method: cardOf(intent.payment_method as Stripe.PaymentMethod | string | null),
    threeDs: threeDsOf(intent),
    declineCode: status === 'failed' ? declineCode : null,
    challengeUrl: intent.next_action?.redirect_to_url?.url ?? null,
    clientSecret: waiting ? intent.client_secret : null,
  };
}

const EXPAND = ['payment_method', 'latest_charge'];

/**
 * The adapter. `customers` keeps which Stripe Customer is whose (db/provider-customers.ts): one per account and
 * environment, made once (its idempotency key is the pair, so two processes racing make the same one).
 */
export function stripePaymentProvider(options: StripeProviderOptions & { customers: ProviderCustomers; client?: Stripe }): PaymentProvider {
  const stripe = options.client ?? stripeClient(options);
  const { customers } = options;

  async function customerOf(holder: PaymentHolder): Promise<string> {
    const known = await customers.find(holder);
    if (known) return known;
    const environment = holder.livemode ? 'live' : 'test';
    const customer = await stripe.customers.create(
      {
        description: `Dispatch hub account ${holder.accountId} (${environment})`,
        metadata: { hub_account: holder.accountId, hub_environment: environment },
      },
      { idempotencyKey: `customer:${holder.accountId}:${environment}` },
    );
    return customers.remember(holder, customer.id);
  }

  const live = /^(sk|rk)_live_/.test(options.secretKey);
  /** A payment Stripe never saw: refused before any call (the wrong mode's key), or a card Stripe does not know. */
  const refused = (key: string, code: string): ProviderPayment => ({
    id: `refused:${key}`,
    status: 'failed',
    method: { brand: 'unknown', last4: '', exp_month: 0, exp_year: 0 },
    threeDs: null,
    declineCode: code,
    challengeUrl: null,
  });
  const retrieve = async (id: string) => toProviderPayment(await stripe.paymentIntents.retrieve(id, { expand: EXPAND }));

  return {
    takesEnvironment: (livemode) => livemode === live,
    async createPayment(input) {
      // A live environment's payment never goes to Stripe's test mode (nothing would be charged), nor a test one to
      // live mode (a real card would be).
      if (input.holder && input.holder.livemode !== live) return refused(input.idempotencyKey, 'livemode_mismatch');
      const customer = input.holder ? await customerOf(input.holder) : undefined;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            payment_method: input.paymentMethod,
            allowed_payment_method_types: ['card'],
            confirm: true,
            ...(customer && { customer }),
            ...(input.offSession ? { off_session: true } : {}),
            metadata: { hub_payment: input.idempotencyKey, ...(input.holder && { hub_account: input.holder.accountId }) },
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderPayment(intent);
      } catch (err) {
        // A declined card, or an off-session charge the issuer wants authenticated: Stripe answers 402 with the
        // PaymentIntent as it now stands (the same answer to the same key again); read it whole.
        const intent = (err as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        if (err instanceof Stripe.errors.StripeCardError && intent?.id) return retrieve(intent.id);
        // A request Stripe refuses as such (a card token it does not know, a simulated PSP's saved card, one of the
        // other mode, a card that cannot be reused): it would refuse it again on every retry, so the payment fails.
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return refused(
            input.idempotencyKey,
            err.code === 'resource_missing' ? 'payment_method_unknown' : (err.code ?? 'invalid_request'),
          );
        throw err;
      }
    },
    retrievePayment: retrieve,
    async cancelPayment(id) {
      try {
        return toProviderPayment(
          await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned', expand: EXPAND }, { idempotencyKey: `${id}:cancel` }),
        );
      } catch (err) {
        // Succeeded or failed meanwhile (the cardholder answered as the timer fired): answered as it ended.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') return retrieve(id);
        throw err;
      }
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentId, amount: input.amountMinor, metadata: { hub_refund: input.idempotencyKey } },
        { idempotencyKey: input.idempotencyKey },
      );
      // `pending` is a refund Stripe accepted and is sending to the card (it cannot take it back): done for the hub.
      return { id: refund.id, status: refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'succeeded' };
    },
    async describeMethod(paymentMethod) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethod);
        return method.card ? cardOf(method) : null;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
    },
    async saveMethod(input) {
      const customer = await customerOf(input.holder);
      const setup = await stripe.setupIntents.create(
        {
          customer,
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          usage: 'off_session',
          confirm: true,
          metadata: { hub_account: input.holder.accountId },
        },
        { idempotencyKey: `setup:${input.paymentMethod}:${customer}` },
      );
      // A card whose bank asks to authenticate even the setup is not kept: the cycle could not charge it unattended.
      return { saved: setup.status === 'succeeded' || setup.status === 'processing' };
    },
  };
}

/**
 * Stripe's webhook: the event if `signature` (the `Stripe-Signature` header) signs `rawBody` with the endpoint's
 * secret within 300 s, else a `Stripe.errors.StripeSignatureVerificationError`.
 */
export function verifyStripeEvent(rawBody: string | Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, 300);
}

/** The provider payment (PaymentIntent) an event is about, when it is one the payment workflow cares for. */
export function paymentIntentOfEvent(event: Stripe.Event): string | null {
  if (event.type.startsWith('payment_intent.')) return (event.data.object as Stripe.PaymentIntent).id;
  if (event.type === 'charge.refunded') {
    const intent = (event.data.object as Stripe.Charge).payment_intent;
    return typeof intent === 'string' ? intent : (intent?.id ?? null);
  }
  return null;
}
