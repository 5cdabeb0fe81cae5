import { ApplicationFailure } from '@temporalio/activity';
import { deliveryToAttempt, failDelivery, logAttempt, parkDelivery } from '../db/public-deliveries';
import { signingSecrets } from '../infra/destination-secrets';
import { RESPONSE_CAPTURE_BYTES, redactBody, redactHeaders } from '../domain/webhook-response';
import { parseRetryAfter, PUBLIC_WEBHOOK_RETRY } from '../domain/public-webhook-schedule';
import { recordDelivery, recordFirstAttempt } from '../infra/metrics';
import { safePost } from '../infra/safe-http';
import { publicSignature } from '../infra/webhook-signatures';
import {
  destinationWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  recordAttemptOutcome,
  type AttemptResult,
  type DestinationWorkflowInput,
} from '../contracts/public-webhooks';
import { activityClient, type PublicWebhookActivityDeps } from './public-webhook-deps';

/** How long after a resume a parked delivery waits for the drain rather than going by itself. */
const RESUME_GRACE_MS = 3600_000;

/** The attempt of `delivery:<evt_id>:<dest_id>` (workflows/public-delivery.ts). */
export function createPublicDeliveryAttemptActivities(deps: PublicWebhookActivityDeps) {
  const { orm, encryptionKey, timeoutMs } = deps;
  const client = activityClient(deps);

  async function reportOutcome(destinationId: string, succeeded: boolean) {
    await client().workflow.signalWithStart('destinationWorkflow', {
      workflowId: destinationWorkflowId(destinationId),
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      args: [{ destinationId } satisfies DestinationWorkflowInput],
      signal: recordAttemptOutcome,
      signalArgs: [{ succeeded }],
    });
  }

  return {
    /**
     * One attempt of a delivery: reads the destination right before sending; when it is paused, parks the delivery
     * and sends nothing (no attempt spent). Otherwise POSTs the signed event and logs the attempt. Never throws for
     * the receiver's failure: that is the outcome.
     */
    async attemptPublicDelivery({
      deliveryId,
      attempt,
      resumed,
    }: {
      deliveryId: string;
      attempt: number;
      resumed?: boolean;
    }): Promise<AttemptResult> {
      const row = await deliveryToAttempt(orm, deliveryId);
      if (!row) throw ApplicationFailure.nonRetryable(`no delivery ${deliveryId}`, 'NoSuchDelivery');
      if (row.deleted_at) {
        await failDelivery(orm, deliveryId, 'destination_deleted');
        return { kind: 'gone' };
      }
      if (row.state === 'delivered') return { kind: 'delivered', status: row.last_status, error: null, retryAfterMs: null };
      // A parked delivery waking on its own timer (no resume signal) leaves a recently resumed destination to the
      // drain, which sends the backlog in event order.
      const recentlyResumed = Date.parse(row.destination_updated_at) > Date.now() - RESUME_GRACE_MS;
      if (row.status === 'paused' || (row.state === 'parked' && !resumed && recentlyResumed)) {
        await parkDelivery(orm, deliveryId);
        return { kind: 'parked' };
      }
      const secrets = signingSecrets(
        {
          id: row.destination_id,
          secretEnc: row.secret_enc,
          previousSecretEnc: row.previous_secret_enc,
          // Raw rows carry timestamps as text.
          previousSecretExpiresAt: row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null,
        },
        deps.decryptionKeys ?? encryptionKey,
      );
      const sentAt = new Date();
      // A delivery parked while its destination was paused waited on the integrator: not a late first attempt.
      if (attempt === 1 && row.state !== 'parked' && !resumed) recordFirstAttempt('public', new Date(row.event_created_at), sentAt);
      const result = await safePost(row.url, {
        body: row.body,
        timeoutMs,
        livemode: row.environment === 'live',
        devTargets: deps.devTargets,
        resolver: deps.resolver,
        captureBytes: RESPONSE_CAPTURE_BYTES,
        headers: {
          'service-signature': publicSignature(row.body, secrets, Math.floor(sentAt.getTime() / 1000)),
          'service-event-id': row.event_id,
          'service-event-type': row.event_type,
          'service-delivery-id': deliveryId,
          'service-attempt': String(attempt),
        },
      });
      const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
      recordDelivery('public', succeeded ? 'delivered' : result.status === null ? 'unreachable' : 'rejected');
      const state = succeeded ? 'delivered' : attempt >= PUBLIC_WEBHOOK_RETRY.maxAttempts ? 'failed' : 'pending';
      const error = result.error ?? (succeeded ? null : `http_${result.status}`);
      // Our own secrets never reach the log, even when the receiver echoes them (with or without their prefix).
      const own = secrets.flatMap((s) => [s, s.replace(/^whsec_/, '')]);
      await logAttempt(orm, row, {
        deliveryId,
        attempt,
        sentAt,
        durationMs: result.durationMs,
        status: result.status,
        error: result.error,
        succeeded,
        state,
        lastError: error,
        response: result.response && {
          headers: redactHeaders(result.response.headers, own),
          body: redactBody(result.response.body, own),
          truncated: result.response.truncated,
        },
      });
      // The entity counts consecutive failures; a success matters to it only while failures are on record.
      // Test events do not count: a test is how an integrator checks a fixed endpoint, not traffic.
      if (!row.test && (!succeeded || row.failing_since)) await reportOutcome(row.destination_id, succeeded);
      return {
        kind: succeeded ? 'delivered' : 'failed',
        status: result.status,
        error,
        retryAfterMs: parseRetryAfter(result.retryAfter, Date.now()),
      };
    },
  };
}

export type PublicDeliveryAttemptActivities = ReturnType<typeof createPublicDeliveryAttemptActivities>;
