import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { PartnerWebhookActivities } from '../activities/partner-webhook';
import { afterAttempt, dueEvents, enqueue, nextDueAt, type QueuedPartnerEvent } from '../domain/partner-delivery-queue';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS } from '../domain/webhook-attempt';
import { getPartnerEndpointQueue, partnerEventsRecorded, type PartnerEndpointInput } from '../contracts/partner-webhook';

const { attemptPartnerDelivery } = proxyActivities<PartnerWebhookActivities>({
  startToCloseTimeout: WEBHOOK_ATTEMPT_TIMEOUT_MS,
  // A failed POST is an answer, not an error: only the hub's own faults (database down) retry here, briefly;
  // beyond that the attempt counts as failed and the queue's backoff takes over.
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
});

/** Attempts in flight at once per endpoint: a slow receiver holds at most this many connections. */
export const PARTNER_ATTEMPTS_IN_FLIGHT = 10;
/** History events before the workflow continues as new (Temporal warns at 10,240). */
const HISTORY_EVENTS_PER_RUN = 4000;
/** How long an emptied queue waits for more before the workflow ends (the next event starts it again). */
const IDLE_MS = 60_000;

/**
 * `partner-endpoint:<partner_id>:<environment>`: delivers a partner's events to its endpoint of one environment,
 * each retried on its own schedule for 24 hours (domain/partner-delivery-queue.ts), at most
 * PARTNER_ATTEMPTS_IN_FLIGHT at a time. Events arrive by signal (signal-with-start: a running workflow just takes
 * them); the workflow ends when idle and continues as new with its queue when the history grows long.
 */
export async function partnerEndpointWorkflow(input: PartnerEndpointInput): Promise<void> {
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

  for (;;) {
    const { historyLength, continueAsNewSuggested } = workflowInfo();
    if (continueAsNewSuggested || historyLength >= (input.historyEventsPerRun ?? HISTORY_EVENTS_PER_RUN)) {
      // Start nothing more; what arrives meanwhile joins the queue the next run gets.
      await condition(() => inFlight.size === 0 && allHandlersFinished());
      await continueAsNew<typeof partnerEndpointWorkflow>({ ...input, queue });
    }
    for (const item of dueEvents(queue, inFlight, Date.now(), PARTNER_ATTEMPTS_IN_FLIGHT - inFlight.size)) void attempt(item);
    if (queue.length === 0) {
      if (await condition(() => queue.length > 0, IDLE_MS)) continue;
      await condition(allHandlersFinished);
      if (queue.length === 0) return;
      continue;
    }
    const seen = changes;
    // With every slot taken, only a finished attempt (or a signal) frees one: no timer.
    const due = inFlight.size >= PARTNER_ATTEMPTS_IN_FLIGHT ? null : nextDueAt(queue, inFlight);
    if (due === null) await condition(() => changes !== seen);
    else await condition(() => changes !== seen, Math.max(due - Date.now(), 1));
  }
}
