import { environmentOf } from '../../domain/environment';
import { z } from 'zod';
import { createQuote } from '../../app/quotes';
import type { QuoteRecord } from '../../contracts/quote';
import { fromMinor } from '../../domain/money';
import { partnerFare } from '../../domain/partner-wire';
import { defineOperation } from '../operation';
import { checkQuotedTrip, CurrencyCode, ExchangeRate, Fare, Instant, VehicleClass } from '../wire-schemas';

// Query strings carry text: numbers are coerced, and an empty value is "missing", not 0.
const number = (schema: z.ZodNumber) => z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), schema);

export const QuoteQuery = z
  .object({
    pickup_lat: number(z.number().min(-90).max(90)).meta({ description: 'Pickup latitude, -90 to 90.', example: 49.0097 }),
    pickup_lng: number(z.number().min(-180).max(180)).meta({ description: 'Pickup longitude, -180 to 180.', example: 2.5479 }),
    dropoff_lat: number(z.number().min(-90).max(90)).meta({ description: 'Drop-off latitude, -90 to 90.', example: 48.8674 }),
    dropoff_lng: number(z.number().min(-180).max(180)).meta({ description: 'Drop-off longitude, -180 to 180.', example: 2.3294 }),
    datetime: Instant.meta({ description: 'Pickup time, ISO 8601 with offset.' }),
    vehicle_class: VehicleClass,
    pax: number(z.number().int().min(1).max(16))
      .optional()
      .meta({ description: 'Passengers (default 1); at most what the class seats.', example: 2 }),
    currency: CurrencyCode.optional().meta({ description: 'ISO 4217 currency of the fare (default EUR).', example: 'EUR' }),
    commission_pct: number(z.number().min(0).max(100).multipleOf(0.01)).optional().meta({
      deprecated: true,
      description:
        'Ignored: `fare.commission` is your contractual commission, taken on the net fare (docs/finance.md). Still checked, so a malformed value is reported.',
    }),
  })
  .strict()
  .superRefine(checkQuotedTrip);

export const Quote = z
  .object({
    quote_id: z.string().meta({ example: 'qt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    expires_at: z.string().meta({ description: 'Book it (POST /v1/bookings with `quote_id`) before this time.' }),
    livemode: z.boolean(),
    vehicle_class: z.string(),
    pax: z.number().int(),
    distance_km: z.number(),
    duration_min: z.number().int(),
    fare: Fare,
    cancellation_policy: z.object({
      free_until: z.string().meta({ description: 'Free cancellation until this time if booked now.' }),
      fee_after: z.number().meta({ description: 'Fee charged for a cancellation after `free_until`.' }),
      currency: z.string(),
    }),
    exchange_rate: ExchangeRate.optional().meta({
      description: 'Present when `currency` is not EUR, the currency tariffs are set in: the rate used and its time.',
    }),
    created_at: z.string(),
  })
  .meta({ id: 'Quote' });

/** A quote as the partner API shows it. */
export function quoteView(q: QuoteRecord) {
  const fare = partnerFare(q.fare);
  return {
    quote_id: q.id,
    expires_at: q.expiresAt,
    livemode: q.environment === 'live',
    vehicle_class: q.vehicleClass,
    pax: q.pax,
    distance_km: q.fare.distance_km,
    duration_min: q.fare.duration_min,
    fare,
    cancellation_policy: { free_until: q.freeUntil, fee_after: fromMinor(q.lateCancellationFeeMinor, q.currency), currency: q.currency },
    ...(q.currency !== q.fare.rate.from ? { exchange_rate: fare.exchange_rate } : {}),
    created_at: q.createdAt,
  };
}

export const getQuote = defineOperation({
  operationId: 'getQuote',
  method: 'get',
  path: '/v1/quotes',
  summary: 'Get a fare quote',
  description:
    'Prices the ride and holds the price in the workflow `quote:<quote_id>` until `expires_at` (QUOTE_VALIDITY_SECONDS, 15 minutes by default). Book it with `POST /v1/bookings` and `quote_id`: at most one booking per quote, and never after `expires_at`. Answers as soon as the workflow is durably started.',
  tags: ['Quotes'],
  security: { kind: 'partner', scope: 'quotes.read' },
  request: { query: QuoteQuery },
  responses: { 200: { description: 'The quote.', schema: Quote } },
  errors: [
    'service_unavailable',
    'unauthorized',
    'invalid_token',
    'insufficient_scope',
    'ip_not_allowed',
    'validation_failed',
    'rate_limited',
    'hub_behind',
  ],
  async handler({ query, principal, deps }) {
    const owner = { partnerId: principal.ownerId, accountId: null, livemode: principal.livemode, commission: principal.commission };
    deps.admission?.admit(owner, environmentOf(owner.livemode), false);
    const quote = await createQuote(deps.temporal, query, owner, deps.quoteValiditySeconds);
    return { status: 200, body: quoteView(quote), headers: { 'Cache-Control': 'no-store' } };
  },
});
