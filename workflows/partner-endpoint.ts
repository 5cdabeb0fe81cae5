import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  log,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { RetryState } from '@temporalio/common';
import type { PartnerWebhookActivities } from '../activities/partner-webhook';
import {
  afterAttempt,
  afterBatch,
  dueEvents,
  enqueue,
  nextDueAt,
  PARTNER_BATCH_BUDGET_MS,
  PARTNER_BATCH_MAX,
  type PartnerBatchOutcome,
  type QueuedPartnerEvent,
} from '../domain/partner-delivery-queue';
import { afterFailedRound, PARTNER_BATCH_TRIES_PER_ROUND, shouldPark, type PartnerBatchFailure } from '../domain/partner-batch-parking';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS } from '../domain/webhook-attempt';
import { getPartnerEndpointQueue, partnerEventsRecorded, type PartnerEndpointInput } from '../contracts/partner-webhook';

const { attemptPartnerDelivery } = proxyActivities<PartnerWebhookActivities>({
  startToCloseTimeout: WEBHOOK_ATTEMPT_TIMEOUT_MS,
  // A failed POST is an answer, not an error: only the hub's own faults (database down) retry here, briefly;
  // beyond that the attempt counts as failed and the queue's backoff takes over.
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
});

const { deliverPartnerBatch } = proxyActivities<PartnerWebhookActivities>({
  // The batch stops starting POSTs at its budget; the last one may still take the POST's own timeout.
  startToCloseTimeout: PARTNER_BATCH_BUDGET_MS + WEBHOOK_ATTEMPT_TIMEOUT_MS,
  // It heartbeats every second: a worker that died mid-batch is noticed within this, and the retry skips what it sent.
  heartbeatTimeout: '30 seconds',
  // Retried until it runs (the hub's own faults: database down): a batch given up would leave the workflow not knowing
  // which of its events went out, and sending them again would send some twice.
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds' },
});

/** One round of a batch (patch `partner-batch-parking`): the shard runs the batch again in rounds, and parks it. */
const { deliverPartnerBatch: deliverPartnerBatchRound } = proxyActivities<PartnerWebhookActivities>({
  startToCloseTimeout: PARTNER_BATCH_BUDGET_MS + WEBHOOK_ATTEMPT_TIMEOUT_MS,
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: PARTNER_BATCH_TRIES_PER_ROUND },
});

const { parkPartnerBatch } = proxyActivities<PartnerWebhookActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Deliveries became batches over one connection per shard; histories from before attempted each event on its own. */
const PARTNER_BATCHES = 'partner-endpoint-batches';
/** A batch failing the same way is parked (issue 49); histories from before retried its activity until it ran. */
const PARTNER_BATCH_PARKING = 'partner-batch-parking';

/** Attempts in flight at once per endpoint (before batches): a slow receiver holds at most this many connections. */
export const PARTNER_ATTEMPTS_IN_FLIGHT = 10;
/** History events before the workflow continues as new (Temporal warns at 10,240). */
const HISTORY_EVENTS_PER_RUN = 4000;
/** How long an emptied queue waits for more before the workflow ends (the next event starts it again). */
const IDLE_MS = 60_000;

/** What a failed round came to, as ops read it: the activity's error type and message. */
function failureReason(err: ActivityFailure): string {
  const cause = err.cause ?? err;
  const type = cause instanceof ApplicationFailure && cause.type ? cause.type : cause.name;
  return `${type}: ${cause.message}`.slice(0, 2000);
}

/**
 * `partner-endpoint:<partner_id>:<environment>[:<shard>]`: delivers the events of the bookings of one shard
 * (contracts/partner-webhook.ts) to the partner's endpoint of one environment, each retried on its own schedule for 24
 * hours (domain/partner-delivery-queue.ts). What is due goes as one batch at a time, posted one event after another
 * over one connection: a booking's events in order, and the endpoint's shards together hold at most
 * PARTNER_ENDPOINT_SHARDS connections. Events arrive by signal (signal-with-start: a running workflow just takes
 * them); the workflow ends when idle and continues as new with its queue when the history grows long.
 */
