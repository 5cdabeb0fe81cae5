import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention';
import type { RetentionInput, RetentionOutcome } from '../contracts/retention';

const { erasePassengerData } = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '5 minutes' },
});

const BATCH = 500;

/**
 * `retention:passenger-data`, started daily by the `passenger-data-retention` schedule: erases the passenger contact
 * data of rides that ended more than `retentionDays` ago, batch by batch until none is left (docs/security.md).
 */
export async function passengerDataRetentionWorkflow(input: RetentionInput): Promise<RetentionOutcome> {
  // The cut-off is the database's clock, the one `ended_at` was written by: the first batch's is the sweep's.
  const first = await erasePassengerData({ retentionDays: input.retentionDays, limit: BATCH });
  const total: RetentionOutcome = { endedBefore: first.endedBefore, bookings: first.bookings, events: first.events };
  let last = first.bookings;
  while (last === BATCH) {
    const batch = await erasePassengerData({ retentionDays: input.retentionDays, limit: BATCH });
    total.bookings += batch.bookings;
    total.events += batch.events;
    last = batch.bookings;
  }
  return total;
}
