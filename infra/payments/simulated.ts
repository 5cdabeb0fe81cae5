import { randomBytes } from 'node:crypto';
import {
  AMOUNT_NOT_SUPPORTED,
  AUTHENTICATION_FAILED,
  cardAmountProblem,
  CHALLENGE_ABANDONED,
  THREE_DS_OUTCOME_OF,
  type CardDetails,
  type ThreeDsResult,
} from '../../domain/payments';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider';

/**
 * The simulated payment service provider shipped for sandbox and tests. It behaves like a real one on Stripe's
 * published test card numbers (docs/payments.md has the table): its card form endpoint turns a number into a token
 * and keeps only what the test number means (`behaviour`) and the card's brand, last four and expiry; payments run
 * the EMV 3-D Secure 2 flow that number asks for, frictionless or with the issuer's challenge page. Its books are its
 * own tables (`psp_sim_*`), as a real PSP keeps its own.
 */

export type Behaviour =
  'frictionless' | 'attempted' | 'challenge' | 'challenge_unless_set_up' | 'challenge_then_decline' | 'processing' | `decline:${string}`;

/** Stripe's test cards, and what each does here. Any other Luhn-valid number succeeds frictionless. */
export const TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'frictionless',
  '4000002760003184': 'challenge',
  '4000008400001629': 'challenge_then_decline',
  '4000000000000002': 'decline:card_declined',
  '4000000000009995': 'decline:insufficient_funds',
  '4000000000000069': 'decline:expired_card',
  '4000000000000119': 'decline:processing_error',
  // 3-D Secure unavailable at the issuer: authentication attempted (transStatus A), the payment succeeds.
  '4000000000003055': 'attempted',
  // Asks for the challenge, except off session once a payment that authenticated it set it up for off-session use.
  '4000002500003155': 'challenge_unless_set_up',
  // The simulator's own (Stripe has no card that stays processing): waits until settleProcessing() says how it ended.
  '4000009990000005': 'processing',
};

export class CardRefusal extends Error {
  constructor(
    readonly code: 'incorrect_number' | 'invalid_expiry' | 'invalid_cvc',
    message: string,
  ) {
    super(message);
  }
}

/** A payment of the simulated provider as its books keep it, with its method's card and behaviour. */
export interface SimulatedPaymentRow {
  id: string;
  status: 'processing' | 'requires_action' | 'succeeded' | 'failed';
  flow: 'frictionless' | 'challenge' | null;
  trans_status: ThreeDsResult['trans_status'] | null;
  eci: string | null;
  decline_code: string | null;
  amount_minor: string;
  currency: string;
  card: CardDetails;
  behaviour: Behaviour;
}

