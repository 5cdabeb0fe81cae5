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
