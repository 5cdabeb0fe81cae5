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

/**
 * Workflows that share one endpoint's deliveries: a booking's events always go to the same one (its order holds),
 * and each runs at most one batch at a time over one connection, so the endpoint sees at most this many connections.
 */
export const PARTNER_ENDPOINT_SHARDS = 10;
/** Events one batch may carry; a batch also stops starting POSTs after PARTNER_BATCH_BUDGET_MS. */
export const PARTNER_BATCH_MAX = 100;
export const PARTNER_BATCH_BUDGET_MS = 15_000;

/** Which of the endpoint's workflows delivers a booking's events (FNV-1a of the booking id); events without a booking go to 0. */
export function partnerShard(bookingId: string | null, shards: number = PARTNER_ENDPOINT_SHARDS): number {
  if (!bookingId) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < bookingId.length; i++) hash = Math.imul(hash ^ bookingId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/** What one POST of a batch came to: `skipped` when the batch ran out of time before it (it stays due). */
export type PartnerBatchOutcome = 'delivered' | 'failed' | 'final' | 'skipped';

/** The queue after a batch: each attempted event as afterAttempt says; skipped ones keep their place and schedule. */
export function afterBatch(
  queue: readonly QueuedPartnerEvent[],
  outcomes: Readonly<Record<string, PartnerBatchOutcome>>,
  now: number,
): QueuedPartnerEvent[] {
  let out = [...queue];
  for (const [eventId, outcome] of Object.entries(outcomes)) {
    if (outcome !== 'skipped') out = afterAttempt(out, eventId, outcome === 'failed' ? 'failed' : 'done', now);
  }
  return out;
}
