import { environmentOf } from '../../domain/environment';
import { z } from 'zod';
import { createQuote } from '../../app/quotes';
import { checkAddressesMatchCoordinates } from '../../app/places';
import type { QuoteRecord } from '../../contracts/quote';
import { partnerFare } from '../../domain/partner-wire';
import { marketTimeZone } from '../../domain/markets';
import { fareTaxRatePpm, splitGross } from '../../domain/pricing';
import { defineOperation } from '../operation';
import { checkQuotedTrip, CurrencyCode, documentClassLimits, Fare, Instant, Latitude, Longitude, VehicleClass } from '../wire-schemas';
import { PublicAmount } from './schemas';
import { placeText, publicAmount } from '../../domain/public-booking';
import { PUBLIC_WRITE_ERRORS } from './write-errors';

const Address = z.string().trim().min(1).max(300);
const AirportPlace = z
  .object({
    iata: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected an IATA airport code such as CDG')
      .meta({ description: 'IATA airport code.', example: 'CDG' }),
    terminal: z.string().trim().min(1).max(20).optional().meta({ description: 'The terminal, where known.', example: '2E' }),
  })
  .strict()
  .meta({ id: 'AirportPlace', description: 'An airport as a place: its IATA code and terminal.' });

/** An address is what the chauffeur drives to and the receipt and invoice name: required unless the place is an airport. */
function checkPlaces(
  q: { pickup_address?: string; pickup_place?: unknown; dropoff_address?: string; dropoff_place?: unknown },
  ctx: z.RefinementCtx,
) {
  for (const end of ['pickup', 'dropoff'] as const) {
    if (!q[`${end}_address`] && !q[`${end}_place`])
      ctx.addIssue({
        code: 'custom',
        path: [`${end}_address`],
        message: `${end}_address is required unless ${end}_place names an airport`,
      });
  }
}

/** The document says what `checkPlaces` and the class's seats require (the pickup time's rule moves with the clock). */
function documentQuoteRules(schema: { jsonSchema: Record<string, unknown> }) {
  documentClassLimits(undefined, ['pax'])(schema);
  const places = (['pickup', 'dropoff'] as const).map((end) => ({
    anyOf: [{ required: [`${end}_address`] }, { required: [`${end}_place`] }],
  }));
  schema.jsonSchema.allOf = [...places, ...(schema.jsonSchema.allOf as unknown[])];
}

export const PublicQuoteRequest = z
  .object({
    pickup_lat: Latitude.meta({ description: 'Pickup latitude, -90 to 90.', example: 49.0097 }),
    pickup_lng: Longitude.meta({ description: 'Pickup longitude, -180 to 180.', example: 2.5479 }),
    dropoff_lat: Latitude.meta({ description: 'Drop-off latitude, -90 to 90.', example: 48.8674 }),
    dropoff_lng: Longitude.meta({ description: 'Drop-off longitude, -180 to 180.', example: 2.3294 }),
    pickup_address: Address.optional().meta({
      description:
        'Where the chauffeur picks up, as people read it: shown on the booking, its events, the tracking page, the receipt and the invoice line. Required unless `pickup_place` names an airport. When the hub’s geocoder resolves it, it must lie near `pickup_lat`/`pickup_lng` (5 km of a named place, 30 km of a city named alone), or the request is refused with `422 address_far_from_coordinates`.',
      example: 'Aéroport Charles de Gaulle, Terminal 2E, 95700 Roissy-en-France',
    }),
    dropoff_address: Address.optional().meta({
      description:
        'Where the ride ends, as people read it. Required unless `dropoff_place` names an airport. When the hub’s geocoder resolves it, it must lie near `dropoff_lat`/`dropoff_lng` (5 km of a named place, 30 km of a city named alone), or the request is refused with `422 address_far_from_coordinates`.',
      example: '8 rue de la Paix, 75002 Paris',
    }),
    pickup_place: AirportPlace.optional().meta({
      description:
        'An airport pickup: without `pickup_address`, the booking reads "CDG airport, terminal 2E". An airport of the hub’s markets must lie within 5 km of `pickup_lat`/`pickup_lng`, or `422 address_far_from_coordinates`.',
    }),
    dropoff_place: AirportPlace.optional().meta({
      description: 'An airport drop-off, checked against `dropoff_lat`/`dropoff_lng` the same way.',
    }),
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
  .superRefine(checkPlaces)
  .meta({ id: 'PublicQuoteRequest', override: documentQuoteRules });

export const PublicQuote = z
  .object({
    quote_id: z.string().meta({ example: 'qt_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    expires_at: z.string().meta({ description: 'Book it (POST /api/public/v1/bookings with `quote_id`) before this time.' }),
    livemode: z.boolean(),
    vehicle_class: z.string(),
    pickup_at: z.string(),
    time_zone: z.string().meta({
      description:
        "The IANA time zone of the pickup's market (`UTC` outside every market), as the booking will carry it: show `pickup_at` in it.",
      example: 'Europe/Paris',
    }),
    pickup_address: z.string().meta({ description: 'The pickup as the booking will read it.' }),
    dropoff_address: z.string().meta({ description: 'The drop-off as the booking will read it.' }),
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
    time_zone: marketTimeZone(q.market),
    pickup_address: placeText(q.pickup),
    dropoff_address: placeText(q.dropoff),
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
  pickup_place: { iata: 'CDG', terminal: '2E' },
  dropoff_address: '8 rue de la Paix, 75002 Paris',
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
  errors: [...PUBLIC_WRITE_ERRORS, 'address_far_from_coordinates', 'hub_behind'],
  async handler({ body, principal, deps }) {
    const owner = { partnerId: null, accountId: principal.ownerId, livemode: principal.livemode };
    deps.admission?.admit(owner, environmentOf(owner.livemode), false);
    await checkAddressesMatchCoordinates(
      deps.geocoder,
      [
        { param: 'pickup_address', address: body.pickup_address, lat: body.pickup_lat, lng: body.pickup_lng },
        { param: 'dropoff_address', address: body.dropoff_address, lat: body.dropoff_lat, lng: body.dropoff_lng },
        { param: 'pickup_place.iata', iata: body.pickup_place?.iata, lat: body.pickup_lat, lng: body.pickup_lng },
        { param: 'dropoff_place.iata', iata: body.dropoff_place?.iata, lat: body.dropoff_lat, lng: body.dropoff_lng },
      ],
      deps.logger,
    );
    const quote = await createQuote(deps.temporal, body, owner, deps.quoteValiditySeconds);
    return { status: 201, body: publicQuoteView(quote), headers: { 'Cache-Control': 'no-store' } };
  },
});
