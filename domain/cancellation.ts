import { divRoundHalfAwayFromZero } from './money';
import { toInstant } from './pricing';

export const FREE_CANCELLATION_MINUTES_BEFORE_PICKUP = 60;
export const LATE_CANCELLATION_FEE_PCT = 50;

export interface CancellationPolicy {
  free_until: string;
  fee_after_minor: number;
}

export interface CancellationFee {
  fee_minor: number;
  free: boolean;
}

export function cancellationPolicy(input: {
  createdAt: Date | string;
  pickupAt: Date | string;
  fareTotalMinor: number;
}): CancellationPolicy {
  const createdAt = toInstant(input.createdAt, 'createdAt').getTime();
  const pickupAt = toInstant(input.pickupAt, 'pickupAt').getTime();
  if (!Number.isSafeInteger(input.fareTotalMinor) || input.fareTotalMinor < 0) {
    throw new RangeError(`fareTotalMinor must be a non-negative integer, got ${input.fareTotalMinor}`);
  }
  // Short-notice bookings get no free window, never one that ends before they were made.
  const freeUntil = Math.max(createdAt, pickupAt - FREE_CANCELLATION_MINUTES_BEFORE_PICKUP * 60_000);
  return {
    free_until: new Date(freeUntil).toISOString(),
    fee_after_minor: divRoundHalfAwayFromZero(input.fareTotalMinor * LATE_CANCELLATION_FEE_PCT, 100),
  };
}

export function cancellationFee(input: { policy: CancellationPolicy; cancelledAt: Date | string }): CancellationFee {
  const cancelledAt = toInstant(input.cancelledAt, 'cancelledAt').getTime();
  const freeUntil = toInstant(input.policy.free_until, 'policy.free_until').getTime();
  const free = cancelledAt <= freeUntil;
  return { fee_minor: free ? 0 : input.policy.fee_after_minor, free };
}

/** Reason codes a partner (or integrator) may give when cancelling; docs/booking-lifecycle.md explains each. */
export const CANCELLATION_REASONS = [
  'passenger_request',
  'flight_cancelled',
  'flight_delayed',
  'duplicate_booking',
  'booked_in_error',
  'driver_late',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** Reasons the hub itself records when the ride ends without the customer cancelling it. */
export const SERVICE_END_REASONS = ['driver_cancelled', 'no_driver_available', 'passenger_no_show'] as const;
export type ServiceEndReason = (typeof SERVICE_END_REASONS)[number];

export function isCancellationReason(value: unknown): value is CancellationReason {
  return typeof value === 'string' && (CANCELLATION_REASONS as readonly string[]).includes(value);
}

/** How a ride ended without completing, as stored in the read model and sent in `trip.cancelled`. */
export interface CancellationRecord {
  reason_code: CancellationReason | ServiceEndReason;
  cancelled_by: string;
  cancelled_at: string;
  fee_minor: number;
  charged: boolean;
  /** The canceller's own words (public API), if any. */
  note?: string;
}

/**
 * The fee of a ride that ends before its trip. The customer pays nothing inside the free window and the policy's fee
 * after it; a no-show pays the whole fare; when the hub or the driver failed (no driver, the driver gave up) nobody
 * pays, whenever it happens.
 */
export function endingFee(input: {
  reason: CancellationReason | ServiceEndReason;
  policy: CancellationPolicy;
  fareTotalMinor: number;
  at: Date | string;
}): { fee_minor: number; charged: boolean } {
  if (input.reason === 'driver_cancelled' || input.reason === 'no_driver_available') return { fee_minor: 0, charged: false };
  if (input.reason === 'passenger_no_show') return { fee_minor: input.fareTotalMinor, charged: input.fareTotalMinor > 0 };
  const { fee_minor } = cancellationFee({ policy: input.policy, cancelledAt: input.at });
  return { fee_minor, charged: fee_minor > 0 };
}
