import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { cancellationPolicy } from '../domain/cancellation';
import { marketOf } from '../domain/markets';
import { commissionBasisPointsAt } from '../domain/partner-commission';
import { priceFare } from '../domain/pricing';
import { placeAddress, quoteRefusal, type AirportPlace, type QuotedPlace, type QuoteRefusal } from '../domain/quotes';
import { newId } from '../infra/ids';
import { bookingTaskQueue, customerPriority } from '../contracts/task-queues';
import { claimQuote, QUOTE_REFUSED, quoteWorkflowId, type ClaimQuoteInput, type QuoteOutcome, type QuoteRecord } from '../contracts/quote';
import { AccountIdKey, LiveModeKey, MarketKey, PartnerIdKey, PickupAtKey } from '../contracts/search-attributes';
import type { quoteWorkflow } from '../workflows/quote';
import type { Owner } from './owner';
import { ProblemError } from './problems';
import { retryingRacedUpdate } from './workflow-updates';
import { environmentOf } from '../domain/environment';

/** What a quote is asked for: the same fields on both APIs (GET /v1/quotes' query, POST /api/public/v1/quotes' body). */
export interface QuoteRequest {
  pickup_lat: number;
  pickup_lng: number;
  dropoff_lat: number;
  dropoff_lng: number;
  datetime: string;
  vehicle_class: string;
  pax?: number;
  currency?: string;
  /** Public Integration API: what the chauffeur, passenger, receipt and invoice read (coordinates still price it). */
  pickup_address?: string;
  dropoff_address?: string;
  pickup_place?: AirportPlace;
  dropoff_place?: AirportPlace;
}

/** A point of the trip with its address text and airport, where the request gave them. */
function quotedPlace(lat: number, lng: number, address: string | undefined, place: AirportPlace | undefined): QuotedPlace {
  const text = placeAddress(address, place);
  return { lat, lng, ...(text ? { address: text } : {}), ...(place ? { place } : {}) };
}

/** Prices the ride and sets the quote's cancellation policy and expiry: what `quote:<id>` holds. */
export function newQuoteRecord(request: QuoteRequest, owner: Owner, now: Date, validitySeconds: number): QuoteRecord {
  const pickup = quotedPlace(request.pickup_lat, request.pickup_lng, request.pickup_address, request.pickup_place);
  const dropoff = quotedPlace(request.dropoff_lat, request.dropoff_lng, request.dropoff_address, request.dropoff_place);
  const pickupAt = new Date(request.datetime).toISOString();
  const fare = priceFare({
    pickup,
    dropoff,
    pickupAt,
    vehicleClass: request.vehicle_class,
    currency: request.currency ?? 'EUR',
    commissionBasisPoints: commissionBasisPointsAt(owner.commission, now),
  });
  const policy = cancellationPolicy({ createdAt: now, pickupAt, fareTotalMinor: fare.total });
  return {
    id: newId('qt'),
    partnerId: owner.partnerId,
    accountId: owner.accountId,
    environment: environmentOf(owner.livemode),
    vehicleClass: request.vehicle_class,
    pickup,
    dropoff,
    pickupAt,
    pax: request.pax ?? 1,
    market: marketOf(pickup),
    currency: fare.currency,
    fare,
    freeUntil: policy.free_until,
    lateCancellationFeeMinor: policy.fee_after_minor,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + validitySeconds * 1000).toISOString(),
  };
}

/**
 * Prices a quote and holds it in `quote:<id>` until it expires. Answers once the workflow is durably started: the
 * quote is held from there, the worker's first task can come later.
 */
export async function createQuote(
  temporal: Client,
  request: QuoteRequest,
  owner: Owner,
  validitySeconds: number,
  now = new Date(),
): Promise<QuoteRecord> {
  const quote = newQuoteRecord(request, owner, now, validitySeconds);
  await temporal.workflow.start<typeof quoteWorkflow>('quoteWorkflow', {
    workflowId: quoteWorkflowId(quote.id),
    taskQueue: bookingTaskQueue(quote.environment),
    priority: customerPriority('quote', quote, quote.environment),
    args: [quote],
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      ...(quote.partnerId ? [{ key: PartnerIdKey, value: quote.partnerId }] : []),
      ...(quote.accountId ? [{ key: AccountIdKey, value: quote.accountId }] : []),
      { key: MarketKey, value: quote.market },
      { key: PickupAtKey, value: new Date(quote.pickupAt) },
      { key: LiveModeKey, value: owner.livemode },
    ],
  });
  return quote;
}

function refused(quoteId: string, refusal: QuoteRefusal): ProblemError {
  switch (refusal.code) {
    case 'not_found':
      return new ProblemError('not_found', { detail: `No quote ${quoteId}.`, param: 'quote_id' });
    case 'used':
      return new ProblemError('quote_used', {
        detail: `Quote ${quoteId} has already been booked; ask for a new quote.`,
        param: 'quote_id',
      });
    case 'expired':
      return new ProblemError('quote_expired', {
        detail: `Quote ${quoteId} expired at ${refusal.expiresAt}; ask for a new quote.`,
        param: 'quote_id',
        extensions: { expired_at: refusal.expiresAt },
      });
    case 'mismatch':
      return new ProblemError('validation_failed', {
        detail: `${refusal.fields.length} field${refusal.fields.length === 1 ? '' : 's'} disagree${refusal.fields.length === 1 ? 's' : ''} with quote ${quoteId}.`,
        param: refusal.fields.length === 1 ? refusal.fields[0].param : undefined,
        errors: refusal.fields.map((f) => ({
          param: f.param,
          code: 'quote_mismatch',
          detail: `The quote was made for ${JSON.stringify(f.quoted)}.`,
        })),
      });
  }
}

/**
 * Claims quote `quoteId` for `input.bookingId` through the `claimQuote` Update of `quote:<id>` and returns the quote.
 * Once the workflow has ended (claimed or expired), its result answers instead: the booking that holds the quote gets
 * it again (a retried create), anyone else `quote_used` or `quote_expired`. Unknown and foreign quotes are 404.
 */
export async function claimQuoteFor(temporal: Client, quoteId: string, input: ClaimQuoteInput): Promise<QuoteRecord> {
  const handle = temporal.workflow.getHandle(quoteWorkflowId(quoteId));
  try {
    return await retryingRacedUpdate(() => handle.executeUpdate(claimQuote, { args: [input] }));
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === QUOTE_REFUSED) {
      throw refused(quoteId, err.cause.details?.[0] as QuoteRefusal);
    }
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  // Not running: unknown, or ended. An ended quote's outcome says who holds it.
  let outcome: QuoteOutcome;
  try {
    const { status } = await handle.describe();
    if (status.name !== 'COMPLETED') throw refused(quoteId, { code: 'not_found' });
    outcome = await handle.result();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw refused(quoteId, { code: 'not_found' });
    throw err;
  }
  const afterExpiry = Math.max(Date.now(), Date.parse(outcome.quote.expiresAt));
  const refusal = quoteRefusal(outcome.quote, outcome.claimedBy, input, afterExpiry);
  if (refusal) throw refused(quoteId, refusal);
  return outcome.quote;
}
