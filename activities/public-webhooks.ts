import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBookingView } from '../domain/public-booking';
import { BookingSchema } from '../db/entities';
import {
  deliveryProgress,
  deliveryToAttempt,
  destinationStatus,
  failDelivery,
  logAttempt,
  parkDelivery,
  parkedDeliveries,
  pauseFailingDestination,
  recordEventAndDeliveries,
  setDestinationFailing,
  unparkDelivery,
} from '../db/public-deliveries';
import { signingSecrets } from '../infra/destination-secrets';
import type { RescheduleRecord } from '../domain/reschedule';
import { publicEventBody, TEST_EVENT_TYPE } from '../domain/public-events';
import { parseRetryAfter, PUBLIC_WEBHOOK_RETRY } from '../domain/public-webhook-schedule';
import { newId } from '../infra/ids';
import { recordDelivery, recordFirstAttempt } from '../infra/metrics';
import { safePost, type Resolver } from '../infra/safe-http';
import { publicSignature } from '../infra/webhook-signatures';
import {
  deliveryWorkflowId,
  destinationWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  recordAttemptOutcome,
  resumeDelivery,
  type AttemptResult,
  type DeliveryInput,
  type DeliveryTarget,
  type DestinationWorkflowInput,
  type PublishPublicEventInput,
  type RecordedPublicEvent,
} from '../contracts/public-webhooks';
import { testOrLive } from '../domain/environment';

/** How long after a resume a parked delivery waits for the drain rather than going by itself. */
const RESUME_GRACE_MS = 3600_000;

export interface PublicWebhookActivityDeps {
  orm: MikroORM;
  encryptionKey: Buffer;
  timeoutMs: number;
  /** HUB_DEV_WEBHOOK_TARGETS (infra/safe-http.ts). */
  devTargets: boolean;
  /** HUB_ENCRYPTION_KEY's ring, current first: secrets stored under a rotated-out key still sign. */
  decryptionKeys?: readonly Buffer[];
  /** Parked deliveries a resumed destination sends per second at most. */
  drainPerSecond?: number;
  /** DNS for the SSRF guard (tests map names to addresses); the system resolver otherwise. */
  resolver?: Resolver;
  /** A Temporal client; the activity context's (the worker's connection) otherwise. */
  client?: Client;
  /**
   * Ask the server to hand a published delivery's first workflow task straight back to this process's worker (no
   * matching round trip). Needs a client over the worker's NativeConnection: on by default with the context's client.
   */
  eagerStart?: boolean;
}

