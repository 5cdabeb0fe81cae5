import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { WebhookRecoveryActivities } from '../activities/webhook-recovery';
import type { WebhookRecoveryInput } from '../contracts/webhook-recovery';

const { redeliverFailedBatch } = proxyActivities<WebhookRecoveryActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Batches per run before continuing as new: the history stays small however many deliveries failed. */
const BATCHES_PER_RUN = 200;

/**
 * `webhook-recovery:<rcv_id>`: redelivers, batch by batch in event order, every delivery of one destination that
 * failed for good, of events created in the recovery's [since, until) (`POST …/webhook-destinations/{id}/recover`).
 * Returns how many it redelivered.
 */
export async function webhookRecoveryWorkflow(input: WebhookRecoveryInput): Promise<number> {
  let after = input.afterEventId ?? '';
  let redelivered = input.redelivered ?? 0;
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const batch = await redeliverFailedBatch({ recoveryId: input.recoveryId, afterEventId: after });
    redelivered += batch.started;
    after = batch.lastEventId;
    if (batch.done) return redelivered;
  }
  return continueAsNew<typeof webhookRecoveryWorkflow>({ recoveryId: input.recoveryId, afterEventId: after, redelivered });
}
