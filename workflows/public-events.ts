import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import type { PublicEventPublishActivities } from '../activities/public-event-publish';
import {
  deliveryWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  type PublishPublicEventInput,
  type RecordedPublicEvent,
} from '../contracts/public-webhooks';
import { deliveryWorkflow } from './public-delivery';

const publisher = proxyActivities<PublicEventPublishActivities>({
  taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

/** Publishing became one activity that also starts the deliveries; histories from before started them as children. */
const PUBLISH_IN_ONE_ACTIVITY = 'publish-in-one-activity';

/**
 * The one way to publish a public event, from any workflow: one activity records it once (idempotent on
 * `dedupeKey`) and starts one `delivery:<evt_id>:<dest_id>` workflow per subscribed destination. Paused destinations
 * get theirs too: the delivery waits until the destination is resumed.
 */
export async function announcePublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
  if (patched(PUBLISH_IN_ONE_ACTIVITY)) return publisher.publishPublicEvent(input);
  return publishWithChildren(input);
}

/** How workflows published before the patch: record, then one abandoned child per delivery (kept for replay). */
async function publishWithChildren(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
  const recorded = await publisher.recordPublicEvent(input);
  await Promise.all(
    recorded.deliveries.map(async ({ deliveryId, destinationId }) => {
      try {
        await startChild(deliveryWorkflow, {
          workflowId: deliveryWorkflowId(recorded.eventId, destinationId),
          taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
          args: [{ deliveryId, eventId: recorded.eventId, destinationId }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
  return recorded;
}

/** `public-event:<dedupe key>`: publishes one event for a producer outside a workflow. */
export async function publicEventWorkflow(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
  return announcePublicEvent(input);
}
