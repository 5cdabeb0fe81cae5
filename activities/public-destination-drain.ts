import { Context } from '@temporalio/activity';
import { ChangeListener } from '../db/change-listener';
import { deliveryProgress, destinationAttemptsKey, destinationStatus, parkedDeliveries, unparkDelivery } from '../db/public-deliveries';
import { createLogger } from '../infra/logger';
import { deliveryWorkflowId, PUBLIC_WEBHOOKS_TASK_QUEUE, resumeDelivery, type DeliveryInput } from '../contracts/public-webhooks';
import { activityClient, type PublicWebhookActivityDeps } from './public-webhook-deps';

/** How long the drain waits for a woken delivery's attempt before it goes on. */
const ATTEMPT_WAIT_MS = 10_000;
/** Looks again this often even without a notification: a delivery that parks again logs no attempt. */
const RECHECK_MS = 1000;

/** The drain of a resumed destination's parked deliveries, a step of `destination:<dest_id>` (workflows/destination.ts). */
export function createPublicDestinationDrainActivities(deps: PublicWebhookActivityDeps) {
  const { orm } = deps;
  const drainPerSecond = deps.drainPerSecond ?? 20;
  const client = activityClient(deps);

  /**
   * Waits for the destination's logged attempts through PostgreSQL's `delivery_attempted` notification (a trigger on
   * the delivery log) instead of polling: one listening connection for the drain, closed when it ends.
   */
  async function followAttempts(destinationId: string) {
    const listener = new ChangeListener(() => orm.config.get('clientUrl') as string, createLogger('warn', 'drain'));
    let wake = () => {};
    const key = await destinationAttemptsKey(orm, destinationId);
    if (key) await listener.subscribe('delivery_attempted', key, { changed: () => wake(), closed: () => wake() });
    return {
      /** Waits (up to ATTEMPT_WAIT_MS) until the woken delivery has attempted, so the receiver sees the backlog in event order. */
      async waitForAttempt(deliveryId: string, attemptsBefore: number, ctx: Context) {
        const deadline = Date.now() + ATTEMPT_WAIT_MS;
        while (Date.now() < deadline) {
          // Armed before the read: an attempt logged between the read and the wait still wakes it.
          const notified = new Promise<void>((resolve) => (wake = resolve));
          const d = await deliveryProgress(orm, deliveryId);
          if (!d || d.attempts > attemptsBefore || d.state !== 'pending') return;
          ctx.heartbeat();
          await Promise.race([notified, ctx.sleep(Math.max(1, Math.min(RECHECK_MS, deadline - Date.now())))]);
        }
      },
      close: () => listener.close(),
    };
  }

  return {
    /**
     * Wakes the destination's parked deliveries in event order, at most `drainPerSecond` a second, each after the
     * previous one has made its attempt. The cursor (last event id) is the heartbeat: a retry goes on from there.
     * Stops when the destination is paused again.
     */
    async drainParkedDeliveries(destinationId: string): Promise<number> {
      const ctx = Context.current();
      const attempts = await followAttempts(destinationId);
      let cursor: string = (ctx.info.heartbeatDetails as string | undefined) ?? '';
      let woken = 0;
      const spacingMs = 1000 / drainPerSecond;
      try {
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
                await attempts.waitForAttempt(p.id, p.attempts, ctx);
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
      } finally {
        await attempts.close();
      }
    },
  };
}

export type PublicDestinationDrainActivities = ReturnType<typeof createPublicDestinationDrainActivities>;