/** The simulated provider's own books (`psp_sim_*`), kept by db/simulated-payments.ts as a real provider keeps its own. */
export interface SimulatedPaymentStore {
  addMethod(method: { id: string; behaviour: Behaviour; card: CardDetails }): Promise<void>;
  /** A card token; `setUpOffSession` once a payment that authenticated it set it up for future off-session use. */
  method(id: string): Promise<{ behaviour: Behaviour; card: CardDetails; setUpOffSession: boolean } | null>;
  payment(by: { id: string } | { idempotencyKey: string }): Promise<SimulatedPaymentRow | null>;
  /** Records a payment, `processing` until settled, once per idempotency key (a key seen before keeps its first payment). */
  addPayment(payment: {
    id: string;
    idempotencyKey: string;
    methodId: string;
    amountMinor: number;
    currency: string;
    offSession: boolean;
    setupFutureUsage: boolean;
    flow: 'frictionless' | 'challenge';
    transStatus: ThreeDsResult['trans_status'];
    eci: string | null;
  }): Promise<void>;
  /**
   * Moves a payment still in `from` to its next state (a payment elsewhere is left alone); one that succeeds having been
   * asked to set its card up for future use leaves the card set up for off-session charges (as Stripe attaches it to
   * the Customer).
   */
  settle(
    id: string,
    from: SimulatedPaymentRow['status'],
    next: {
      status: SimulatedPaymentRow['status'];
      transStatus?: ThreeDsResult['trans_status'];
      eci?: string | null;
      declineCode: string | null;
    },
  ): Promise<void>;
  /** A payment's status and amount, and what its refunds other than `idempotencyKey` (and not failed) took back. */
  refundable(paymentId: string, idempotencyKey: string): Promise<{ status: string; amountMinor: number; refundedMinor: number } | null>;
  /** Records a refund once per idempotency key; answers the id of the key's refund. */
  addRefund(refund: { id: string; idempotencyKey: string; paymentId: string; amountMinor: number }): Promise<string>;
  /** A refund that failed after it was made. */
  failRefund(refundId: string, reason: string): Promise<void>;
  /** A payment's refunds, oldest first. */
  refunds(
    paymentId: string,
  ): Promise<{ id: string; idempotencyKey: string; amountMinor: number; status: ProviderRefund['status']; failureReason: string | null }[]>;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

const simId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

/**
 * The PSP's hosted fields: checks a card and answers a token with the card's brand, last four and expiry. The number
 * goes no further than this function: nothing stores or logs it.
 */
export async function tokenizeCard(
  store: SimulatedPaymentStore,
  input: { number: string; exp_month: number; exp_year: number; cvc: string },
  now = new Date(),
): Promise<{ id: string; card: CardDetails }> {
  const digits = String(input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new CardRefusal('incorrect_number', 'Your card number is incorrect.');
  const month = Number(input.exp_month);
  const year = Number(input.exp_year) < 100 ? 2000 + Number(input.exp_year) : Number(input.exp_year);
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || expired || year > now.getUTCFullYear() + 20)
    throw new CardRefusal('invalid_expiry', "Your card's expiration date is invalid or in the past.");
  if (!/^\d{3,4}$/.test(String(input.cvc ?? ''))) throw new CardRefusal('invalid_cvc', "Your card's security code is incomplete.");
  const card: CardDetails = { brand: brandOf(digits), last4: digits.slice(-4), exp_month: month, exp_year: year };
  const id = simId('pm');
  await store.addMethod({ id, behaviour: TEST_CARDS[digits] ?? 'frictionless', card });
  return { id, card };
}

function eciOf(brand: string, trans: ThreeDsResult['trans_status']): string | null {
  const visa = { Y: '05', A: '06', N: '07' } as Record<string, string>;
  const mastercard = { Y: '02', A: '01', N: '00' } as Record<string, string>;
  return (brand === 'mastercard' ? mastercard : visa)[trans] ?? null;
}

function toPayment(row: SimulatedPaymentRow): ProviderPayment {
  const threeDs: ThreeDsResult | null =
    row.trans_status && row.flow
      ? { version: '2.2.0', flow: row.flow, trans_status: row.trans_status, eci: row.eci, outcome: THREE_DS_OUTCOME_OF[row.trans_status] }
      : null;
  return {
    id: row.id,
    status: row.status,
    method: row.card,
    threeDs: row.status === 'requires_action' && threeDs ? { ...threeDs, outcome: 'pending' } : threeDs,
    declineCode: row.decline_code,
    challengeUrl: row.status === 'requires_action' ? `/psp-sim/challenge/${row.id}` : null,
  };
}

/** A payment refused before the PSP took it (an amount its rules refuse). */
const REFUSED: SimulatedPaymentRow = {
  id: '',
  status: 'failed',
  flow: null,
  trans_status: null,
  eci: null,
  decline_code: null,
  amount_minor: '0',
  currency: '',
  card: { brand: 'unknown', last4: '', exp_month: 0, exp_year: 0 },
  behaviour: 'frictionless',
};

/** The authorisation after authentication: a decline behaviour declines, everything else succeeds. */
function authorise(behaviour: Behaviour): { status: 'succeeded' | 'failed'; decline: string | null } {
  if (behaviour.startsWith('decline:')) return { status: 'failed', decline: behaviour.slice('decline:'.length) };
  if (behaviour === 'challenge_then_decline') return { status: 'failed', decline: 'card_declined' };
  return { status: 'succeeded', decline: null };
}

/** The cardholder's answer on the issuer's challenge page: `complete` authenticates, `fail` does not. */
export async function answerChallenge(
  store: SimulatedPaymentStore,
  paymentId: string,
  answer: 'complete' | 'fail',
): Promise<ProviderPayment | null> {
  const row = await store.payment({ id: paymentId });
  if (!row) return null;
  if (row.status !== 'requires_action') return toPayment(row);
  const next =
    answer === 'complete'
      ? { ...authorise(row.behaviour), trans: 'Y' as const }
      : { status: 'failed' as const, decline: AUTHENTICATION_FAILED, trans: 'N' as const };
  await store.settle(paymentId, 'requires_action', {
    status: next.status,
    transStatus: next.trans,
    eci: eciOf(row.card.brand, next.trans),
    declineCode: next.decline,
  });
  return toPayment((await store.payment({ id: paymentId }))!);
}

/** The network's late answer to a `processing` payment (the simulator's stand-in for it). */
export async function settleProcessing(store: SimulatedPaymentStore, paymentId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
  await store.settle(paymentId, 'processing', { status: outcome, declineCode: outcome === 'failed' ? 'processing_error' : null });
}

/** A refund made in the simulated provider's "dashboard", not by the hub (no hub key). */
export async function dashboardRefund(store: SimulatedPaymentStore, paymentId: string, amountMinor: number): Promise<string> {
  const id = simId('re');
  return store.addRefund({ id, idempotencyKey: `dashboard:${id}`, paymentId, amountMinor });
}

/** A refund that fails after it was made (the card account was closed): the money comes back to the merchant. */
export async function failRefund(store: SimulatedPaymentStore, refundId: string, reason: string): Promise<void> {
  await store.failRefund(refundId, reason);
}

/** The simulated provider, on its own books. */
export function simulatedPaymentProvider(store: SimulatedPaymentStore): PaymentProvider {
  const find = async (id: string) => {
    const row = await store.payment({ id });
    if (!row) throw new Error(`simulated payment provider: no payment ${id}`);
    return toPayment(row);
  };
  return {
    async createPayment(input) {
      if (input.providerPaymentId) return find(input.providerPaymentId);
      if (cardAmountProblem(input.amountMinor, input.currency))
        return toPayment({ ...REFUSED, id: `refused:${input.idempotencyKey}`, decline_code: AMOUNT_NOT_SUPPORTED });
      const existing = await store.payment({ idempotencyKey: input.idempotencyKey });
      if (existing) return toPayment(existing);
      const method = await store.method(input.paymentMethod);
      if (!method) throw new Error(`simulated payment provider: no payment method ${input.paymentMethod}`);
      const challenge =
        method.behaviour === 'challenge' ||
        method.behaviour === 'challenge_then_decline' ||
        (method.behaviour === 'challenge_unless_set_up' && !(input.offSession && method.setUpOffSession));
      const trans = challenge ? ('C' as const) : method.behaviour === 'attempted' ? ('A' as const) : ('Y' as const);
      const outcome = challenge
        ? { status: 'requires_action' as const, decline: null }
        : method.behaviour === 'processing'
          ? { status: 'processing' as const, decline: null }
          : authorise(method.behaviour);
      await store.addPayment({
        id: simId('py'),
        idempotencyKey: input.idempotencyKey,
        methodId: input.paymentMethod,
        amountMinor: input.amountMinor,
        currency: input.currency,
        offSession: input.offSession,
        setupFutureUsage: input.setupFutureUsage,
        flow: challenge ? 'challenge' : 'frictionless',
        transStatus: trans,
        eci: challenge ? null : eciOf(method.card.brand, trans),
      });
      const created = (await store.payment({ idempotencyKey: input.idempotencyKey }))!;
      // As Stripe's adapter: the hub records the id, then the payment is confirmed.
      await input.onCreated?.(created.id);
      if (outcome.status !== 'processing')
        await store.settle(created.id, 'processing', { status: outcome.status, declineCode: outcome.decline });
      return find(created.id);
    },
    retrievePayment: find,
    async cancelPayment(id) {
      await store.settle(id, 'requires_action', { status: 'failed', declineCode: CHALLENGE_ABANDONED });
      return find(id);
    },
    async refund(input) {
      const payment = await store.refundable(input.paymentId, input.idempotencyKey);
      if (!payment || payment.status !== 'succeeded' || payment.refundedMinor + input.amountMinor > payment.amountMinor)
        return { id: '', status: 'failed' };
      const id = await store.addRefund({
        id: simId('re'),
        idempotencyKey: input.idempotencyKey,
        paymentId: input.paymentId,
        amountMinor: input.amountMinor,
      });
      return { id, status: 'succeeded' };
    },
    async describeMethod(paymentMethod) {
      return (await store.method(paymentMethod))?.card ?? null;
    },
    takesEnvironment: () => true,
    async listRefunds(paymentId) {
      return (await store.refunds(paymentId)).map((r) => ({
        id: r.id,
        amountMinor: r.amountMinor,
        status: r.status,
        failureReason: r.failureReason,
        hubRefund: r.idempotencyKey.startsWith('dashboard:') ? null : r.idempotencyKey,
      }));
    },
  };
}
