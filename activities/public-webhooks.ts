import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBookingView } from '../domain/public-booking';
import { BookingSchema } from '../db/entities';
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
import { testOrLive, type TestOrLive } from '../domain/environment';

/**
 * The destinations an event of (account, environment, type) goes to: the account's own that selected the type, and
 * those of every operator account in the same environment (an operator's ERP follows the whole business). Two
 * index-backed branches rather than an `or`, so each reads `webhook_destinations_account`.
 */
const SUBSCRIBED_DESTINATIONS = `
  select d.id from webhook_destinations d
   where d.account_id = ? and d.environment = ? and d.deleted_at is null and ? = any(d.event_types)
  union
  select d.id from webhook_destinations d join integrator_accounts a on a.id = d.account_id and a.kind = 'operator'
   where d.environment = ? and d.deleted_at is null and ? = any(d.event_types)`;

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

interface AttemptRow {
  event_id: string;
  event_type: string;
  /** Raw rows carry timestamps as text. */
  event_created_at: string;
  body: string;
  environment: TestOrLive;
  /** The destination's account: its delivery log shows the attempt (an operator's destination gets others' events). */
  account_id: string;
  destination_id: string;
  url: string;
  status: 'active' | 'paused';
  deleted_at: string | null;
  failing_since: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: string | null;
  state: string;
  destination_updated_at: string;
  last_status: number | null;
}

export function createPublicWebhookActivities(deps: PublicWebhookActivityDeps) {
  const { orm, encryptionKey, timeoutMs } = deps;
  const drainPerSecond = deps.drainPerSecond ?? 20;
  const client = () => deps.client ?? Context.current().client;
  const eagerStart = deps.eagerStart ?? deps.client === undefined;
  const sql = () => orm.em.getConnection();

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
    // One transaction: the event and one delivery per subscribed destination (unique per event and destination), so
    // a retry or a concurrent duplicate finds them all and never adds a second delivery.
    const recorded = await orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const run = <T extends object[]>(query: string, params: unknown[]) =>
        conn.execute<T>(query, params, 'all', em.getTransactionContext());
      await run<[]>(
        `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (account_id, environment, dedupe_key) do nothing`,
        [id, accountId, environment, input.type, input.dedupeKey, body, now],
      );
      const [event] = await run<{ id: string }[]>(
        'select id from public_events where account_id = ? and environment = ? and dedupe_key = ?',
        [accountId, environment, input.dedupeKey],
      );
      const subscribed = await run<{ id: string }[]>(`${SUBSCRIBED_DESTINATIONS} order by id`, [
        accountId,
        environment,
        input.type,
        environment,
        input.type,
      ]);
      for (const d of subscribed) {
        await run<[]>(
          `insert into public_deliveries (id, event_id, destination_id, state, attempts, created_at, updated_at)
             values (?, ?, ?, 'pending', 0, now(), now()) on conflict (event_id, destination_id) where not redelivery do nothing`,
          [newId('dlv'), event!.id, d.id],
        );
      }
      const deliveries = await run<{ id: string; destination_id: string }[]>(
        'select id, destination_id from public_deliveries where event_id = ? and not redelivery order by destination_id',
        [event!.id],
      );
      return { eventId: event!.id, deliveries };
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
      const [row] = await sql().execute<AttemptRow[]>(
        `select e.id as event_id, e.type as event_type, e.created_at as event_created_at, e.body, e.environment, w.account_id, w.id as destination_id, w.url,
                w.status, w.deleted_at, w.failing_since, w.updated_at as destination_updated_at, p.last_status, w.secret_enc, w.previous_secret_enc, w.previous_secret_expires_at, p.state
           from public_deliveries p join public_events e on e.id = p.event_id join webhook_destinations w on w.id = p.destination_id
          where p.id = ?`,
        [deliveryId],
      );
      if (!row) throw ApplicationFailure.nonRetryable(`no delivery ${deliveryId}`, 'NoSuchDelivery');
      if (row.deleted_at) {
        await sql().execute(
          `update public_deliveries set state = 'failed', last_error = 'destination_deleted', updated_at = now() where id = ?`,
          [deliveryId],
        );
        return { kind: 'gone' };
      }
      if (row.state === 'delivered') return { kind: 'delivered', status: row.last_status, error: null, retryAfterMs: null };
      // A parked delivery waking on its own timer (no resume signal) leaves a recently resumed destination to the
      // drain, which sends the backlog in event order.
      const recentlyResumed = Date.parse(row.destination_updated_at) > Date.now() - RESUME_GRACE_MS;
      if (row.status === 'paused' || (row.state === 'parked' && !resumed && recentlyResumed)) {
        await sql().execute(`update public_deliveries set state = 'parked', updated_at = now() where id = ?`, [deliveryId]);
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
      await sql().execute(
        `with logged as (
           insert into public_delivery_attempts
             (delivery_id, event_id, event_type, destination_id, account_id, environment, url, attempt, sent_at, duration_ms, response_status, error, succeeded)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         )
         update public_deliveries set state = ?, attempts = ?, last_status = ?, last_error = ?, updated_at = now() where id = ?`,
        [
          deliveryId,
          row.event_id,
          row.event_type,
          row.destination_id,
          row.account_id,
          row.environment,
          row.url,
          attempt,
          sentAt,
          result.durationMs,
          result.status,
          result.error,
          succeeded,
          state,
          attempt,
          result.status,
          error,
          deliveryId,
        ],
      );
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
      await sql().execute(
        failing
          ? 'update webhook_destinations set failing_since = coalesce(failing_since, now()) where id = ?'
          : 'update webhook_destinations set failing_since = null where id = ?',
        [destinationId],
      );
    },

    async pauseDestination({ destinationId, consecutiveFailures }: { destinationId: string; consecutiveFailures: number }): Promise<void> {
      await sql().execute(
        `update webhook_destinations set status = 'paused', paused_reason = ?, paused_since = now(), updated_at = now()
          where id = ? and status = 'active'`,
        [`${consecutiveFailures} consecutive failed deliveries`, destinationId],
      );
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
          const [dest] = await sql().execute<{ status: string }[]>('select status from webhook_destinations where id = ?', [destinationId]);
          if (dest?.status !== 'active') return woken;
          const page = await sql().execute<{ id: string; event_id: string; attempts: number }[]>(
            `select id, event_id, attempts from public_deliveries
              where destination_id = ? and state = 'parked' and event_id > ? order by event_id, id limit 100`,
            [destinationId, cursor],
          );
          if (page.length === 0) break;
          for (const p of page) {
            const started = Date.now();
            const claimed: { affectedRows: number } = await sql().execute(
              `update public_deliveries set state = 'pending', updated_at = now() where id = ? and state = 'parked'`,
              [p.id],
              'run',
            );
            if (claimed.affectedRows > 0) {
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
      const [d] = await sql().execute<{ state: string; attempts: number }[]>('select state, attempts from public_deliveries where id = ?', [
        deliveryId,
      ]);
      if (!d || d.attempts > attemptsBefore || d.state !== 'pending') return;
      ctx.heartbeat();
      await ctx.sleep(20);
    }
  }
}

export type PublicWebhookActivities = ReturnType<typeof createPublicWebhookActivities>;
