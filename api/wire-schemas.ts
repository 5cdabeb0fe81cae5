import { z } from 'zod';
import { tripIssues } from '../domain/booking-horizon';
import { SUPPORTED_CURRENCIES } from '../domain/money';
import { VEHICLE_CLASSES } from '../domain/pricing';

/** Wire shapes every API shares (coordinates, times, passengers, classes, currencies, ids, fares). */

const VEHICLE_CLASS_NAMES = Object.keys(VEHICLE_CLASSES) as [string, ...string[]];

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
export const Instant = z.iso.datetime({ offset: true }).meta({
  description: 'ISO 8601 timestamp with offset (UTC recommended).',
  example: '2026-12-01T09:30:00Z',
  // `format: date-time` (RFC 3339) says it; the 400-character regex zod derives adds nothing for a reader and makes
  // generating values from the document (client generators, the fuzz run of `npm test`) many times slower.
  override: ({ jsonSchema }) => {
    delete jsonSchema.pattern;
  },
});

export const Pickup = z
  .object({
    address: z.string().min(1).max(500).optional().meta({
      description:
        'Where the chauffeur picks up, as people read it. When the hub’s geocoder resolves it, it must lie near `lat`/`lng` (5 km of a named place, 30 km of a city named alone), or the request is refused with `422 address_far_from_coordinates`.',
      example: 'Paris Charles de Gaulle Airport, Terminal 2E',
    }),
    lat: Latitude.meta({ example: 49.0097 }),
    lng: Longitude.meta({ example: 2.5479 }),
    datetime: Instant,
    flight_number: z
      .string()
      .regex(/^[A-Z0-9]{2}[0-9]{1,4}[A-Z]?$/, 'expected an IATA flight number such as AF1234')
      .optional(),
  })
  .strict()
  .meta({ id: 'Pickup' });

export const Dropoff = z
  .object({
    address: z.string().min(1).max(500).optional().meta({
      description:
        'Where the ride ends, as people read it. When the hub’s geocoder resolves it, it must lie near `lat`/`lng` (5 km of a named place, 30 km of a city named alone), or the request is refused with `422 address_far_from_coordinates`.',
      example: '10 Place Vendôme, Paris',
    }),
    lat: Latitude.meta({ example: 48.8674 }),
    lng: Longitude.meta({ example: 2.3294 }),
  })
  .strict()
  .meta({ id: 'Dropoff' });

export const Passenger = z
  .object({
    name: z.string().min(1).max(200).meta({ example: 'Ada Lovelace' }),
    phone: z
      .string()
      .regex(/^\+[1-9][0-9]{6,14}$/, 'expected an E.164 number with a leading +')
      .meta({ example: '+33612345678' }),
    email: z
      .email()
      .max(254)
      // RFC 5321 §4.5.3.1.1: what `format: email` promises, and what zod's pattern alone lets through.
      .refine((email) => email.lastIndexOf('@') <= 64, 'the part before @ is at most 64 characters')
      .optional()
      .meta({ example: 'ada@example.com' }),
    pax: z.number().int().min(1).max(16).default(1),
    luggage: z.number().int().min(0).max(16).default(0),
  })
  .strict()
  .meta({ id: 'Passenger' });

export const VehicleClass = z
  .enum(VEHICLE_CLASS_NAMES)
  .meta({ id: 'VehicleClass', description: 'See docs/pricing.md for capacity and tariffs.' });
export const CurrencyCode = z.enum(SUPPORTED_CURRENCIES as [string, ...string[]]).meta({ id: 'Currency', description: 'ISO 4217.' });

export const QuoteId = z.string().regex(/^qt_[0-9a-z]{26}$/, 'expected a quote id (qt_…)');
export const BookingId = z.string().regex(/^bkg_[0-9a-z]{26}$/, 'expected a booking id (bkg_…)');

export const Money = z.number().meta({ description: "Decimal amount with the currency's precision." });

export const ExchangeRate = z
  .object({
    from: z.string(),
    to: z.string(),
    rate: z.number(),
    rate_micros: z.number().int().optional().meta({ description: 'The rate the conversion used, as an integer: `rate` × 1,000,000.' }),
    as_of: z.string(),
  })
  .meta({ id: 'ExchangeRate' });

export const Fare = z
  .object({
    base: Money,
    distance: Money,
    time: Money,
    surcharges: Money,
    taxes: Money,
    total: Money,
    commission: Money,
    currency: z.string(),
    exchange_rate: ExchangeRate,
    tax_rule: z
      .object({
        id: z.string().meta({ example: 'FR-ride-10' }),
        name: z.string().meta({ example: 'VAT' }),
        category: z.enum(['standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'out_of_scope']),
        rate: z.number().meta({ description: 'Percent.', example: 10 }),
      })
      .nullable()
      .meta({
        description:
          "The tax rule the fare was priced with: the pickup's market, in force at the pickup (docs/finance.md). Null on fares priced before rules existed (10 % VAT).",
      }),
  })
  .meta({ id: 'Fare' });

/**
 * The document says what `tripIssues` checks of the seats and luggage: one `if vehicle_class is X then pax ≤ …` per
 * class, so a request the document calls valid is one the class can carry. `passenger` names the object that holds
 * `pax` and `luggage` (the partner booking's `passenger`), or none when they sit beside `vehicle_class` (a public quote).
 * Only the pickup time's rule (neither past nor beyond the booking horizon) is left to the 422 it answers: it moves
 * with the clock, and a document cannot.
 */
export function documentClassLimits(passenger?: string, fields: ('pax' | 'luggage')[] = ['pax', 'luggage']) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    const limits = Object.entries(VEHICLE_CLASSES).map(([name, spec]) => {
      const max = { pax: { maximum: spec.maxPassengers }, luggage: { maximum: spec.maxLuggage } };
      const carried = { properties: Object.fromEntries(fields.map((field) => [field, max[field]])) };
      return {
        if: { properties: { vehicle_class: { const: name } }, required: ['vehicle_class'] },
        then: passenger ? { properties: { [passenger]: carried } } : carried,
      };
    });
    jsonSchema.allOf = [...((jsonSchema.allOf as unknown[]) ?? []), ...limits];
  };
}

/** What both APIs check of a quote request beyond its fields' shapes: seats of the class, and a pickup time ahead. */
export function checkQuotedTrip(q: { vehicle_class: string; pax?: number; datetime: string }, ctx: z.RefinementCtx): void {
  for (const issue of tripIssues({ vehicleClass: q.vehicle_class, pax: q.pax ?? 1, pickupAt: q.datetime })) {
    ctx.addIssue({ code: 'custom', path: [issue.field === 'pickup_at' ? 'datetime' : issue.field], message: issue.message });
  }
}
