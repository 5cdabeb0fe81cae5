import { fromMinor } from './money';

/**
 * Card payments of invoices: statuses, the EMV 3-D Secure 2 result a payment carries, and the reasons a payment fails.
 * Pure; the provider (infra/payments/provider.ts) says what happened, these rules say what it means.
 */

export type PaymentStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['processing', 'requires_action', 'succeeded', 'failed'];

/**
 * EMV 3DS `transStatus`: authenticated, not, unavailable, attempted, challenge required, rejected, and `I`
 * (informational only: the issuer granted an exemption from authentication, so nobody was authenticated).
 */
export type TransStatus = 'Y' | 'N' | 'U' | 'A' | 'C' | 'R' | 'I';
export const TRANS_STATUSES: readonly TransStatus[] = ['Y', 'N', 'U', 'A', 'C', 'R', 'I'];

export interface ThreeDsResult {
  version: '2.2.0';
  flow: 'frictionless' | 'challenge';
  trans_status: TransStatus;
  /** Electronic Commerce Indicator the issuer returned (Visa 05/06/07, Mastercard 02/01/00); null when none. */
  eci: string | null;
  /** `pending` while the challenge waits for the cardholder; `exempted` when the issuer waived authentication. */
  outcome: ThreeDsOutcome;
}
export const THREE_DS_OUTCOMES = [
  'pending',
  'authenticated',
  'attempted',
  'exempted',
  'failed',
  'abandoned',
  'rejected',
  'unavailable',
] as const;
export type ThreeDsOutcome = (typeof THREE_DS_OUTCOMES)[number];

/** What each final transStatus means for the payment's 3-D Secure outcome. */
export const THREE_DS_OUTCOME_OF: Record<TransStatus, ThreeDsOutcome> = {
  Y: 'authenticated',
  A: 'attempted',
  I: 'exempted',
  N: 'failed',
  R: 'rejected',
  U: 'unavailable',
  C: 'abandoned',
};

/** What the hub keeps of a card: never its number. */
export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** Failure reasons of the hub's own; the issuer's decline codes (`card_declined`, `insufficient_funds`…) pass through. */
export const CHALLENGE_ABANDONED = '3ds_challenge_abandoned';
export const AUTHENTICATION_FAILED = '3ds_authentication_failed';

export const DEFAULT_CHALLENGE_TIMEOUT = 'PT15M';

/** Why an amount cannot be charged or refunded by card: a payment refused before any call to the provider. */
export const AMOUNT_NOT_SUPPORTED = 'amount_not_supported';

const THREE_DECIMAL_CARD_CURRENCIES = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * Card networks' partners take three-decimal currencies (BHD, JOD, KWD, OMR, TND) only in whole hundredths, so Stripe
 * requires such amounts in minor units to end in 0 (docs.stripe.com/currencies, "Three-decimal currencies"). The hub
 * never rounds an issued amount (it would charge more or less than the invoice says): the rule's words when `amountMinor`
 * breaks it, else null.
 */
export function cardAmountProblem(amountMinor: number, currency: string): string | null {
  if (!THREE_DECIMAL_CARD_CURRENCIES.has(currency.toUpperCase()) || amountMinor % 10 === 0) return null;
  const below = amountMinor - (amountMinor % 10);
  const code = currency.toUpperCase();
  return (
    `${(amountMinor / 1000).toFixed(3)} ${code} cannot be taken by card: in the three-decimal currencies ` +
    `(${[...THREE_DECIMAL_CARD_CURRENCIES].join(', ')}) card payments and refunds must be whole hundredths, an amount in ` +
    `minor units ending in 0 (Stripe's rule), such as ${(below / 1000).toFixed(3)} or ${((below + 10) / 1000).toFixed(3)} ${code}.`
  );
}

/**
 * How long a `processing` payment (the network has it, the outcome is not known yet) waits before the hub reads it
 * again if no webhook said it changed: 1 min, doubling, at most 1 h. Never abandoned: a processing payment cannot be
 * cancelled, only waited for.
 */
export function processingPollMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt), 3_600_000);
}

/** PAYMENT_CHALLENGE_TIMEOUT: an ISO 8601 duration of hours, minutes and seconds (`PT15M`, `PT30S`), in ms. */
export function challengeTimeoutMs(value: string | undefined): number {
  const text = value ?? DEFAULT_CHALLENGE_TIMEOUT;
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(text);
  const ms = match ? ((Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60 + Number(match[3] ?? 0)) * 1000 : 0;
  if (!match || ms < 1000 || ms > 86_400_000)
    throw new RangeError(`PAYMENT_CHALLENGE_TIMEOUT must be an ISO 8601 duration from PT1S to PT24H, got ${JSON.stringify(text)}`);
  return ms;
}

/** What a payment's events tell (amounts in minor units in, decimals out). */
export interface PaymentEventFacts {
  paymentId: string;
  invoiceNumber: string;
  accountId: string;
  livemode: boolean;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  reason: string | null;
  method: CardDetails | null;
  threeDs: ThreeDsResult | null;
  /** The invoice's payment page (null without PUBLIC_BASE_URL). */
  hostedPaymentUrl: string | null;
}

/** `data` of payment.succeeded, payment.failed and payment.action_required. */
export function paymentEventData(p: PaymentEventFacts): Record<string, unknown> {
  return {
    payment_id: p.paymentId,
    invoice: p.invoiceNumber,
    account: p.accountId,
    amount: fromMinor(p.amountMinor, p.currency),
    currency: p.currency,
    status: p.status,
    reason: p.reason,
    method: p.method,
    three_ds: p.threeDs,
    hosted_payment_url: p.hostedPaymentUrl,
    livemode: p.livemode,
  };
}

/** `data` of invoice.paid. */
export function invoicePaidEventData(p: PaymentEventFacts): Record<string, unknown> {
  return {
    number: p.invoiceNumber,
    account: p.accountId,
    gross: fromMinor(p.amountMinor, p.currency),
    currency: p.currency,
    payment_id: p.paymentId,
    livemode: p.livemode,
  };
}
