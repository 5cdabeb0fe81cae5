import { patched, proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention';
import type { RetentionInput, RetentionOutcome } from '../contracts/retention';

const { erasePassengerData, eraseDebugData } = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '5 minutes' },
});

const BATCH = 500;
const DEBUG_BATCH = 5000;

/**
 * `retention:passenger-data`, started daily by the `passenger-data-retention` schedule: erases the passenger contact
 * data of rides that ended more than `retentionDays` ago, batch by batch until none is left (docs/security.md); then
 * the debugging data past its time: receivers' answers to webhook attempts (30 days) and the API request log (7 days).
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
  // Sweeps recorded before the debugging data existed replay without it.
  if (patched('debug-data-retention')) {
    total.attemptResponses = 0;
    total.apiRequests = 0;
    for (let done = false; !done;) {
      const swept = await eraseDebugData({ limit: DEBUG_BATCH });
      total.attemptResponses += swept.responses;
      total.apiRequests += swept.requests;
      done = swept.done;
    }
  }
  return total;
}
