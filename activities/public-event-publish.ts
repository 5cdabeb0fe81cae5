import { ApplicationFailure } from '@temporalio/activity';
import { publicBookingView } from '../domain/public-booking';
import { BookingSchema } from '../db/entities';
import { recordEventAndDeliveries } from '../db/public-deliveries';
import type { RescheduleRecord } from '../domain/reschedule';
import { publicEventBody } from '../domain/public-events';
import { newId } from '../infra/ids';
import {
  deliveryWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  type DeliveryInput,
  type DeliveryTarget,
  type PublishPublicEventInput,
  type RecordedPublicEvent,
} from '../contracts/public-webhooks';
import { testOrLive } from '../domain/environment';
import { activityClient, type PublicWebhookActivityDeps } from './public-webhook-deps';

/** The steps of publishing a public event (workflows/public-events.ts): record it, start its deliveries. */
export function createPublicEventPublishActivities(deps: PublicWebhookActivityDeps) {
  const { orm } = deps;
  const client = activityClient(deps);
  const eagerStart = deps.eagerStart ?? deps.client === undefined;

  /**
   * Records a public event once per (account, environment, dedupe key) and creates one delivery per subscribed
   * destination (the account's own and every operator's of the environment), paused ones included. A retry
   * returns the same event and deliveries.
   */
  async function recordPublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
    const em = orm.em.fork();
    let { accountId, environment, data } = input;
    if (input.bookingId) {
      const booking = await em.findOneOrFail(BookingSchema, { id: input.bookingId });
      accountId = booking.accountId ?? undefined;
      environment = testOrLive(booking.environment);
      data = publicBookingView(booking);
      const moved = booking.lastReschedule as RescheduleRecord | null | undefined;
      if (input.type === 'booking.rescheduled' && moved)
        data = { ...data, previous_pickup_at: moved.previous_pickup_at, cause: moved.cause };
    }
    if (!accountId || !environment || !data) {
      // A booking of a partner linked to no integrator account has no public subscribers.
      if (input.bookingId) return { eventId: '', deliveries: [] };
      throw ApplicationFailure.nonRetryable('recordPublicEvent needs accountId, environment and data, or bookingId', 'BadPublishInput');
    }
    const now = new Date();
    const id = newId('evt', now.getTime());
    const body = publicEventBody({ id, type: input.type, created: now.toISOString(), livemode: environment === 'live', data });
    const recorded = await recordEventAndDeliveries(orm, {
      id,
      accountId,
      environment,
      type: input.type,
      dedupeKey: input.dedupeKey,
      body,
      now,
    });
    return {
      eventId: recorded.eventId,
      deliveries: recorded.deliveries.map((r) => ({ deliveryId: r.id, destinationId: r.destination_id })),
    };
  }

  /** Starts `delivery:<evt>:<dest>` unless it exists or existed: a retried publish never sends an event twice. */
  async function startDelivery(eventId: string, { deliveryId, destinationId }: DeliveryTarget): Promise<void> {
    await client()
      .workflow.start('deliveryWorkflow', {
        workflowId: deliveryWorkflowId(eventId, destinationId),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        args: [{ deliveryId, eventId, destinationId } satisfies DeliveryInput],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        requestEagerStart: eagerStart,
      })
      .catch((err: Error) => {
        if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      });
  }

  return {
    recordPublicEvent,

    /**
     * The publisher's one step: records the event and its deliveries, then starts each delivery's workflow. A retry
     * (the activity's, or a crash between the two) records nothing new and starts only what is missing.
     */
    async publishPublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
      const recorded = await recordPublicEvent(input);
      await Promise.all(recorded.deliveries.map((d) => startDelivery(recorded.eventId, d)));
      return recorded;
    },
  };
}

export type PublicEventPublishActivities = ReturnType<typeof createPublicEventPublishActivities>;
