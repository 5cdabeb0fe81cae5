import {
  ParentClosePolicy,
  condition,
  proxyLocalActivities,
  setHandler,
  sleep,
  startChild,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { BookingActivities } from '../activities/booking';
import { isTerminal, type BookingStatus } from '../domain/booking-lifecycle';
import { confirmBooking, getBookingState, type BookingRecord, type BookingState } from './booking.contract';
import { partnerWebhookWorkflowId, WEBHOOKS_TASK_QUEUE } from './partner-webhook.contract';
import { partnerWebhookWorkflow } from './partner-webhook';
import { BookingStatusKey, EventTypeKey, PartnerIdKey } from './search-attributes';

// Short database writes run as local activities: no task-queue round trip per write, which is most of the latency
// between the API's update-with-start and its answer.
const { saveBooking, recordPartnerEvent } = proxyLocalActivities<BookingActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

/** `booking:<bkg_id>`: the lifecycle of one booking. */
export async function bookingWorkflow(booking: BookingRecord): Promise<BookingState> {
  const state: BookingState = {
    bookingId: booking.id,
    booking,
    status: 'pending',
    freeCancellation: true,
    freeUntil: booking.freeUntil,
    events: [],
  };
  setHandler(getBookingState, () => state);
  setHandler(confirmBooking, async () => {
    await condition(() => state.status !== 'pending');
    return state;
  });

  const setStatus = (status: BookingStatus) => {
    state.status = status;
    upsertSearchAttributes([{ key: BookingStatusKey, value: status }]);
  };
  const emit = async (type: string) => {
    const event = await recordPartnerEvent({ bookingId: booking.id, sequence: state.events.length + 1, type });
    state.events.push(event.eventId);
    if (event.webhookUrl) {
      await startChild(partnerWebhookWorkflow, {
        workflowId: partnerWebhookWorkflowId(event.eventId),
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ eventId: event.eventId }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        memo: { bookingId: booking.id, eventType: type },
        // Ops find a partner's deliveries, and those of one event type (docs/operations.md).
        typedSearchAttributes: [
          { key: PartnerIdKey, value: booking.partnerId },
          { key: EventTypeKey, value: type },
        ],
      });
    }
  };

  await saveBooking(booking);
  setStatus('confirmed');
  await emit('booking.created');

  const freeWindowMs = Date.parse(booking.freeUntil) - Date.now();
  if (freeWindowMs > 0) await sleep(freeWindowMs);
  state.freeCancellation = false;

  // Dispatch, cancellation and the trip arrive with later slices; until then the booking rests confirmed.
  await condition(() => isTerminal(state.status));
  return state;
}
