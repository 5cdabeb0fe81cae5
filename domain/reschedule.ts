import { isTerminal, type BookingStatus } from './booking-lifecycle';
import { cancellationPolicy } from './cancellation';
import { priceFare, type Fare, type FareRequest } from './pricing';
import { BOOKING_HORIZON_DAYS } from './booking-horizon';

/** Why a pickup moves: the customer asked (either API), or the flight it meets is early or late. */
export const RESCHEDULE_CAUSES = ['customer', 'flight_watch'] as const;
export type RescheduleCause = (typeof RESCHEDULE_CAUSES)[number];

/** A booking's latest change of pickup time, kept on the booking and sent in `booking.rescheduled`. */
export interface RescheduleRecord {
  previous_pickup_at: string;
  pickup_at: string;
  cause: RescheduleCause;
  rescheduled_at: string;
}

/** How far ahead a pickup may be moved: the booking horizon. */
export const MAX_ADVANCE_DAYS = BOOKING_HORIZON_DAYS;
/** A new pickup time at least this far ahead: the chauffeur needs time to plan, and the past is not bookable. */
export const MIN_RESCHEDULE_NOTICE_MINUTES = 5;

/** Statuses in which the chauffeur is on the way or with the passenger: too late to move the pickup. */
const UNDER_WAY: readonly BookingStatus[] = ['on_the_way', 'arrived', 'on_board'];

/**
 * Why the pickup of a booking may not move to `pickupAt` now, or null when it may. A customer may move it while
 * cancelling is still free (before `freeUntil`): afterwards the chauffeur is planned and moving it would dodge the
 * late-cancellation fee. The flight watch may move it until the chauffeur sets off, whatever the window. An allocated
 * chauffeur who has not set off does not stop it: the allocation is redone for the new time.
 */
export function rescheduleRefusal(input: {
  status: BookingStatus;
  freeUntil: string;
  pickupAt: string;
  cause: RescheduleCause;
  now: number;
}): string | null {
  if (isTerminal(input.status)) return `the booking is already ${input.status}`;
  if (UNDER_WAY.includes(input.status)) return 'the chauffeur is already on the way';
  const at = Date.parse(input.pickupAt);
  if (!Number.isFinite(at)) return 'pickup_at is not a time';
  if (at < input.now + MIN_RESCHEDULE_NOTICE_MINUTES * 60_000)
    return `the new pickup time must be at least ${MIN_RESCHEDULE_NOTICE_MINUTES} minutes ahead`;
  if (at > input.now + MAX_ADVANCE_DAYS * 86_400_000) return `the new pickup time is more than ${MAX_ADVANCE_DAYS} days ahead`;
  if (input.cause === 'customer' && input.now >= Date.parse(input.freeUntil))
    return `the free-cancellation window ended at ${input.freeUntil}; a booking that would now cost a fee to cancel keeps its time`;
  return null;
}

/** What moves with the pickup: the fare (re-priced only if the new time prices differently), the free window and its fee. */
export function movedTerms(
  booking: { pickup: FareRequest['pickup']; dropoff: FareRequest['dropoff']; vehicleClass: string; fare: Fare; commissionPct: number },
  pickupAt: string,
  now: Date,
): { pickupAt: string; fare: Fare; freeUntil: string; lateCancellationFeeMinor: number } {
  const at = new Date(pickupAt).toISOString();
  const priced = priceFare({
    pickup: booking.pickup,
    dropoff: booking.dropoff,
    pickupAt: at,
    vehicleClass: booking.vehicleClass,
    currency: booking.fare.currency,
    commissionBasisPoints: Math.round(booking.commissionPct * 100),
  });
  // The same price keeps the booking's own breakdown, exchange rate included.
  const fare = priced.total === booking.fare.total ? booking.fare : priced;
  const policy = cancellationPolicy({ createdAt: now, pickupAt: at, fareTotalMinor: fare.total });
  return { pickupAt: at, fare, freeUntil: policy.free_until, lateCancellationFeeMinor: policy.fee_after_minor };
}
