import { ApplicationFailure, Context } from '@temporalio/activity';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  HubEventSchema,
  PartnerWebhookEndpointSchema,
  WebhookDeliverySchema,
  type HubEvent,
  type PartnerWebhookEndpoint,
} from '../db/entities';
import { attemptsSince, settlePartnerEvent } from '../db/partner-events';
import { parkPartnerBatch } from '../db/partner-parked-batches';
import { PARTNER_BATCH_BUDGET_MS, type PartnerBatchOutcome } from '../domain/partner-delivery-queue';
import { recordDelivery, recordFirstAttempt } from '../infra/metrics';
import { safePost } from '../infra/safe-http';
import { partnerSignatureHeaders } from '../infra/webhook-signatures';
import type { PartnerAttemptResult, PartnerBatchInput, PartnerBatchParkInput, PartnerWebhookOutcome } from '../contracts/partner-webhook';
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
  /** One signed POST of one event to `endpoint`, logged; any 2xx acknowledges (3xx included: redirects are not followed). */
  async function postTo(em: EntityManager, endpoint: PartnerWebhookEndpoint & { url: string }, event: HubEvent, attempt: number) {
    const sentAt = new Date();
    if (attempt === 1) recordFirstAttempt('partner', event.createdAt, sentAt);
    // The shared SSRF-safe sender: https and public addresses only for live partners, checked at connect time.
    const { status, error, durationMs } = await safePost(endpoint.url, {
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
    await em.insert(WebhookDeliverySchema, {
      eventId: event.id,
      url: endpoint.url,
      attempt,
      sentAt,
      responseStatus: status,
      durationMs,
      error,
    });
    const delivered = status !== null && status >= 200 && status < 300;
    if (delivered) await settlePartnerEvent(em, event);
    recordDelivery('partner', delivered ? 'delivered' : status === null ? 'unreachable' : 'rejected');
    // Context.log lines carry workflowId, activityId and attempt (infra/temporal-runtime.ts).
    if (!delivered) Context.current().log.warn('webhook not acknowledged', { eventId: event.id, attempt, status, error, durationMs });
    return delivered;
  }

  /** One attempt of one event to the endpoint of its environment. */
  async function post(eventId: string, attempt: number): Promise<{ delivered: boolean; noUrl: boolean }> {
    const em = orm.em.fork();
    const event = await em.findOneOrFail(HubEventSchema, { id: eventId });
    // The endpoint of the event's environment: sandbox events never reach the live URL, nor live ones the sandbox's.
    const endpoint = await em.findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: event.partnerId, environment: event.environment });
    if (!endpoint.url) return { delivered: false, noUrl: true };
    return { delivered: await postTo(em, { ...endpoint, url: endpoint.url }, event, attempt), noUrl: false };
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

    /**
     * One batch of an endpoint shard's workflow: the events one after another over one kept-alive connection, in
     * queue order (so a booking's events arrive in `sequence` order), until the batch's time budget is spent; the
     * rest come back `skipped`. A retry of the activity (the worker died mid-batch), or a later round of a failing
     * batch (`since`), does not POST again an attempt the log already holds since the batch was first tried: it takes
     * that attempt's outcome.
     */
    async deliverPartnerBatch(input: PartnerBatchInput): Promise<Record<string, PartnerBatchOutcome>> {
      const em = orm.em.fork();
      const ctx = Context.current();
      const outcomes: Record<string, PartnerBatchOutcome> = Object.fromEntries(input.events.map((e) => [e.eventId, 'skipped']));
      const endpoint = await em.findOneOrFail(PartnerWebhookEndpointSchema, { partnerId: input.partnerId, environment: input.environment });
      if (!endpoint.url) return Object.fromEntries(input.events.map((e) => [e.eventId, 'final']));
      const ids = input.events.map((e) => e.eventId);
      const events = new Map((await em.find(HubEventSchema, { id: { $in: ids } })).map((e) => [e.id, e]));
      const since = input.since ?? (ctx.info.attempt > 1 ? ctx.info.scheduledTimestampMs : undefined);
      const earlier = since !== undefined ? await attemptsSince(em, ids, new Date(since)) : new Map<string, boolean>();
      const deadline = Date.now() + (input.budgetMs ?? PARTNER_BATCH_BUDGET_MS);
      // Heartbeats while a POST waits too: the workflow's heartbeat timeout notices a dead worker within seconds.
      const beat = setInterval(() => ctx.heartbeat(), 1000);
      try {
        for (const { eventId, attempt } of input.events) {
          // Out of time, or timed out and cancelled: a retry may be running already; it must not race this one.
          if (Date.now() >= deadline || ctx.cancellationSignal.aborted) break;
          const event = events.get(eventId);
          if (!event) {
            outcomes[eventId] = 'final'; // deleted (retention): nothing left to send
            continue;
          }
          const logged = earlier.get(`${eventId}:${attempt}`);
          const delivered = logged ?? (await postTo(em, { ...endpoint, url: endpoint.url }, event, attempt));
          outcomes[eventId] = delivered ? 'delivered' : 'failed';
        }
      } finally {
        clearInterval(beat);
      }
      return outcomes;
    },

    /**
     * Records a batch its shard gave up retrying (domain/partner-batch-parking.ts) with its last error, once per
     * activity (a retry finds the row it wrote); `hub partner-deliveries replay <pkb_id>` sends it again.
     */
    async parkPartnerBatch(input: PartnerBatchParkInput): Promise<string> {
      const { info } = Context.current();
      const run = info.workflowExecution;
      const id = await parkPartnerBatch(orm, `${run?.workflowId}:${run?.runId}:${info.activityId}`, input);
      Context.current().log.warn('partner batch parked: it failed the same way too long', {
        parkedBatch: id,
        partnerId: input.partnerId,
        environment: input.environment,
        shard: input.shard,
        events: input.events.length,
        reason: input.reason,
      });
      return id;
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
