import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { QuoteClaimRequest, QuotedTrip, QuoteRefusal } from '../domain/quotes';
import type { Fare } from '../domain/pricing';
import { BOOKINGS_TASK_QUEUE } from './booking';

/** Quotes run beside the bookings they become. */
export const QUOTES_TASK_QUEUE = BOOKINGS_TASK_QUEUE;

export function quoteWorkflowId(quoteId: string): string {
  return `quote:${quoteId}`;
}

/** A priced trip, held by `quote:<id>` until `expiresAt` or until one booking claims it. */
export interface QuoteRecord extends QuotedTrip {
  id: string;
  pax: number;
  market: string;
  /** Breakdown in integer minor units of `currency` (commission at the partner's contractual rate). */
  fare: Fare;
  freeUntil: string;
  lateCancellationFeeMinor: number;
  createdAt: string;
}

export type ClaimQuoteInput = QuoteClaimRequest;

/** What the workflow returns when it ends: claimed (by whom) or expired unclaimed. */
export interface QuoteOutcome {
  quote: QuoteRecord;
  claimedBy: string | null;
  claimedAt: string | null;
}

/** Types of the ApplicationFailure a refused claim carries; `details[0]` is the `QuoteRefusal`. */
export const QUOTE_REFUSED = 'QuoteRefused';
export type { QuoteRefusal };

/** Books the quote for `bookingId`: at most one booking per quote, never after `expiresAt` (the validator decides). */
export const claimQuote = defineUpdate<QuoteRecord, [ClaimQuoteInput]>('claimQuote');
export const getQuote = defineQuery<QuoteOutcome>('getQuote');
