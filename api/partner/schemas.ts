import { z } from 'zod';
import { Fare, Money } from '../wire-schemas';
import { BOOKING_STATUSES } from '../../domain/booking-lifecycle';
import { CANCELLATION_REASONS, SERVICE_END_REASONS } from '../../domain/cancellation';

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