export async function partnerEndpointWorkflow(input: PartnerEndpointInput): Promise<void> {
  const batched = patched(PARTNER_BATCHES);
  const parking = batched && patched(PARTNER_BATCH_PARKING);
  let queue: QueuedPartnerEvent[] = input.queue ?? [];
  /** The batch whose rounds fail (parking only): the shard tries it again, alone, until it goes or is parked. */
  let failing: PartnerBatchFailure | undefined = input.failing;
  const inFlight = new Set<string>();
  /** Bumped on every change the loop must look at. */
  let changes = 0;

  setHandler(partnerEventsRecorded, ({ events }) => {
    for (const event of events) queue = enqueue(queue, event, Date.now(), inFlight);
    changes++;
  });
  setHandler(getPartnerEndpointQueue, () => queue);

  const attempt = async (item: QueuedPartnerEvent) => {
    inFlight.add(item.eventId);
    let outcome: 'done' | 'failed' = 'failed';
    try {
      const result = await attemptPartnerDelivery({ eventId: item.eventId, attempt: item.attempts + 1 });
      if (result.delivered || result.final) outcome = 'done';
      if (result.final) log.warn('partner endpoint has no URL: event dropped', { eventId: item.eventId });
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
    } finally {
      inFlight.delete(item.eventId);
    }
    queue = afterAttempt(queue, item.eventId, outcome, Date.now());
    changes++;
  };

  /** A round of `items` failed: counted, and the batch parked (its events leave the queue) once it is time. */
  const afterFailedBatch = async (items: QueuedPartnerEvent[], firstTriedAt: number, reason: string) => {
    const now = Date.now();
    failing = afterFailedRound(failing, { eventIds: items.map((item) => item.eventId), firstTriedAt }, reason, now);
    log.warn('partner batch failed: its shard tries it again', { events: items.length, rounds: failing.rounds, reason });
    if (!shouldPark(failing, now, input.parkAfterMs)) return;
    const parkedBatch = await parkPartnerBatch({
      partnerId: input.partnerId,
      environment: input.environment,
      shard: input.shard ?? 0,
      events: items.map(({ eventId, bookingId, type }) => ({ eventId, bookingId, type })),
      reason,
      rounds: failing.rounds,
      failingSince: failing.failingSince,
    });
    const parked = new Set(failing.eventIds);
    queue = queue.filter((q) => !parked.has(q.eventId));
    failing = undefined;
    log.warn('partner batch parked: the shard goes on', { parkedBatch, events: parked.size, reason });
  };

  const runBatch = async (items: QueuedPartnerEvent[]) => {
    for (const item of items) inFlight.add(item.eventId);
    const firstTriedAt = Date.now();
    let outcomes: Record<string, PartnerBatchOutcome>;
    try {
      const events = items.map((item) => ({ eventId: item.eventId, attempt: item.attempts + 1 }));
      const batch = { partnerId: input.partnerId, environment: input.environment, events };
      outcomes = parking
        ? await deliverPartnerBatchRound({ ...batch, ...(failing ? { since: failing.firstTriedAt } : {}) })
        : await deliverPartnerBatch(batch);
      failing = undefined;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      // A failure the activity marks final (a constraint broken) counts as each event's failed attempt, as before.
      if (parking && err.retryState !== RetryState.NON_RETRYABLE_FAILURE) {
        await afterFailedBatch(items, firstTriedAt, failureReason(err));
        changes++;
        return;
      }
      failing = undefined;
      outcomes = Object.fromEntries(items.map((item) => [item.eventId, 'failed']));
    } finally {
      inFlight.clear();
    }
    const dropped = Object.keys(outcomes).filter((eventId) => outcomes[eventId] === 'final');
    if (dropped.length) log.warn('partner endpoint has no URL: events dropped', { eventIds: dropped });
    queue = afterBatch(queue, outcomes, Date.now());
    changes++;
  };
  const startDue = () => {
    if (!batched) {
      for (const item of dueEvents(queue, inFlight, Date.now(), PARTNER_ATTEMPTS_IN_FLIGHT - inFlight.size)) void attempt(item);
    } else if (inFlight.size === 0) {
      if (failing) {
        if (Date.now() < failing.retryAt) return;
        const ids = new Set(failing.eventIds);
        const again = queue.filter((q) => ids.has(q.eventId));
        if (again.length) return void runBatch(again);
        failing = undefined; // its events all gave way to newer ones (gps.update)
      }
      const items = dueEvents(queue, inFlight, Date.now(), PARTNER_BATCH_MAX);
      if (items.length) void runBatch(items);
    }
  };
  /** No attempt can start before one in flight ends. */
  const busy = () => (batched ? inFlight.size > 0 : inFlight.size >= PARTNER_ATTEMPTS_IN_FLIGHT);

  for (;;) {
    const { historyLength, continueAsNewSuggested } = workflowInfo();
    if (continueAsNewSuggested || historyLength >= (input.historyEventsPerRun ?? HISTORY_EVENTS_PER_RUN)) {
      // Start nothing more; what arrives meanwhile joins the queue the next run gets.
      await condition(() => inFlight.size === 0 && allHandlersFinished());
      await continueAsNew<typeof partnerEndpointWorkflow>({ ...input, queue, failing });
    }
    startDue();
    if (queue.length === 0) {
      if (await condition(() => queue.length > 0, IDLE_MS)) continue;
      await condition(allHandlersFinished);
      if (queue.length === 0) return;
      continue;
    }
    const seen = changes;
    // With every slot taken, only a finished attempt (or a signal) frees one: no timer.
    const due = busy() ? null : failing ? failing.retryAt : nextDueAt(queue, inFlight);
    if (due === null) await condition(() => changes !== seen);
    else await condition(() => changes !== seen, Math.max(due - Date.now(), 1));
  }
}
