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

type Behaviour =
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

type Sql = <T>(query: string, params: unknown[]) => Promise<T[]>;

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
  sql: Sql,
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
  await sql('insert into psp_sim_methods (id, behaviour, card) values (?, ?, ?::jsonb)', [
    id,
    TEST_CARDS[digits] ?? 'frictionless',
    JSON.stringify(card),
  ]);
  return { id, card };
}

interface PaymentRow {
  id: string;
  status: 'processing' | 'requires_action' | 'succeeded' | 'failed';
  flow: 'frictionless' | 'challenge' | null;
  trans_status: ThreeDsResult['trans_status'] | null;
  eci: string | null;
  decline_code: string | null;
  card: CardDetails;
  behaviour: Behaviour;
  method_id: string;
  setup_future_usage: boolean;
}

const PAYMENT = `select p.*, m.card, m.behaviour from psp_sim_payments p join psp_sim_methods m on m.id = p.method_id`;

/**
 * Records the payment's new state; a payment that succeeds having been asked to set its card up for future use leaves
 * the card set up for off-session charges (as Stripe attaches it to the Customer).
 */
async function settle(
  sql: Sql,
  id: string,
  from: PaymentRow['status'],
  next: { status: string; trans?: string; eci?: string | null; decline: string | null },
) {
  await sql(
    `update psp_sim_payments set status = ?, trans_status = coalesce(?, trans_status), eci = coalesce(?, eci), decline_code = ?
     where id = ? and status = ?`,
    [next.status, next.trans ?? null, next.eci ?? null, next.decline, id, from],
  );
  await sql(
    `update psp_sim_methods m set set_up_off_session = true from psp_sim_payments p
     where p.id = ? and p.method_id = m.id and p.status = 'succeeded' and p.setup_future_usage`,
    [id],
  );
}

function eciOf(brand: string, trans: ThreeDsResult['trans_status']): string | null {
  const visa = { Y: '05', A: '06', N: '07' } as Record<string, string>;
  const mastercard = { Y: '02', A: '01', N: '00' } as Record<string, string>;
  return (brand === 'mastercard' ? mastercard : visa)[trans] ?? null;
}

