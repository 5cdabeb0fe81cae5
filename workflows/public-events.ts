import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import type { PublicWebhookActivities } from '../activities/public-webhooks';
import {
  deliveryWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  type PublishPublicEventInput,
  type RecordedPublicEvent,
} from '../contracts/public-webhooks';
import { deliveryWorkflow } from './public-delivery';

const { recordPublicEvent } = proxyActivities<PublicWebhookActivities>({
  taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

/**
 * The one way to publish a public event, from any workflow: records it once (idempotent on `dedupeKey`) and starts
 * one abandoned `delivery:<evt_id>:<dest_id>` workflow per subscribed destination. Paused destinations get theirs
 * too: the delivery waits until the destination is resumed.
 */
export async function publishPublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
  const recorded = await recordPublicEvent(input);
  await Promise.all(
    recorded.deliveries.map(async ({ deliveryId, destinationId }) => {
      try {
        await startChild(deliveryWorkflow, {
          workflowId: deliveryWorkflowId(recorded.eventId, destinationId),
          taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
          args: [{ deliveryId, eventId: recorded.eventId, destinationId }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          // A publish retried after its delivery finished must not send it again.
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (err) {
        // A retried publish finds the delivery already under way.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
  return recorded;
}

/** `public-event:<dedupe key>`: publishes one event for a producer outside a workflow. */
export async function publicEventWorkflow(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
  return publishPublicEvent(input);
}
