import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { HubEventSchema, PartnerWebhookEndpointSchema, WebhookDeliverySchema } from '../db/entities';
import { recordDelivery } from '../infra/metrics';
import { safePost } from '../infra/safe-http';
import { partnerSignatureHeaders } from '../infra/webhook-signatures';
import type { PartnerWebhookOutcome } from '../contracts/partner-webhook';
import { overlapSecrets } from '../infra/secrets';

export interface PartnerWebhookActivityDeps {
  orm: MikroORM;
  encryptionKey: Buffer;
  timeoutMs: number;
  /** HUB_DEV_WEBHOOK_TARGETS (infra/safe-http.ts). */
  devTargets: boolean;
  /** HUB_ENCRYPTION_KEY's ring, current first: secrets stored under a rotated-out key still sign. */
  decryptionKeys?: readonly Buffer[];
}

export function createPartnerWebhookActivities({ orm, encryptionKey, timeoutMs, devTargets, decryptionKeys }: PartnerWebhookActivityDeps) {
  return {
    /** One signed POST; any 2xx acknowledges, anything else (3xx included: redirects are not followed) throws to retry. */
    async deliverPartnerEvent(eventId: string): Promise<void> {
      const attempt = Context.current().info.attempt;
      const em = orm.em.fork();
      const event = await em.findOneOrFail(HubEventSchema, { id: eventId });
      // The endpoint of the event's environment: sandbox events never reach the live URL, nor live ones the sandbox's.
      const endpoint = await em.findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: event.partnerId, environment: event.environment });
      const url = endpoint.url;
      if (!url) throw ApplicationFailure.nonRetryable(`partner ${event.partnerId} has no ${event.environment} webhook URL`, 'NoWebhookUrl');

      const sentAt = new Date();
      // The shared SSRF-safe sender: https and public addresses only for live partners, checked at connect time.
      const { status, error, durationMs } = await safePost(url, {
        body: event.body,
        timeoutMs,
        livemode: event.environment === 'live',
        devTargets,
        headers: {
          ...partnerSignatureHeaders(event.body, overlapSecrets(endpoint, decryptionKeys ?? encryptionKey, undefined, sentAt), sentAt),
          'x-event-id': event.id,
          'x-event-type': event.type,
          'x-delivery-attempt': String(attempt),
        },
      });
      em.create(WebhookDeliverySchema, { eventId, url, attempt, sentAt, responseStatus: status, durationMs, error });
      await em.flush();
      const delivered = status !== null && status >= 200 && status < 300;
      recordDelivery('partner', delivered ? 'delivered' : status === null ? 'unreachable' : 'rejected');
      if (!delivered) {
        // Context.log lines carry workflowId, activityId and attempt (infra/temporal-runtime.ts).
        Context.current().log.warn('webhook not acknowledged', { eventId, attempt, status, error, durationMs });
        throw ApplicationFailure.retryable(error ?? `receiver answered HTTP ${status}`, 'WebhookNotAcknowledged');
      }
    },

    async deliverySummary(eventId: string): Promise<PartnerWebhookOutcome> {
      const attempts = await orm.em.fork().find(WebhookDeliverySchema, { eventId }, { orderBy: { attempt: 'asc', id: 'asc' } });
      const last = attempts.at(-1);
      const delivered = attempts.some((a) => a.responseStatus != null && a.responseStatus >= 200 && a.responseStatus < 300);
      return { eventId, delivered, attempts: attempts.length, lastStatus: last?.responseStatus ?? null };
    },
  };
}

export type PartnerWebhookActivities = ReturnType<typeof createPartnerWebhookActivities>;
