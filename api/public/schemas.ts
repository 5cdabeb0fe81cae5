import { z } from 'zod';
import { CANCELLATION_REASONS, SERVICE_END_REASONS } from '../../domain/cancellation';
import { FLIGHT_STATUSES } from '../../domain/flight-watch';
import type { PublicBookingDetailShape } from '../../domain/public-booking';
import { PUBLIC_STATUSES } from '../../domain/public-status';
import { BookingId } from '../wire-schemas';

export const BookingRef = BookingId.meta({ description: 'Booking reference.', example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' });
export const PublicStatus = z.enum(PUBLIC_STATUSES).meta({ id: 'PublicBookingStatus' });

export const PublicAmount = z
  .object({ net: z.number(), tax: z.number(), gross: z.number(), currency: z.string() })
  .meta({ id: 'PublicAmount', description: 'Decimal amounts in the currency: net + tax = gross.' });

const PublicChauffeur = z
  .object({
    name: z.string().meta({ example: 'Jo Martin' }),
    unit: z.string().nullable().meta({
      description:
        'The fleet unit the chauffeur drives (its `id` in `GET /api/public/v1/fleet`). Null for a sandbox ride: its simulated chauffeur drives no fleet unit.',
      example: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x',
    }),
  })
  .nullable()
  .meta({
    id: 'PublicBookingChauffeur',
    description: 'Null only before a chauffeur is allocated (and again while a declined allocation is redone); kept once the ride is over.',
  });

export const PublicBooking = z
  .object({
    ref: BookingRef,
    market: z.string().meta({ example: 'PAR' }),
    status: PublicStatus,
    pickup: z.string().meta({ description: 'Address, or "lat,lng" when none was given.' }),
    dropoff: z.string(),
    pickup_at: z.string().meta({ description: 'ISO 8601 UTC.' }),
    vehicle_class: z.string(),
    chauffeur: PublicChauffeur,
    total: PublicAmount,
    customer_reference: z
      .string()
      .nullable()
      .meta({ description: "The booking account's own reference (cost centre, PO), as given when booking.", example: 'CC-4711' }),
    livemode: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicBooking' });

const PublicAllocation = z
  .object({
    unit: z.string().nullable().meta({ description: 'The fleet unit (`unit_…`); null for a sandbox ride.' }),
    chauffeur: z.object({ name: z.string(), phone: z.string() }),
    vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), plate: z.string() }),
    allocated_at: z.string().meta({ description: 'When the chauffeur was allocated, ISO 8601 UTC.' }),
    accepted_at: z.string().nullable().meta({
      description:
        "When the chauffeur accepted the ride; null while the answer is awaited. An allocation that asks no answer (a sandbox ride's simulated chauffeur, one made by operations) is accepted when made.",
    }),
    eta_at: z.string().nullable().meta({
      description:
        'When the chauffeur is expected at the pickup: the time of the latest ETA report (status change or GPS position) plus its minutes. Null before the chauffeur sets off and after pickup; the arrival time once arrived.',
    }),
  })
  .nullable()
  .meta({ id: 'PublicBookingAllocation', description: 'The chauffeur and car on the ride; null before allocation.' });

const PublicCancellation = z
  .object({
    reason: z.enum([...CANCELLATION_REASONS, ...SERVICE_END_REASONS]).meta({ example: 'passenger_request' }),
    note: z.string().nullable(),
    cancelled_by: z.string().meta({ description: '`integrator`, `partner`, `ops`, `driver` or `system`.', example: 'integrator' }),
    cancelled_at: z.string(),
    // The fee charged: zero inside the free window.
    fee: PublicAmount,
  })
  .nullable()
  .meta({ id: 'PublicBookingCancellation', description: 'How the ride ended before its trip; null otherwise.' });

const PublicFlightWatch = z
  .object({
    flight_number: z.string().meta({ example: 'AF1234' }),
    scheduled_arrival: z.string(),
    estimated_arrival: z.string(),
    status: z.enum(FLIGHT_STATUSES),
    checked_at: z.string().nullable().meta({ description: 'When the flight was last looked up; null before the first look.' }),
  })
  .nullable()
  .meta({
    id: 'PublicFlightWatch',
    description:
      'The flight a live airport pickup meets, watched from three hours before its arrival: the pickup follows its delay or earliness (up to three hours). Null without a flight number, and for sandbox rides.',
  });

const PublicCancellationTerms = z
  .object({
    cancellable: z.boolean().meta({
      description:
        '`POST …/cancel` would cancel now: false once the passenger is on board or the ride has ended (cancelling then answers 409 `booking_not_cancellable`; a repeated cancellation answers the first one).',
    }),
    free_until: z.string().meta({
      description:
        'Free cancellation until this time (ISO 8601 UTC), as booked, rescheduled or freed by a cancelled flight; a ride booked inside the window has none (its booking time).',
    }),
    fee_after: PublicAmount.meta({ description: 'The fee of a cancellation after `free_until`.' }),
    fee_now: PublicAmount.nullable().meta({
      description: 'What cancelling at `as_of` costs: zero up to `free_until`, then `fee_after`. Null when not `cancellable`.',
    }),
    as_of: z.string().meta({ description: 'The time `fee_now` is reckoned at: when the hub answered (ISO 8601 UTC).' }),
  })
  .meta({
    id: 'PublicCancellationTerms',
    description:
      "What cancelling the booking would do, by the hub's own rules (the same that `POST …/cancel` charges): free until `free_until`, then `fee_after`; `fee_now` is the fee at `as_of`.",
  });

const TimeZone = z.string().meta({
  description: "The IANA time zone of the pickup's market (`UTC` outside every market): show `pickup_at` in it, naming the zone.",
  example: 'Europe/Paris',
});

const PublicBookingPassenger = z
  .object({
    name: z.string().meta({ example: 'Ada Lovelace' }),
    phone: z.string().nullable().meta({
      description:
        'Masked: the country calling code, the first digit of the national number and its last two, the other digits `•` ("+33 6•• •• •• 78"). Null when none was given.',
      example: '+33 6•• •• •• 78',
    }),
  })
  .nullable()
  .optional()
  .meta({
    id: 'PublicBookingPassenger',
    description:
      'Only for keys with `passengers.read` (absent otherwise), and every such read is recorded (docs/security.md). Null once the retention sweep erased the passenger.',
  });

/** A booking in the list, its exports and the single read: the booking with its pickup's time zone, and its passenger for keys allowed to see it. */
export const PublicBookingListItem = PublicBooking.extend({ time_zone: TimeZone, passenger: PublicBookingPassenger }).meta({
  id: 'PublicBookingListItem',
});

export const PublicBookingDetail = PublicBooking.extend({
  time_zone: TimeZone,
  passenger: PublicBookingPassenger,
  notes: z.string().nullable().meta({ description: 'Notes for the chauffeur, as given when booking.' }),
  allocation: PublicAllocation,
  cancellation: PublicCancellation,
  flight_watch: PublicFlightWatch,
  cancellation_policy: PublicCancellationTerms,
}).meta({
  id: 'PublicBookingDetail',
  description:
    'One booking as `GET /api/public/v1/bookings/{ref}` shows it: the list item, its allocation, how it ended before its trip if it did, and its cancellation terms.',
});

export const PublicBookingList = z
  .object({ data: z.array(PublicBookingListItem), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'PublicBookingList' });

// The views that fill these schemas are domain/public-booking.ts (webhook activities build event data with them too).

// The documented schemas and the views must describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _viewMatchesSchema: Same<PublicBookingDetailShape, z.infer<typeof PublicBookingDetail>> = true;
void _viewMatchesSchema;
