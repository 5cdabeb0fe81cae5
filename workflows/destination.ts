import {
  allHandlersFinished,
  CancellationScope,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { PublicDestinationActivities } from '../activities/public-destination';
import type { PublicDestinationDrainActivities } from '../activities/public-destination-drain';
import { applyAttemptOutcome, type DestinationHealth } from '../domain/public-webhook-schedule';
import {
  getDestinationHealth,
  recordAttemptOutcome,
  setDestinationStatus,
  type DestinationStatusChange,
  type DestinationWorkflowInput,
} from '../contracts/public-webhooks';
import { DestinationStatusKey } from '../contracts/search-attributes';

const { markDestinationFailing, pauseDestination } = proxyActivities<PublicDestinationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});
const { drainParkedDeliveries } = proxyActivities<PublicDestinationDrainActivities>({
  startToCloseTimeout: '24 hours',
  heartbeatTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Messages handled before continuing as new, keeping the history short. */
const MESSAGES_PER_RUN = 1000;

/**
 * `destination:<dest_id>`: counts consecutive failed attempts across the destination's deliveries (a success resets
 * the count), pauses it at the 12th, and on resume drains its parked deliveries in event order. Continues as new.
 */
export async function destinationWorkflow(input: DestinationWorkflowInput): Promise<void> {
  let health: DestinationHealth = input.health ?? { consecutiveFailures: 0, status: 'active' };
  const outcomes: boolean[] = [];
  const changes: DestinationStatusChange[] = [];
  setHandler(recordAttemptOutcome, ({ succeeded }) => void outcomes.push(succeeded));
  setHandler(setDestinationStatus, (change) => void changes.push(change));
  setHandler(getDestinationHealth, () => health);
  upsertSearchAttributes([{ key: DestinationStatusKey, value: health.status }]);

  let drain: CancellationScope | null = null;
  let drainDone: Promise<void> | null = null;
  const stopDrain = async () => {
    if (!drain) return;
    drain.cancel();
    await drainDone;
  };
  const startDrain = () => {
    drain = new CancellationScope();
    drainDone = drain
      .run(async () => void (await drainParkedDeliveries(input.destinationId)))
      .catch((err) => {
        if (!isCancellation(err)) throw err;
      })
      .finally(() => {
        drain = null;
      });
  };
  const setStatus = (status: 'active' | 'paused') => {
    health = { ...health, status };
    upsertSearchAttributes([{ key: DestinationStatusKey, value: status }]);
  };

  if (input.draining) startDrain();

  let handled = 0;
  const pending = () => outcomes.length > 0 || changes.length > 0;
  const handlePending = async () => {
    for (const change of changes.splice(0)) {
      handled++;
      if (change.status === 'paused') {
        setStatus('paused');
        await stopDrain();
      } else {
        health = { consecutiveFailures: 0, status: 'active' };
        setStatus('active');
        await stopDrain();
        startDrain();
      }
    }
    for (const succeeded of outcomes.splice(0)) {
      handled++;
      const next = applyAttemptOutcome(health, succeeded);
      health = next.health;
      if (next.change === 'first_failure') await markDestinationFailing({ destinationId: input.destinationId, failing: true });
      if (next.change === 'recovered') await markDestinationFailing({ destinationId: input.destinationId, failing: false });
      if (next.change === 'pause') {
        setStatus('paused');
        await stopDrain();
        await pauseDestination({ destinationId: input.destinationId, consecutiveFailures: health.consecutiveFailures });
      }
    }
  };

  const perRun = input.messagesPerRun ?? MESSAGES_PER_RUN;
  const due = () => handled >= perRun || workflowInfo().continueAsNewSuggested;
  for (;;) {
    await condition(() => pending() || due());
    if (pending()) {
      await handlePending();
      continue;
    }
    // Continue-as-new drops what is still buffered: a message that landed while the last ones waited on activities, or
    // lands while the drain stops, is handled in this run first. A draining destination drains again in the next run.
    const draining = drain !== null;
    await stopDrain();
    await condition(allHandlersFinished);
    if (pending()) {
      if (draining && health.status === 'active') startDrain();
      continue;
    }
    await continueAsNew<typeof destinationWorkflow>({
      destinationId: input.destinationId,
      health,
      draining,
      messagesPerRun: input.messagesPerRun,
    });
  }
}
