import type { Environment } from './environment';

/**
 * Load shedding (docs/operations.md "Capacity and load shedding"): a write that would add work the hub cannot do in
 * time is refused before anything is written, never accepted and left to wait. Two limits, the account's first:
 * - an account's rides in progress in one environment against its budget (sandbox has its own, lower one): `429`;
 * - the oldest quote task waiting on that environment's booking queue against the promise (a booking task: six times
 *   it): the hub as a whole is behind, `503`.
 */
export interface AdmissionLimits {
  /** Simulated rides in progress per sandbox account (HUB_SANDBOX_RIDE_BUDGET). */
  sandboxRideBudget: number;
  /** Dispatched rides in progress per live account (HUB_LIVE_RIDE_BUDGET). */
  liveRideBudget: number;
  /** The oldest waiting workflow task on a booking queue beyond which writes are shed (HUB_MAX_TASK_WAIT_SECONDS). */
  maxTaskWaitSeconds: number;
  /** How long one sandbox ride plays (SANDBOX_RIDE_SECONDS): within it, an account at its budget has a ride end. */
  sandboxRideSeconds: number;
}

export type AdmissionReason = 'ride_budget' | 'hub_behind';

export interface AdmissionRefusal {
  reason: AdmissionReason;
  status: 429 | 503;
  retryAfterSeconds: number;
  detail: string;
}

export interface AdmissionInput {
  environment: Environment;
  /** Whether the write starts a ride (a booking); quotes and reschedules only answer to the hub-wide limit. */
  startsRide: boolean;
  /** The account's rides in progress in this environment. */
  activeRides: number;
  /** Ages of the oldest quote and booking workflow tasks waiting on this environment's booking queue, in seconds. */
  oldestTask: TaskAges;
}

export interface TaskAges {
  quote: number;
  booking: number;
}

/**
 * Quotes go before every booking (task priority), so a quote that waits means every customer of the queue waits. A
 * booking backlog may be one account's, which fairness keeps to that account's share, so it takes longer before the
 * whole environment is refused: this many times the promise.
 */
export const BOOKING_BACKLOG_FACTOR = 6;

/** A live account at its budget is told to come back in this long: rides end at the speed of traffic. */
const LIVE_RETRY_AFTER_SECONDS = 30;
const MAX_RETRY_AFTER_SECONDS = 60;

export function rideBudget(limits: AdmissionLimits, environment: Environment): number {
  return environment === 'sandbox' ? limits.sandboxRideBudget : limits.liveRideBudget;
}

/** Why this write must be refused now, or null when the hub can honour it. */
export function admissionRefusal(input: AdmissionInput, limits: AdmissionLimits): AdmissionRefusal | null {
  const budget = rideBudget(limits, input.environment);
  if (input.startsRide && input.activeRides >= budget) {
    const retryAfterSeconds =
      input.environment === 'sandbox' ? clampRetry(Math.ceil(limits.sandboxRideSeconds / 4)) : LIVE_RETRY_AFTER_SECONDS;
    return {
      reason: 'ride_budget',
      status: 429,
      retryAfterSeconds,
      detail: `This account has ${input.activeRides} ${input.environment} rides in progress, its budget is ${budget}; retry after ${retryAfterSeconds} s, once some have ended.`,
    };
  }
  const { quote, booking } = input.oldestTask;
  if (quote > limits.maxTaskWaitSeconds || booking > limits.maxTaskWaitSeconds * BOOKING_BACKLOG_FACTOR) {
    const oldest = Math.max(quote, booking);
    const retryAfterSeconds = clampRetry(Math.ceil(quote > limits.maxTaskWaitSeconds ? quote : booking / BOOKING_BACKLOG_FACTOR));
    return {
      reason: 'hub_behind',
      status: 503,
      retryAfterSeconds,
      detail: `The hub is behind on ${input.environment} work (its oldest waiting task is ${Math.floor(oldest)} s old); retry after ${retryAfterSeconds} s.`,
    };
  }
  return null;
}

function clampRetry(seconds: number): number {
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
}
