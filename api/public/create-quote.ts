import { z } from 'zod';
import { createQuote } from '../../app/quotes';
import type { QuoteRecord } from '../../contracts/quote';
import { partnerFare } from '../../domain/partner-wire';
import { fareTaxRatePpm, splitGross } from '../../domain/pricing';
import { defineOperation } from '../operation';
import { checkQuotedTrip } from '../partner/get-quote';
import { CurrencyCode, Fare, Instant, Latitude, Longitude, VehicleClass } from '../wire-schemas';
import { PublicAmount } from './schemas';
import { publicAmount } from '../../domain/public-booking';
import { PUBLIC_WRITE_ERRORS } from './write-errors';

export const PublicQuoteRequest = z
  .object({
    pickup_lat: Latitude.meta({ description: 'Pickup latitude, -90 to 90.', example: 49.0097 }),
    pickup_lng: Longitude.meta({ description: 'Pickup longitude, -180 to 180.', example: 2.5479 }),
    dropoff_lat: Latitude.meta({ description: 'Drop-off latitude, -90 to 90.', example: 48.8674 }),
    dropoff_lng: Longitude.meta({ description: 'Drop-off longitude, -180 to 180.', example: 2.3294 }),
    datetime: Instant.meta({ description: 'Pickup time, ISO 8601 with offset.' }),
    vehicle_class: VehicleClass,
    pax: z
      .number()
      .int()
      .min(1)
      .max(16)
      .optional()
      .meta({ description: 'Passengers (default 1); at most what the class seats.', example: 2 }),
    currency: CurrencyCode.optional().meta({ description: 'ISO 4217 currency of the fare (default EUR).', example: 'EUR' }),
  })
  .strict()
  .superRefine(checkQuotedTrip)
  .meta({ id: 'PublicQuoteRequest' });

export const PublicQuote = z
  .object({
    quote_id: z.string().meta({ example: 'qt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    expires_at: z.string().meta({ description: 'Book it (POST /api/public/v1/bookings with `quote_id`) before this time.' }),
    livemode: z.boolean(),
    vehicle_class: z.string(),
    pickup_at: z.string(),
    pax: z.number().int(),
    distance_km: z.number(),
    duration_min: z.number().int(),
    // The breakdown, in decimal units of `currency`; `commission` is always 0 here.
    fare: Fare,
    total: PublicAmount,
    cancellation_policy: z.object({
      free_until: z.string().meta({ description: 'Free cancellation until this time if booked now.' }),
      // The fee of a cancellation after `free_until`.
      fee_after: PublicAmount,
    }),
    created_at: z.string(),
  })
  .meta({ id: 'PublicQuote' });

function publicQuoteView(q: QuoteRecord): z.infer<typeof PublicQuote> {
  const fee = q.lateCancellationFeeMinor;
  return {
    quote_id: q.id,
    expires_at: q.expiresAt,
    livemode: q.environment === 'live',
    vehicle_class: q.vehicleClass,
    pickup_at: q.pickupAt,
    pax: q.pax,
    distance_km: q.fare.distance_km,
    duration_min: q.fare.duration_min,
    fare: partnerFare(q.fare),
    total: publicAmount(q.fare.total, q.fare.taxes, q.currency),
    cancellation_policy: {
      free_until: q.freeUntil,
      fee_after: publicAmount(fee, splitGross(fee, fareTaxRatePpm(q.fare)).tax, q.currency),
    },
    created_at: q.createdAt,
  };
}

const EXAMPLE = {
  pickup_lat: 49.0097,
  pickup_lng: 2.5479,
  dropoff_lat: 48.8674,
  dropoff_lng: 2.3294,
  datetime: '2027-03-15T08:30:00Z',
  vehicle_class: 'executive',
  pax: 2,
  currency: 'EUR',
};

export const createPublicQuote = defineOperation({
  operationId: 'createPublicQuote',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/quotes',
  summary: 'Quote a ride',
  description:
    'Prices the ride with the same tariffs, currency conversion and expiry as the Partner API (`GET /v1/quotes`) and holds the price in the workflow `quote:<quote_id>` until `expires_at`. ' +
    'Book it with `POST /api/public/v1/bookings` and `quote_id`: at most one booking per quote, never after `expires_at`. A test key quotes sandbox rides, a live key live ones.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.write' },
  request: { body: PublicQuoteRequest, bodyExample: EXAMPLE },
  responses: { 201: { description: 'The quote, held until `expires_at`.', schema: PublicQuote } },
  errors: [...PUBLIC_WRITE_ERRORS],
  async handler({ body, principal, deps }) {
    const owner = { partnerId: null, accountId: principal.ownerId, livemode: principal.livemode };
    const quote = await createQuote(deps.temporal, body, owner, deps.quoteValiditySeconds);
    return { status: 201, body: publicQuoteView(quote), headers: { 'Cache-Control': 'no-store' } };
  },
});