function toPayment(row: PaymentRow): ProviderPayment {
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
const REFUSED: PaymentRow = {
  id: '',
  status: 'failed',
  flow: null,
  trans_status: null,
  eci: null,
  decline_code: null,
  card: { brand: 'unknown', last4: '', exp_month: 0, exp_year: 0 },
  behaviour: 'frictionless',
  method_id: '',
  setup_future_usage: false,
};

/** The authorisation after authentication: a decline behaviour declines, everything else succeeds. */
function authorise(behaviour: Behaviour): { status: 'succeeded' | 'failed'; decline: string | null } {
  if (behaviour.startsWith('decline:')) return { status: 'failed', decline: behaviour.slice('decline:'.length) };
  if (behaviour === 'challenge_then_decline') return { status: 'failed', decline: 'card_declined' };
  return { status: 'succeeded', decline: null };
}

/** The cardholder's answer on the issuer's challenge page: `complete` authenticates, `fail` does not. */
export async function answerChallenge(sql: Sql, paymentId: string, answer: 'complete' | 'fail'): Promise<ProviderPayment | null> {
  const [row] = await sql<PaymentRow>(`${PAYMENT} where p.id = ?`, [paymentId]);
  if (!row) return null;
  if (row.status !== 'requires_action') return toPayment(row);
  const card = row.card;
  const next =
    answer === 'complete'
      ? { ...authorise(row.behaviour), trans: 'Y' as const }
      : { status: 'failed' as const, decline: AUTHENTICATION_FAILED, trans: 'N' as const };
  await settle(sql, paymentId, 'requires_action', {
    status: next.status,
    trans: next.trans,
    eci: eciOf(card.brand, next.trans),
    decline: next.decline,
  });
  return toPayment((await sql<PaymentRow>(`${PAYMENT} where p.id = ?`, [paymentId]))[0]!);
}

/** The network's late answer to a `processing` payment (the simulator's stand-in for it). */
export async function settleProcessing(sql: Sql, paymentId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
  await settle(sql, paymentId, 'processing', { status: outcome, decline: outcome === 'failed' ? 'processing_error' : null });
}

/** A refund made in the simulated PSP's "dashboard", not by the hub (no hub key). */
export async function dashboardRefund(sql: Sql, paymentId: string, amountMinor: number): Promise<string> {
  const id = simId('re');
  await sql('insert into psp_sim_refunds (id, idempotency_key, payment_id, amount_minor) values (?, ?, ?, ?)', [
    id,
    `dashboard:${id}`,
    paymentId,
    amountMinor,
  ]);
  return id;
}

/** A refund that fails after it was made (the card account was closed): the money comes back to the merchant. */
export async function failRefund(sql: Sql, refundId: string, reason: string): Promise<void> {
  await sql(`update psp_sim_refunds set status = 'failed', failure_reason = ? where id = ?`, [reason, refundId]);
}

/** The simulated provider, on its own tables. */
export function simulatedPaymentProvider(sql: Sql): PaymentProvider {
  const find = async (id: string) => {
    const [row] = await sql<PaymentRow>(`${PAYMENT} where p.id = ?`, [id]);
    if (!row) throw new Error(`simulated PSP: no payment ${id}`);
    return toPayment(row);
  };
  return {
    async createPayment(input) {
      if (input.providerPaymentId) return find(input.providerPaymentId);
      if (cardAmountProblem(input.amountMinor, input.currency))
        return toPayment({ ...REFUSED, id: `refused:${input.idempotencyKey}`, decline_code: AMOUNT_NOT_SUPPORTED });
      const [existing] = await sql<PaymentRow>(`${PAYMENT} where p.idempotency_key = ?`, [input.idempotencyKey]);
      if (existing) return toPayment(existing);
      const [method] = await sql<{ behaviour: Behaviour; card: CardDetails; set_up_off_session: boolean }>(
        'select behaviour, card, set_up_off_session from psp_sim_methods where id = ?',
        [input.paymentMethod],
      );
      if (!method) throw new Error(`simulated PSP: no payment method ${input.paymentMethod}`);
      const challenge =
        method.behaviour === 'challenge' ||
        method.behaviour === 'challenge_then_decline' ||
        (method.behaviour === 'challenge_unless_set_up' && !(input.offSession && method.set_up_off_session));
      const trans = challenge ? ('C' as const) : method.behaviour === 'attempted' ? ('A' as const) : ('Y' as const);
      const outcome = challenge
        ? { status: 'requires_action' as const, decline: null }
        : method.behaviour === 'processing'
          ? { status: 'processing' as const, decline: null }
          : authorise(method.behaviour);
      const id = simId('py');
      await sql(
        `insert into psp_sim_payments (id, idempotency_key, method_id, amount_minor, currency, off_session, setup_future_usage, status, flow, trans_status, eci, decline_code)
         values (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, null) on conflict (idempotency_key) do nothing`,
        [
          id,
          input.idempotencyKey,
          input.paymentMethod,
          input.amountMinor,
          input.currency,
          input.offSession,
          input.setupFutureUsage,
          challenge ? 'challenge' : 'frictionless',
          trans,
          challenge ? null : eciOf(method.card.brand, trans),
        ],
      );
      const [created] = await sql<PaymentRow>(`${PAYMENT} where p.idempotency_key = ?`, [input.idempotencyKey]);
      // As Stripe's adapter: the hub records the id, then the payment is confirmed.
      await input.onCreated?.(created!.id);
      if (outcome.status !== 'processing')
        await settle(sql, created!.id, 'processing', { status: outcome.status, decline: outcome.decline });
      return find(created!.id);
    },
    retrievePayment: find,
    async cancelPayment(id) {
      await settle(sql, id, 'requires_action', { status: 'failed', decline: CHALLENGE_ABANDONED });
      return find(id);
    },
    async refund(input) {
      const [payment] = await sql<{ status: string; amount_minor: string; refunded: string }>(
        `select p.status, p.amount_minor, coalesce((select sum(r.amount_minor) from psp_sim_refunds r where r.payment_id = p.id and r.idempotency_key <> ? and r.status <> 'failed'), 0) as refunded
         from psp_sim_payments p where p.id = ?`,
        [input.idempotencyKey, input.paymentId],
      );
      if (!payment || payment.status !== 'succeeded' || Number(payment.refunded) + input.amountMinor > Number(payment.amount_minor))
        return { id: '', status: 'failed' };
      await sql(
        `insert into psp_sim_refunds (id, idempotency_key, payment_id, amount_minor) values (?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
        [simId('re'), input.idempotencyKey, input.paymentId, input.amountMinor],
      );
      const [refund] = await sql<{ id: string }>('select id from psp_sim_refunds where idempotency_key = ?', [input.idempotencyKey]);
      return { id: refund!.id, status: 'succeeded' };
    },
    async describeMethod(paymentMethod) {
      const [row] = await sql<{ card: CardDetails }>('select card from psp_sim_methods where id = ?', [paymentMethod]);
      return row?.card ?? null;
    },
    takesEnvironment: () => true,
    async listRefunds(paymentId) {
      const rows = await sql<{
        id: string;
        idempotency_key: string;
        amount_minor: string;
        status: ProviderRefund['status'];
        failure_reason: string | null;
      }>(
        'select id, idempotency_key, amount_minor, status, failure_reason from psp_sim_refunds where payment_id = ? order by created_at, id',
        [paymentId],
      );
      return rows.map((r) => ({
        id: r.id,
        amountMinor: Number(r.amount_minor),
        status: r.status,
        failureReason: r.failure_reason,
        hubRefund: r.idempotency_key.startsWith('dashboard:') ? null : r.idempotency_key,
      }));
    },
  };
}
