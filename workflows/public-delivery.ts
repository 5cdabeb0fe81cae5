import { condition, proxyLocalActivities, setHandler, sleep } from '@temporalio/workflow';
import type { PublicDeliveryAttemptActivities } from '../activities/public-delivery-attempt';
import { PUBLIC_WEBHOOK_RETRY, retryDelayMs } from '../domain/public-webhook-schedule';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS } from '../domain/webhook-attempt';
import { resumeDelivery, type DeliveryInput, type DeliveryOutcome } from '../contracts/public-webhooks';

// The attempt runs as a local activity in the delivery's own worker: no task-queue round trip per attempt. It does
// not throw for a receiver's failure (that is an outcome); only its own errors (database) are retried here.
const { attemptPublicDelivery } = proxyLocalActivities<PublicDeliveryAttemptActivities>({
  startToCloseTimeout: WEBHOOK_ATTEMPT_TIMEOUT_MS,
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** While parked, look again this often even without a resume signal (a missed signal loses nothing). */
const PARKED_RECHECK = '6 hours';

/** `delivery:<evt_id>:<dest_id>`: up to 8 signed attempts on the published schedule; waits while the destination is paused. */
export async function deliveryWorkflow(input: DeliveryInput): Promise<DeliveryOutcome> {
  let resumed = false;
  setHandler(resumeDelivery, () => {
    resumed = true;
  });
  let attempts = input.attemptsMade ?? 0;
  let lastStatus: number | null = null;
  let lastError: string | null = null;
  // A delivery started by the drain (signal-with-start) carries the resume signal already.
  while (attempts < PUBLIC_WEBHOOK_RETRY.maxAttempts) {
    const wasResumed = resumed;
    resumed = false;
    const result = await attemptPublicDelivery({ deliveryId: input.deliveryId, attempt: attempts + 1, resumed: wasResumed });
    if (result.kind === 'parked') {
      await condition(() => resumed, PARKED_RECHECK);
      continue;
    }
    if (result.kind === 'gone') break;
    attempts++;
    lastStatus = result.status;
    lastError = result.error;
    if (result.kind === 'delivered') return { deliveryId: input.deliveryId, delivered: true, attempts, lastStatus, lastError };
    const delay = retryDelayMs(attempts, Math.random(), result.retryAfterMs);
    if (delay === null) break;
    await sleep(delay);
  }
  return { deliveryId: input.deliveryId, delivered: false, attempts, lastStatus, lastError };
}
