import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { PartnerWebhookActivities } from '../activities/partner-webhook';
import { PARTNER_WEBHOOK_RETRY } from '../domain/partner-webhook-retry';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS } from '../domain/webhook-attempt';
import type { PartnerWebhookInput, PartnerWebhookOutcome } from '../contracts/partner-webhook';

const { deliverPartnerEvent } = proxyActivities<PartnerWebhookActivities>({
  startToCloseTimeout: WEBHOOK_ATTEMPT_TIMEOUT_MS,
  // The activity's own retries are the delivery schedule; the 24-hour window ends them.
  scheduleToCloseTimeout: PARTNER_WEBHOOK_RETRY.windowMs,
  retry: {
    initialInterval: PARTNER_WEBHOOK_RETRY.initialIntervalMs,
    backoffCoefficient: PARTNER_WEBHOOK_RETRY.backoffCoefficient,
    maximumInterval: PARTNER_WEBHOOK_RETRY.maximumIntervalMs,
    nonRetryableErrorTypes: ['NoWebhookUrl'],
  },
});

const { deliverySummary } = proxyActivities<PartnerWebhookActivities>({ startToCloseTimeout: '30 seconds' });

/**
 * `partner-webhook:<evt_id>`: one signed POST of one event, retried until acknowledged or 24 hours pass. Legacy:
 * events now go to their endpoint's workflow (./partner-endpoint.ts); this stays registered so that deliveries
 * started before that change finish (docs/webhooks.md says when it can go).
 */
export async function partnerWebhookWorkflow(input: PartnerWebhookInput): Promise<PartnerWebhookOutcome> {
  try {
    await deliverPartnerEvent(input.eventId);
  } catch (err) {
    // The activity failed for good: the window closed, or the partner has no webhook URL. The log tells which.
    if (!(err instanceof ActivityFailure)) throw err;
  }
  return deliverySummary(input.eventId);
}
