import { z } from 'zod';
import { cancellationPolicy } from '../../domain/cancellation';
import { marketOf } from '../../domain/markets';
import { fromMinor } from '../../domain/money';
import { partnerFare } from '../../domain/partner-wire';
import { priceFare, VEHICLE_CLASSES, type VehicleClass as VehicleClassName } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import { QUOTES_TASK_QUEUE, quoteWorkflowId, type QuoteRecord } from '../../contracts/quote';
import type { quoteWorkflow } from '../../workflows/quote';
import { LiveModeKey, MarketKey, PartnerIdKey, PickupAtKey } from '../../contracts/search-attributes';
import { defineOperation } from '../operation';
import { CurrencyCode, Fare, Instant, VehicleClass } from './schemas';
import { bookingEnvironment } from '../auth/principal';

const MAX_ADVANCE_MS = 366 * 24 * 3600 * 1000;
const PAST_TOLERANCE_MS = 5 * 60 * 1000;

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
    commission_pct: number(z.number().min(0).max(100).multipleOf(0.01))
      .optional()
      .meta({ description: 'Your commission as a percentage of the total (default 0); shown in `fare.commission`.' }),
  })
  .strict()
  .superRefine((q, ctx) => {
    const spec = VEHICLE_CLASSES[q.vehicle_class as VehicleClassName];
    if (spec && (q.pax ?? 1) > spec.maxPassengers)
      ctx.addIssue({ code: 'custom', path: ['pax'], message: `${q.vehicle_class} seats at most ${spec.maxPassengers} passengers` });
    const pickupAt = Date.parse(q.datetime);
    if (pickupAt < Date.now() - PAST_TOLERANCE_MS)
      ctx.addIssue({ code: 'custom', path: ['datetime'], message: 'pickup time is in the past' });
    if (pickupAt > Date.now() + MAX_ADVANCE_MS)
      ctx.addIssue({ code: 'custom', path: ['datetime'], message: 'pickup time is more than a year ahead' });
  });

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
    exchange_rate: z
      .object({ from: z.string(), to: z.string(), rate: z.number(), as_of: z.string() })
      .optional()
      .meta({ description: 'Present when `currency` is not EUR, the currency tariffs are set in: the rate used and its time.' }),
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

/** Prices the ride and sets the quote's cancellation policy and expiry: what `quote:<id>` holds. */
export function newQuoteRecord(
  query: z.output<typeof QuoteQuery>,
  owner: { partnerId: string; livemode: boolean },
  now: Date,
  validitySeconds: number,
): QuoteRecord {
  const pickup = { lat: query.pickup_lat, lng: query.pickup_lng };
  const dropoff = { lat: query.dropoff_lat, lng: query.dropoff_lng };
  const pickupAt = new Date(query.datetime).toISOString();
  const fare = priceFare({
    pickup,
    dropoff,
    pickupAt,
    vehicleClass: query.vehicle_class,
    currency: query.currency ?? 'EUR',
    commissionPct: query.commission_pct ?? 0,
  });
  const policy = cancellationPolicy({ createdAt: now, pickupAt, fareTotalMinor: fare.total });
  return {
    id: newId('qt'),
    partnerId: owner.partnerId,
    environment: bookingEnvironment(owner.livemode),
    vehicleClass: query.vehicle_class,
    pickup,
    dropoff,
    pickupAt,
    pax: query.pax ?? 1,
    market: marketOf(pickup),
    currency: fare.currency,
    fare,
    freeUntil: policy.free_until,
    lateCancellationFeeMinor: policy.fee_after_minor,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + validitySeconds * 1000).toISOString(),
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
  ],
  async handler({ query, principal, deps }) {
    const quote = newQuoteRecord(
      query,
      { partnerId: principal.ownerId, livemode: principal.livemode },
      new Date(),
      deps.quoteValiditySeconds,
    );
    // Only the durable start: the quote is held from here, the worker's first task can come later.
    await deps.temporal.workflow.start<typeof quoteWorkflow>('quoteWorkflow', {
      workflowId: quoteWorkflowId(quote.id),
      taskQueue: QUOTES_TASK_QUEUE,
      args: [quote],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [
        { key: PartnerIdKey, value: quote.partnerId },
        { key: MarketKey, value: quote.market },
        { key: PickupAtKey, value: new Date(quote.pickupAt) },
        { key: LiveModeKey, value: principal.livemode },
      ],
    });
    return { status: 200, body: quoteView(quote), headers: { 'Cache-Control': 'no-store' } };
  },
});
