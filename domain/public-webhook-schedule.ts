/**
 * Public webhooks: the published retry schedule and the pause rule (docs/public-webhooks.md).
 *
 * Up to 8 attempts. After attempt n (1–7) fails, the next waits BASE_DELAYS_MS[n-1] × a jitter factor in
 * [0.8, 1.2), never more than the 6-hour ceiling. A `Retry-After` from the receiver can lengthen a wait (up to the
 * ceiling), never shorten it below the schedule.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const PUBLIC_WEBHOOK_RETRY = {
  maxAttempts: 8,
  /** No wait between attempts is ever longer. */
  ceilingMs: 6 * HOUR,
  firstDelayMs: MINUTE,
  backoffCoefficient: 5,
  /** ± share of each wait drawn at random (deterministically, inside the workflow). */
  jitter: 0.2,
  /** Consecutive failed attempts (across all deliveries of a destination) that pause it. */
  pauseAfterFailures: 12,
} as const;

/** The waits before attempts 2…8 without jitter: 1 min, 5 min, 25 min, 2 h 5 min, 6 h, 6 h, 6 h. */
export const BASE_DELAYS_MS: readonly number[] = Array.from({ length: PUBLIC_WEBHOOK_RETRY.maxAttempts - 1 }, (_, i) =>
  Math.min(PUBLIC_WEBHOOK_RETRY.firstDelayMs * PUBLIC_WEBHOOK_RETRY.backoffCoefficient ** i, PUBLIC_WEBHOOK_RETRY.ceilingMs),
);

/**
 * How long to wait after failed attempt `attempt` (1-based) before the next one; null when it was the last.
 * `random` is a number in [0, 1) (the workflow's deterministic Math.random); `retryAfterMs` the receiver's
 * Retry-After, if any.
 */
export function retryDelayMs(attempt: number, random: number, retryAfterMs?: number | null): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  if (attempt >= PUBLIC_WEBHOOK_RETRY.maxAttempts) return null;
  const base = BASE_DELAYS_MS[attempt - 1];
  const factor = 1 + PUBLIC_WEBHOOK_RETRY.jitter * (2 * Math.min(Math.max(random, 0), 1) - 1);
  const scheduled = Math.min(Math.round(base * factor), PUBLIC_WEBHOOK_RETRY.ceilingMs);
  if (retryAfterMs == null || !Number.isFinite(retryAfterMs)) return scheduled;
  return Math.min(Math.max(scheduled, Math.round(retryAfterMs)), PUBLIC_WEBHOOK_RETRY.ceilingMs);
}

/** Offsets of attempts 1…8 from the first, for the given jitter draws (one per wait) and instant attempts. */
export function attemptScheduleMs(randoms: readonly number[]): number[] {
  const offsets = [0];
  for (let attempt = 1; attempt < PUBLIC_WEBHOOK_RETRY.maxAttempts; attempt++) {
    offsets.push(offsets[attempt - 1] + retryDelayMs(attempt, randoms[attempt - 1] ?? 0.5)!);
  }
  return offsets;
}

/**
 * Reads a `Retry-After` header (delta seconds or an HTTP date) into milliseconds from `now`; null when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What the destination entity keeps between deliveries. */
export interface DestinationHealth {
  consecutiveFailures: number;
  status: 'active' | 'paused';
}

export type HealthChange = 'none' | 'first_failure' | 'recovered' | 'pause';

/**
 * The pause rule: every failed attempt of any delivery to the destination adds one; a successful attempt resets the
 * count to zero; the 12th consecutive failure pauses an active destination. Attempts that did not happen (parked
 * while paused) count for nothing.
 */
export function applyAttemptOutcome(health: DestinationHealth, succeeded: boolean): { health: DestinationHealth; change: HealthChange } {
  if (succeeded) {
    return { health: { ...health, consecutiveFailures: 0 }, change: health.consecutiveFailures > 0 ? 'recovered' : 'none' };
  }
  const consecutiveFailures = health.consecutiveFailures + 1;
  const pause = health.status === 'active' && consecutiveFailures >= PUBLIC_WEBHOOK_RETRY.pauseAfterFailures;
  return {
    health: { consecutiveFailures, status: pause ? 'paused' : health.status },
    change: pause ? 'pause' : consecutiveFailures === 1 ? 'first_failure' : 'none',
  };
}
