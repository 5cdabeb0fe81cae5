import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention';
import type { RetentionInput, RetentionOutcome } from '../contracts/retention';

const { erasePassengerData } = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '5 minutes' },
});

const BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * `retention:passenger-data`, started daily by the `passenger-data-retention` schedule: erases the passenger contact
 * data of rides that ended more than `retentionDays` ago, batch by batch until none is left (docs/security.md).
 */
export async function passengerDataRetentionWorkflow(input: RetentionInput): Promise<RetentionOutcome> {
  const endedBefore = new Date(Date.now() - input.retentionDays * DAY_MS).toISOString();
  const total = { endedBefore, bookings: 0, events: 0 };
  for (;;) {
    const batch = await erasePassengerData({ endedBefore, limit: BATCH });
    total.bookings += batch.bookings;
    total.events += batch.events;
    if (batch.bookings < BATCH) return total;
  }
}
