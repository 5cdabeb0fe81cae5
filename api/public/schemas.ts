import { z } from 'zod';
import type { Booking, Place } from '../../db/entities';
import { fromMinor } from '../../domain/money';
import { PUBLIC_STATUSES, toPublicStatus } from '../../domain/public-status';
import { keysetCursor, PageLimit } from '../pagination';
import { BookingId, Instant } from '../partner/schemas';

export const BookingRef = BookingId.meta({ description: 'Booking reference.', example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' });
export const PublicStatus = z.enum(PUBLIC_STATUSES).meta({ id: 'PublicBookingStatus' });

const Cursor = keysetCursor((id) => BookingId.safeParse(id).success);

export const ListBookingsQuery = z
  .object({
    market: z
      .string()
      .regex(/^[A-Z]{3,5}$/, 'expected a market code such as PAR')
      .optional()
      .meta({ description: 'Market code of the pickup, e.g. PAR.', example: 'PAR' }),
    status: PublicStatus.optional().meta({ example: 'allocated' }),
    from: Instant.optional().meta({ description: 'Pickup time from (inclusive), RFC 3339.' }),
    to: Instant.optional().meta({ description: 'Pickup time to (exclusive), RFC 3339.' }),
    limit: PageLimit,
    cursor: Cursor.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from && q.to && Date.parse(q.from) >= Date.parse(q.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
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
    chauffeur: z.object({ name: z.string(), unit: z.string() }).nullable().meta({ description: 'Null until a chauffeur is assigned.' }),
    total: z.object({ net: z.number(), tax: z.number(), gross: z.number(), currency: z.string() }),
    livemode: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicBooking' });

export const PublicBookingList = z
  .object({ data: z.array(PublicBooking), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'PublicBookingList' });

const placeText = (p: Place) => p.address ?? `${p.lat},${p.lng}`;

export function publicBookingView(b: Booking): z.infer<typeof PublicBooking> {
  const fare = b.fare as { total: number; taxes: number };
  const d = (minor: number) => fromMinor(minor, b.currency);
  return {
    ref: b.id,
    market: b.market,
    status: toPublicStatus(b.status),
    pickup: placeText(b.pickup),
    dropoff: placeText(b.dropoff),
    pickup_at: b.pickupAt.toISOString(),
    vehicle_class: b.vehicleClass,
    chauffeur: null, // the read model has no assignment yet
    total: { net: d(fare.total - fare.taxes), tax: d(fare.taxes), gross: d(fare.total), currency: b.currency },
    livemode: b.environment === 'live',
    created_at: b.createdAt.toISOString(),
  };
}
