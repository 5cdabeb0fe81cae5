import { PARTNER_WEBHOOK_RETRY } from './partner-webhook-retry';

/** One partner event waiting for (another) delivery attempt in its endpoint's workflow. */
export interface QueuedPartnerEvent {
  eventId: string;
  bookingId: string | null;
  type: string;
  /** When the event was first queued (workflow time, ms): the retry window counts from here. */
  firstAt: number;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt may start (ms). */
  dueAt: number;
}

export type NewPartnerEvent = Pick<QueuedPartnerEvent, 'eventId' | 'bookingId' | 'type'>;

/**
 * Adds an event, once: an event already queued (a redelivery asked while it waits) keeps its place. A `gps.update`
 * replaces a waiting, older `gps.update` of the same booking: a receiver that was down wants where the car is, not
 * where it was. The replaced event stays in the event log (and can be redelivered).
 */
export function enqueue(
  queue: readonly QueuedPartnerEvent[],
  event: NewPartnerEvent,
  now: number,
  inFlight: ReadonlySet<string>,
): QueuedPartnerEvent[] {
  if (queue.some((q) => q.eventId === event.eventId)) return [...queue];
  const superseded = (q: QueuedPartnerEvent) =>
    event.type === 'gps.update' && q.type === 'gps.update' && q.bookingId === event.bookingId && !inFlight.has(q.eventId);
  return [...queue.filter((q) => !superseded(q)), { ...event, firstAt: now, attempts: 0, dueAt: now }];
}

/** The events whose attempt may start now, oldest first, at most `limit`. */
export function dueEvents(
  queue: readonly QueuedPartnerEvent[],
  inFlight: ReadonlySet<string>,
  now: number,
  limit: number,
): QueuedPartnerEvent[] {
  if (limit <= 0) return [];
  return queue.filter((q) => !inFlight.has(q.eventId) && q.dueAt <= now).slice(0, limit);
}

/** When the next waiting event falls due; null when none waits. */
export function nextDueAt(queue: readonly QueuedPartnerEvent[], inFlight: ReadonlySet<string>): number | null {
  const waiting = queue.filter((q) => !inFlight.has(q.eventId)).map((q) => q.dueAt);
  return waiting.length ? Math.min(...waiting) : null;
}

/**
 * The queue after an attempt: a delivered event (or one that can never be delivered) leaves it; a failed one waits
 * its backoff (30 s, 1 min, 2 min, … up to 2 hours) and leaves when its next attempt would start after the 24-hour window.
 */
export function afterAttempt(
  queue: readonly QueuedPartnerEvent[],
  eventId: string,
  outcome: 'done' | 'failed',
  now: number,
  policy: Record<keyof typeof PARTNER_WEBHOOK_RETRY, number> = PARTNER_WEBHOOK_RETRY,
): QueuedPartnerEvent[] {
  const out: QueuedPartnerEvent[] = [];
  for (const q of queue) {
    if (q.eventId !== eventId) out.push(q);
    else if (outcome === 'failed') {
      const attempts = q.attempts + 1;
      const interval = Math.min(policy.initialIntervalMs * policy.backoffCoefficient ** (attempts - 1), policy.maximumIntervalMs);
      const dueAt = now + interval;
      if (dueAt - q.firstAt < policy.windowMs) out.push({ ...q, attempts, dueAt });
    }
  }
  return out;
}
