import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
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

/** Deliveries became batches over one connection per shard; histories from before attempted each event on its own. */
const PARTNER_BATCHES = 'partner-endpoint-batches';

/** Attempts in flight at once per endpoint (before batches): a slow receiver holds at most this many connections. */
export const PARTNER_ATTEMPTS_IN_FLIGHT = 10;
/** History events before the workflow continues as new (Temporal warns at 10,240). */
const HISTORY_EVENTS_PER_RUN = 4000;
/** How long an emptied queue waits for more before the workflow ends (the next event starts it again). */
const IDLE_MS = 60_000;

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
  let queue: QueuedPartnerEvent[] = input.queue ?? [];
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

  const runBatch = async (items: QueuedPartnerEvent[]) => {
    for (const item of items) inFlight.add(item.eventId);
    let outcomes: Record<string, PartnerBatchOutcome>;
    try {
      const events = items.map((item) => ({ eventId: item.eventId, attempt: item.attempts + 1 }));
      outcomes = await deliverPartnerBatch({ partnerId: input.partnerId, environment: input.environment, events });
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
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
      await continueAsNew<typeof partnerEndpointWorkflow>({ ...input, queue });
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
    const due = busy() ? null : nextDueAt(queue, inFlight);
    if (due === null) await condition(() => changes !== seen);
    else await condition(() => changes !== seen, Math.max(due - Date.now(), 1));
  }
}
