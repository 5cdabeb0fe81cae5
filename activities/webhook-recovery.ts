import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { deliveryWorkflowId, PUBLIC_WEBHOOKS_TASK_QUEUE, type DeliveryInput } from '../contracts/public-webhooks';
import type { RecoveryBatch } from '../contracts/webhook-recovery';
import { addRedelivered, deleteDelivery, findRecovery, insertRedelivery, recoverableBatch } from '../db/webhook-recoveries';
import { newId } from '../infra/ids';

const BATCH = 100;

/** The steps of `webhook-recovery:<rcv_id>` (workflows/webhook-recovery.ts). */
export function createWebhookRecoveryActivities(deps: { orm: MikroORM; client?: Client }) {
  const client = () => deps.client ?? Context.current().client;
  return {
    /**
     * Redelivers the next batch of the recovery's failed deliveries (events after `afterEventId`): a new delivery row
     * and its workflow each, with the full retry schedule. A retry after a partial batch skips what it already started
     * (those now have a delivery under way), so nothing is sent twice.
     */
    async redeliverFailedBatch(input: { recoveryId: string; afterEventId: string }): Promise<RecoveryBatch> {
      const recovery = await findRecovery(deps.orm, input.recoveryId);
      if (!recovery) return { started: 0, lastEventId: input.afterEventId, done: true };
      const events = await recoverableBatch(deps.orm, {
        destinationId: recovery.destination_id,
        since: new Date(recovery.since),
        until: new Date(recovery.until),
        afterEventId: input.afterEventId,
        limit: BATCH,
      });
      let started = 0;
      for (const eventId of events) {
        const deliveryId = newId('dlv');
        const destinationId = recovery.destination_id;
        await insertRedelivery(deps.orm, deliveryId, eventId, destinationId); // the row first: the first attempt reads it
        try {
          await client().workflow.start('deliveryWorkflow', {
            workflowId: deliveryWorkflowId(eventId, destinationId),
            taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
            workflowIdReusePolicy: 'ALLOW_DUPLICATE',
            args: [{ deliveryId, eventId, destinationId } satisfies DeliveryInput],
          });
          started++;
        } catch (err) {
          await deleteDelivery(deps.orm, deliveryId);
          if ((err as Error).name !== 'WorkflowExecutionAlreadyStartedError') throw err; // else one is under way
        }
        Context.current().heartbeat();
      }
      const done = events.length < BATCH;
      await addRedelivered(deps.orm, input.recoveryId, started, done);
      return { started, lastEventId: events.at(-1) ?? input.afterEventId, done };
    },
  };
}

export type WebhookRecoveryActivities = ReturnType<typeof createWebhookRecoveryActivities>;
