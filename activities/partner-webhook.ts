import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { HubEventSchema, PartnerWebhookEndpointSchema, WebhookDeliverySchema } from '../db/entities';
import { recordDelivery, recordFirstAttempt } from '../infra/metrics';
import { safePost } from '../infra/safe-http';
import { partnerSignatureHeaders } from '../infra/webhook-signatures';
import type { PartnerAttemptResult, PartnerWebhookOutcome } from '../contracts/partner-webhook';
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
  /** One signed POST of one event, logged; any 2xx acknowledges (3xx included: redirects are not followed). */
  async function post(eventId: string, attempt: number): Promise<{ delivered: boolean; noUrl: boolean }> {
    const em = orm.em.fork();
    const event = await em.findOneOrFail(HubEventSchema, { id: eventId });
    // The endpoint of the event's environment: sandbox events never reach the live URL, nor live ones the sandbox's.
    const endpoint = await em.findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: event.partnerId, environment: event.environment });
    const url = endpoint.url;
    if (!url) return { delivered: false, noUrl: true };

    const sentAt = new Date();
    if (attempt === 1) recordFirstAttempt('partner', event.createdAt, sentAt);
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
    // Context.log lines carry workflowId, activityId and attempt (infra/temporal-runtime.ts).
    if (!delivered) Context.current().log.warn('webhook not acknowledged', { eventId, attempt, status, error, durationMs });
    return { delivered, noUrl: false };
  }

  return {
    /** One attempt for the endpoint's workflow, which keeps the retry schedule (domain/partner-delivery-queue.ts). */
    async attemptPartnerDelivery(input: { eventId: string; attempt: number }): Promise<PartnerAttemptResult> {
      const { delivered, noUrl } = await post(input.eventId, input.attempt);
      return { delivered, final: noUrl };
    },

    /** The legacy per-event delivery (`partner-webhook:<evt_id>`): the activity's own retries are its schedule. */
    async deliverPartnerEvent(eventId: string): Promise<void> {
      const { delivered, noUrl } = await post(eventId, Context.current().info.attempt);
      if (noUrl) throw ApplicationFailure.nonRetryable(`partner has no webhook URL for event ${eventId}`, 'NoWebhookUrl');
      if (!delivered) throw ApplicationFailure.retryable(`event ${eventId} not acknowledged`, 'WebhookNotAcknowledged');
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
