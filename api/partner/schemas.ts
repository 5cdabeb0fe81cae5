import { z } from 'zod';
import { BOOKING_STATUSES } from '../../domain/booking-lifecycle';
import { CANCELLATION_REASONS, SERVICE_END_REASONS } from '../../domain/cancellation';
import { SUPPORTED_CURRENCIES } from '../../domain/money';
import { VEHICLE_CLASSES } from '../../domain/pricing';

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
    address: z.string().min(1).max(500).optional().meta({ example: 'Paris Charles de Gaulle Airport, Terminal 2E' }),
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
    address: z.string().min(1).max(500).optional().meta({ example: '10 Place Vendôme, Paris' }),
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

const Money = z.number().meta({ description: "Decimal amount with the currency's precision." });

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

const Timestamp = z.string().meta({ description: 'ISO 8601 UTC.', example: '2027-03-15T08:02:11.000Z' });
const TimestampOrNull = Timestamp.nullable();

export const Driver = z
  .object({
    name: z.string().meta({ example: 'Camille Martin' }),
    phone: z.string().meta({ example: '+33600000001' }),
    photo_url: z.string().meta({ example: 'https://example.com/sandbox/drivers/sandbox-vtc-0001.jpg' }),
    licence_no: z.string().meta({ example: 'SANDBOX-VTC-0001' }),
    rating: z.number().meta({ example: 4.9 }),
  })
  .meta({ id: 'Driver' });

export const Vehicle = z
  .object({
    make: z.string().meta({ example: 'Mercedes-Benz' }),
    model: z.string().meta({ example: 'E-Class' }),
    year: z.number().int().meta({ example: 2025 }),
    color: z.string().meta({ example: 'black' }),
    plate: z.string().meta({ example: 'SB-042-XZ' }),
    lat: z.number().nullable().meta({ description: 'Latest known position of the car.' }),
    lng: z.number().nullable(),
    position_at: TimestampOrNull.meta({ description: 'When the car was there.' }),
  })
  .meta({ id: 'Vehicle' });

export const CancellationReasonCode = z.enum(CANCELLATION_REASONS).meta({
  id: 'CancellationReason',
  description: 'Why the customer cancels; see docs/booking-lifecycle.md.',
  example: 'passenger_request',
});

export const FeeAmount = z
  .object({ amount: Money, currency: z.string().meta({ example: 'EUR' }) })
  .meta({ id: 'Fee', description: 'A fee in decimal units of the currency.' });

export const Cancellation = z
  .object({
    reason_code: z.enum([...CANCELLATION_REASONS, ...SERVICE_END_REASONS]).meta({
      description: "The customer's reason, or the service's: `driver_cancelled`, `no_driver_available`, `passenger_no_show`.",
    }),
    cancelled_by: z.string().meta({ description: 'partner, integrator, ops, driver, dispatch or system.', example: 'partner' }),
    cancelled_at: Timestamp,
    fee: FeeAmount,
    charged: z.boolean().meta({ description: 'Whether the fee is charged (false when it is zero).' }),
  })
  .meta({ id: 'Cancellation' });

export const Trip = z
  .object({
    started_at: Timestamp,
    completed_at: Timestamp,
    distance_km: z.number(),
    duration_min: z.number().int(),
    fare: Fare,
  })
  .meta({ id: 'Trip', description: 'The trip as driven, with the final fare (and your commission).' });

export const CancellationPolicy = z
  .object({ free_until: z.string(), fee_after: z.number(), currency: z.string() })
  .meta({ id: 'CancellationPolicy', description: 'Free until `free_until`, then `fee_after` (see docs/pricing.md).' });

export const Booking = z
  .object({
    id: z.string().meta({ example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    external_id: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES).meta({ example: 'confirmed', description: 'See docs/booking-lifecycle.md.' }),
    livemode: z.boolean(),
    vehicle_class: z.string(),
    pickup: z.object({
      address: z.string().optional(),
      lat: z.number(),
      lng: z.number(),
      datetime: z.string(),
      flight_number: z.string().optional(),
    }),
    dropoff: z.object({ address: z.string().optional(), lat: z.number(), lng: z.number() }),
    passenger: z.record(z.string(), z.unknown()),
    distance_km: z.number(),
    duration_min: z.number().int(),
    fare: Fare,
    cancellation_policy: CancellationPolicy,
    eta_minutes: z.number().int().nullable().meta({ description: "Driver's ETA to the pickup while on the way." }),
    driver: Driver.nullable().meta({ description: 'Set once a driver is assigned.' }),
    vehicle: Vehicle.nullable().meta({ description: 'Set once a driver is assigned.' }),
    timeline: z
      .object({
        assigned_at: TimestampOrNull,
        on_the_way_at: TimestampOrNull,
        arrived_at: TimestampOrNull,
        started_at: TimestampOrNull,
        completed_at: TimestampOrNull,
        ended_at: TimestampOrNull,
      })
      .meta({ description: 'When each step happened; null until it has.' }),
    cancellation: Cancellation.nullable().meta({
      description: 'How the ride ended without its trip (cancelled, no_show, no_driver_available).',
    }),
    trip: Trip.nullable().meta({ description: 'Set once the trip is completed.' }),
    tracking_url: z
      .url()
      .nullable()
      .meta({ description: 'Signed passenger tracking page: no app needed; stops working 24 h after the ride ends.' }),
    receipt_url: z
      .url()
      .nullable()
      .meta({ description: 'Signed PDF receipt (booking, route, times, fare breakdown); null until the trip is completed.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Booking' });

export const WebhookEndpoint = z
  .object({
    url: z
      .string()
      .nullable()
      .meta({ description: 'Where events are POSTed; null when none is set.', example: 'https://ota.example.com/hooks/dispatch' }),
    secret_hint: z.string().meta({ description: "The signing secret's prefix and last four characters.", example: 'phsec_…x9Qa' }),
    previous_secret_expires_at: z.iso.datetime().nullable().meta({
      description:
        'During a rotation overlap, when the previous secret stops signing (deliveries carry both signatures until then); null otherwise.',
      example: null,
    }),
  })
  .meta({ id: 'WebhookEndpoint' });

export const endpointView = (e: { url: string | null; secretHint: string; previousSecretExpiresAt: Date | null }) => ({
  url: e.url,
  secret_hint: e.secretHint,
  previous_secret_expires_at: e.previousSecretExpiresAt?.toISOString() ?? null,
});
