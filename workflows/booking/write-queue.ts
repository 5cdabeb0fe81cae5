import { allHandlersFinished, condition, ParentClosePolicy, patched, startChild } from '@temporalio/workflow';
import type { BookingChanges } from '../../activities/booking';
import type { PartnerEventType } from '../../domain/partner-wire';
import { partnerWebhookWorkflowId, WEBHOOKS_TASK_QUEUE } from '../../contracts/partner-webhook';
import { EventTypeKey, PartnerIdKey } from '../../contracts/search-attributes';
import { partnerWebhookWorkflow } from '../partner-webhook';
import { announcePublicEvent } from '../public-events';
import { bookingActivities } from './activities';
import { nowIso, type BookingRun } from './run';

/** Read-model writes and events, one after the other in the order the workflow decided them. */
export interface WriteQueue {
  tail: Promise<void>;
}

export const writeQueue = (): WriteQueue => ({ tail: Promise.resolve() });

function enqueue(queue: WriteQueue, write: () => Promise<void>): Promise<void> {
  queue.tail = queue.tail.then(write);
  return queue.tail;
}

/** Records a read-model change and/or the next event in order, then starts the event's webhook delivery. */
export function record(run: BookingRun, type: PartnerEventType | null, changes?: Omit<BookingChanges, 'at'>): Promise<void> {
  const { booking, state } = run;
  const event = type ? { sequence: ++state.sequence, type } : undefined;
  const at = nowIso();
  return enqueue(run.writes, async () => {
    // The event goes to its endpoint's delivery workflow from the activity; bookings from before started a child.
    const deliver = event !== undefined && patched('partner-events-per-endpoint');
    const recorded = await bookingActivities.recordBookingChange({
      bookingId: booking.id,
      changes: changes && { ...changes, at },
      event,
      deliver,
    });
    if (recorded?.webhookUrl && event && !deliver) {
      await startChild(partnerWebhookWorkflow, {
        workflowId: partnerWebhookWorkflowId(recorded.eventId),
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ eventId: recorded.eventId }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        memo: { bookingId: booking.id, eventType: event.type },
        // Ops find a partner's deliveries, and those of one event type (docs/operations.md).
        typedSearchAttributes: [
          ...(booking.partnerId ? [{ key: PartnerIdKey, value: booking.partnerId }] : []),
          { key: EventTypeKey, value: event.type },
        ],
      });
    }
  });
}

/** A public event to the destinations of the account that sees the booking, after the writes before it. */
export function publish(run: BookingRun, type: 'booking.status_changed' | 'booking.cancelled' | 'booking.rescheduled', what: string) {
  const { booking, state } = run;
  if (!booking.accountId) return;
  const input = { type, dedupeKey: `booking:${booking.id}:${state.sequence}:${what}`, bookingId: booking.id };
  void enqueue(run.writes, async () => {
    await announcePublicEvent(input);
  });
}

/** Waits until no handler or position adds a write: one arriving with the last write's result is not lost. */
export async function drainWrites(queue: WriteQueue): Promise<void> {
  let drained: Promise<void>;
  do {
    drained = queue.tail;
    await drained;
    await condition(allHandlersFinished);
  } while (drained !== queue.tail);
}
