import Stripe from 'stripe';
import {
  AMOUNT_NOT_SUPPORTED,
  AUTHENTICATION_FAILED,
  cardAmountProblem,
  CHALLENGE_ABANDONED,
  THREE_DS_OUTCOME_OF,
  type CardDetails,
  type ThreeDsResult,
  type TransStatus,
} from '../../domain/payments';
import type { PaymentHolder, PaymentProvider, ProviderCustomers, ProviderDispute, ProviderPayment, ProviderRefund } from './provider';

/**
 * Stripe as the payment provider (PAYMENT_PROVIDER=stripe), on the official SDK: PaymentIntents created with the hub's
 * payment id as Stripe's idempotency key, their id recorded, then confirmed; 3-D Secure through `next_action` (Stripe.js
 * on the payment page shows the issuer's challenge), a Customer per account and environment, `setup_future_usage` to
 * keep a card for off-session collection with the same authentication, cancel, and refunds keyed `<payment>:<n>`. Stripe keeps the card; the hub keeps the
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
  exempted: 'I',
  failed: 'N',
  not_supported: 'U',
  processing_error: 'U',
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
    outcome: THREE_DS_OUTCOME_OF[trans],
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
  // `processing` waits for the network, `requires_confirmation` for the hub's own confirm call (a crash between the
  // two): neither is the cardholder's business.
  const status =
    intent.status === 'succeeded'
      ? 'succeeded'
      : waiting
        ? 'requires_action'
        : intent.status === 'processing' || intent.status === 'requires_confirmation'
          ? 'processing'
          : 'failed';
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
  const refused = (id: string, code: string): ProviderPayment => ({
    id,
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
      if (input.holder && input.holder.livemode !== live) return refused(`refused:${input.idempotencyKey}`, 'livemode_mismatch');
      if (cardAmountProblem(input.amountMinor, input.currency)) return refused(`refused:${input.idempotencyKey}`, AMOUNT_NOT_SUPPORTED);
      let id = input.providerPaymentId ?? null;
      try {
        if (!id) {
          const customer = input.holder ? await customerOf(input.holder) : undefined;
          const created = await stripe.paymentIntents.create(
            {
              amount: input.amountMinor,
              currency: input.currency.toLowerCase(),
              payment_method: input.paymentMethod,
              allowed_payment_method_types: ['card'],
              ...(customer && { customer }),
              ...(input.setupFutureUsage && { setup_future_usage: 'off_session' as const }),
              metadata: { hub_payment: input.idempotencyKey, ...(input.holder && { hub_account: input.holder.accountId }) },
            },
            { idempotencyKey: input.idempotencyKey },
          );
          id = created.id;
          await input.onCreated?.(id);
        }
        const intent = await stripe.paymentIntents.confirm(
          id,
          { ...(input.offSession ? { off_session: true } : {}), expand: EXPAND },
          { idempotencyKey: `${input.idempotencyKey}:confirm` },
        );
        return toProviderPayment(intent);
      } catch (err) {
        // A declined card, or an off-session charge the issuer wants authenticated: Stripe answers 402 with the
        // PaymentIntent as it now stands (the same answer to the same key again); read it whole.
        const intent = (err as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        if (err instanceof Stripe.errors.StripeCardError && intent?.id) return retrieve(intent.id);
        // Confirmed before (a retry after the confirmation's key expired): it is read as it stands.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state' && id)
          return retrieve(id);
        // A request Stripe refuses as such (a card token it does not know, a simulated PSP's saved card, one of the
        // other mode, a card that cannot be reused): it would refuse it again on every retry, so the payment fails.
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return refused(
            id ?? `refused:${input.idempotencyKey}`,
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
    async listRefunds(paymentId) {
      const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 }).autoPagingToArray({ limit: 1000 });
      return refunds.map(refundOf);
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

function refundOf(refund: Stripe.Refund): ProviderRefund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled' ? refund.status : 'pending';
  return {
    id: refund.id,
    amountMinor: refund.amount,
    status,
    failureReason: refund.failure_reason ?? null,
    hubRefund: refund.metadata?.hub_refund ?? null,
  };
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** What a Stripe webhook event tells the hub, in the provider's neutral terms (app/payments.ts acts on it). */
export type StripeEventMeaning =
  /** A PaymentIntent changed: its payment's workflow reads it again. */
  | { kind: 'payment'; providerPaymentId: string }
  /** A refund of the PaymentIntent was made, or changed (a refund that failed later, one made in the dashboard). */
  | { kind: 'refunds'; providerPaymentId: string }
  /** A dispute (chargeback) of the PaymentIntent's charge was opened, changed or closed. */
  | { kind: 'dispute'; providerPaymentId: string; dispute: ProviderDispute }
  | { kind: 'ignored' };

const REFUND_EVENTS = new Set(['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated', 'refund.failed']);
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

/** The meaning of a verified event; types the hub has no use for (and objects of no PaymentIntent) are `ignored`. */
export function meaningOfEvent(event: Stripe.Event): StripeEventMeaning {
  const object = event.data.object as { object?: string; payment_intent?: string | { id: string } | null };
  if (event.type.startsWith('payment_intent.')) return { kind: 'payment', providerPaymentId: (object as Stripe.PaymentIntent).id };
  const providerPaymentId = idOf(object.payment_intent);
  if (!providerPaymentId) return { kind: 'ignored' };
  if (REFUND_EVENTS.has(event.type)) return { kind: 'refunds', providerPaymentId };
  if (DISPUTE_EVENTS.has(event.type)) {
    const dispute = object as Stripe.Dispute;
    return {
      kind: 'dispute',
      providerPaymentId,
      dispute: {
        id: dispute.id,
        amountMinor: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        reason: dispute.reason,
        status: dispute.status,
      },
    };
  }
  return { kind: 'ignored' };
}