export function createPublicWebhookActivities(deps: PublicWebhookActivityDeps) {
  const { orm, encryptionKey, timeoutMs } = deps;
  const drainPerSecond = deps.drainPerSecond ?? 20;
  const client = () => deps.client ?? Context.current().client;
  const eagerStart = deps.eagerStart ?? deps.client === undefined;

  async function reportOutcome(destinationId: string, succeeded: boolean) {
    await client().workflow.signalWithStart('destinationWorkflow', {
      workflowId: destinationWorkflowId(destinationId),
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      args: [{ destinationId } satisfies DestinationWorkflowInput],
      signal: recordAttemptOutcome,
      signalArgs: [{ succeeded }],
    });
  }

  /**
   * Records a public event once per (account, environment, dedupe key) and creates one delivery per subscribed
   * destination (the account's own and every operator's of the environment), paused ones included. A retry
   * returns the same event and deliveries.
   */
  async function recordPublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
    const em = orm.em.fork();
    let { accountId, environment, data } = input;
    if (input.bookingId) {
      const booking = await em.findOneOrFail(BookingSchema, { id: input.bookingId });
      accountId = booking.accountId ?? undefined;
      environment = testOrLive(booking.environment);
      data = publicBookingView(booking);
      const moved = booking.lastReschedule as RescheduleRecord | null | undefined;
      if (input.type === 'booking.rescheduled' && moved)
        data = { ...data, previous_pickup_at: moved.previous_pickup_at, cause: moved.cause };
    }
    if (!accountId || !environment || !data) {
      // A booking of a partner linked to no integrator account has no public subscribers.
      if (input.bookingId) return { eventId: '', deliveries: [] };
      throw ApplicationFailure.nonRetryable('recordPublicEvent needs accountId, environment and data, or bookingId', 'BadPublishInput');
    }
    const now = new Date();
    const id = newId('evt', now.getTime());
    const body = publicEventBody({ id, type: input.type, created: now.toISOString(), livemode: environment === 'live', data });
    const recorded = await recordEventAndDeliveries(orm, {
      id,
      accountId,
      environment,
      type: input.type,
      dedupeKey: input.dedupeKey,
      body,
      now,
    });
    return {
      eventId: recorded.eventId,
      deliveries: recorded.deliveries.map((r) => ({ deliveryId: r.id, destinationId: r.destination_id })),
    };
  }

  /** Starts `delivery:<evt>:<dest>` unless it exists or existed: a retried publish never sends an event twice. */
  async function startDelivery(eventId: string, { deliveryId, destinationId }: DeliveryTarget): Promise<void> {
    await client()
      .workflow.start('deliveryWorkflow', {
        workflowId: deliveryWorkflowId(eventId, destinationId),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        args: [{ deliveryId, eventId, destinationId } satisfies DeliveryInput],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        requestEagerStart: eagerStart,
      })
      .catch((err: Error) => {
        if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      });
  }

  return {
    recordPublicEvent,

    /**
     * The publisher's one step: records the event and its deliveries, then starts each delivery's workflow. A retry
     * (the activity's, or a crash between the two) records nothing new and starts only what is missing.
     */
    async publishPublicEvent(input: PublishPublicEventInput): Promise<RecordedPublicEvent> {
      const recorded = await recordPublicEvent(input);
      await Promise.all(recorded.deliveries.map((d) => startDelivery(recorded.eventId, d)));
      return recorded;
    },

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
      });
      // The entity counts consecutive failures; a success matters to it only while failures are on record.
      // Test events do not count: a test is how an integrator checks a fixed endpoint, not traffic.
      if (row.event_type !== TEST_EVENT_TYPE && (!succeeded || row.failing_since)) await reportOutcome(row.destination_id, succeeded);
      return {
        kind: succeeded ? 'delivered' : 'failed',
        status: result.status,
        error,
        retryAfterMs: parseRetryAfter(result.retryAfter, Date.now()),
      };
    },

    async markDestinationFailing({ destinationId, failing }: { destinationId: string; failing: boolean }): Promise<void> {
      await setDestinationFailing(orm, destinationId, failing);
    },

    async pauseDestination({ destinationId, consecutiveFailures }: { destinationId: string; consecutiveFailures: number }): Promise<void> {
      await pauseFailingDestination(orm, destinationId, `${consecutiveFailures} consecutive failed deliveries`);
    },

    /**
     * Wakes the destination's parked deliveries in event order, at most `drainPerSecond` a second, each after the
     * previous one has made its attempt. The cursor (last event id) is the heartbeat: a retry goes on from there.
     * Stops when the destination is paused again.
     */
    async drainParkedDeliveries(destinationId: string): Promise<number> {
      const ctx = Context.current();
      let cursor: string = (ctx.info.heartbeatDetails as string | undefined) ?? '';
      let woken = 0;
      const spacingMs = 1000 / drainPerSecond;
      for (let pass = 0; pass < 2; pass++) {
        for (;;) {
          if ((await destinationStatus(orm, destinationId)) !== 'active') return woken;
          const page = await parkedDeliveries(orm, destinationId, cursor, 100);
          if (page.length === 0) break;
          for (const p of page) {
            const started = Date.now();
            if (await unparkDelivery(orm, p.id)) {
              // Signal-with-start: a delivery workflow that failed or was terminated starts again and goes on counting;
              // a completed one is never started twice.
              await client()
                .workflow.signalWithStart('deliveryWorkflow', {
                  workflowId: deliveryWorkflowId(p.event_id, destinationId),
                  taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
                  workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
                  args: [{ deliveryId: p.id, eventId: p.event_id, destinationId, attemptsMade: p.attempts } satisfies DeliveryInput],
                  signal: resumeDelivery,
                })
                .catch((err: Error) => {
                  if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
                });
              await waitForAttempt(p.id, p.attempts, ctx);
            }
            woken++;
            cursor = p.event_id;
            ctx.heartbeat(cursor);
            const wait = spacingMs - (Date.now() - started);
            if (wait > 0) await ctx.sleep(wait);
          }
        }
        // Deliveries that read "paused" just before the resume may park after the first pass went by: look again.
        cursor = '';
      }
      return woken;
    },
  };

  /** Waits (up to 10 s) until the woken delivery has attempted, so the receiver sees the backlog in event order. */
  async function waitForAttempt(deliveryId: string, attemptsBefore: number, ctx: Context) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const d = await deliveryProgress(orm, deliveryId);
      if (!d || d.attempts > attemptsBefore || d.state !== 'pending') return;
      ctx.heartbeat();
      await ctx.sleep(20);
    }
  }
}

export type PublicWebhookActivities = ReturnType<typeof createPublicWebhookActivities>;
