import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PUBLIC_WEBHOOKS_TASK_QUEUE, publicEventWorkflowId, type PublishPublicEventInput } from '../contracts/public-webhooks';
import { publishedPublicEvents, unpublishedPublicEvents } from '../db/public-event-outbox';
import { whileHoldingLock } from '../db/session-lock';

/** An outbox row younger than this is left to the request that wrote it (its own publish may still be under way). */
export const OUTBOX_SWEEP_AFTER_SECONDS = 30;
/** Events one sweep publishes at most (the next sweep, a minute later, takes the rest). */
const OUTBOX_SWEEP_LIMIT = 500;
/** Starts one sweep has in flight at once. */
const OUTBOX_SWEEP_CONCURRENCY = 25;
/** The advisory lock that makes one API process of the deployment sweep the outbox at a time. */
export const OUTBOX_SWEEP_LOCK = 'public-event-outbox-sweep';

/**
 * Starts the event's `public-event:<dedupe key>` workflow. An id that already ran to completion (or is running) is
 * not started again, so however often this is called for one event, it is published once.
 */
export async function publishEvent(temporal: Client, event: PublishPublicEventInput): Promise<void> {
  try {
    await temporal.workflow.start('publicEventWorkflow', {
      workflowId: publicEventWorkflowId(event.dedupeKey),
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      args: [event],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * The fast path after a commit that queued `events` (db/public-event-outbox.ts): publishes each and drops it from the
 * outbox. A failure (Temporal out of reach, the process dies) is not the caller's: the change stands, the events wait
 * in the outbox and the housekeeping sweep publishes them. Resolves to the events left for the sweep.
 */
export async function publishQueued(
  deps: { orm: MikroORM; temporal?: Client },
  events: readonly PublishPublicEventInput[],
  options: { concurrency?: number } = {},
): Promise<PublishPublicEventInput[]> {
  const { temporal } = deps;
  if (!temporal || events.length === 0) return [...events];
  // One at a time by default, in order: a refund's credit note is announced before the refund that points at it.
  const { done, failed } = await publishInChunks(temporal, events, options.concurrency ?? 1, false);
  await publishedPublicEvents(deps.orm, done).catch(() => undefined); // left behind: the sweep finds them started
  return failed;
}

/** Starts the events' workflows `concurrency` at a time; with `stopAtFailure`, starts no chunk after one that failed. */
async function publishInChunks(temporal: Client, events: readonly PublishPublicEventInput[], concurrency: number, stopAtFailure: boolean) {
  const done: string[] = [];
  const failed: PublishPublicEventInput[] = [];
  let error: Error | undefined;
  for (let i = 0; i < events.length; i += concurrency) {
    const chunk = events.slice(i, i + concurrency);
    if (stopAtFailure && error) break;
    const results = await Promise.allSettled(chunk.map((event) => publishEvent(temporal, event)));
    results.forEach((result, j) => {
      if (result.status === 'fulfilled') done.push(chunk[j].dedupeKey);
      else {
        failed.push(chunk[j]);
        error ??= result.reason as Error;
      }
    });
  }
  return { done, failed, error };
}

export interface OutboxSweepResult {
  /** False when another session held the sweep's lock: this sweep did nothing. */
  swept: boolean;
  published: string[];
  /** Set when Temporal refused a start: the sweep stopped there; the next one tries again. */
  error?: Error;
}

/**
 * Publishes what the outbox still holds over OUTBOX_SWEEP_AFTER_SECONDS after its commit (the process died, or
 * Temporal did not answer, between the commit and the start), oldest first, 25 at a time, stopping after a chunk
 * Temporal refused; one API process of the deployment at a time (a PostgreSQL advisory lock). An event whose workflow already ran is only dropped from the outbox: the
 * workflow id `public-event:<dedupe key>` makes each event published once.
 */
export async function sweepPublicEventOutbox(
  orm: MikroORM,
  temporal: Client,
  options: { afterSeconds?: number; limit?: number } = {},
): Promise<OutboxSweepResult> {
  const { afterSeconds = OUTBOX_SWEEP_AFTER_SECONDS, limit = OUTBOX_SWEEP_LIMIT } = options;
  const outcome = await whileHoldingLock(orm, OUTBOX_SWEEP_LOCK, async () => {
    const due = await unpublishedPublicEvents(orm, afterSeconds, limit);
    const { done, error } = await publishInChunks(temporal, due, OUTBOX_SWEEP_CONCURRENCY, true);
    await publishedPublicEvents(orm, done);
    return { swept: true, published: done, ...(error ? { error } : {}) };
  });
  return outcome.ran ? outcome.result : { swept: false, published: [] };
}
