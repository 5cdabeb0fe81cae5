import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { recordFromRow } from '../db/booking-rows';
import { unstartedBookings } from '../db/booking-writes';
import { whileHoldingLock } from '../db/session-lock';
import { recordUnstartedSweep } from '../infra/metrics';
import { SWEEP_MAX_STARTS, SWEEP_STARTS_PER_SECOND, UNSTARTED_AFTER_SECONDS, UNSTARTED_WINDOW_MINUTES } from '../domain/unstarted-sweep';
import type { Admission } from './admission';
import { startBookingWorkflow } from './bookings';

/** How many candidates one sweep reads, so that one account's deferred rows do not hide the others'. */
const SWEEP_SCAN_LIMIT = 500;
/** The advisory lock that makes one API process of the deployment sweep at a time. */
export const SWEEP_LOCK = 'unstarted-bookings-sweep';

export interface SweepOptions {
  now?: Date;
  /** Load shedding's reading: a start it would refuse waits for a later sweep. */
  admission?: Admission;
  maxStarts?: number;
  startsPerSecond?: number;
}

export interface SweepResult {
  /** False when another session held the sweep's lock: this sweep did nothing. */
  swept: boolean;
  started: string[];
  deferred: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A create commits the booking row, then starts `booking:<id>`, whose first step marks the row started. A process that
 * died between the two leaves a booking whose workflow never ran: this starts it, oldest first, at most `maxStarts` at
 * `startsPerSecond`, and only what load shedding would admit now. One API process sweeps at a time (a PostgreSQL
 * advisory lock); starting a running workflow attaches to it (`USE_EXISTING`), so a slow worker changes nothing, and a
 * booking whose workflow ran is never touched.
 */
export async function sweepUnstartedBookings(orm: MikroORM, temporal: Client, options: SweepOptions = {}): Promise<SweepResult> {
  const { now = new Date(), admission, maxStarts = SWEEP_MAX_STARTS, startsPerSecond = SWEEP_STARTS_PER_SECOND } = options;
  const outcome = await whileHoldingLock(orm, SWEEP_LOCK, async () => {
    const due = await unstartedBookings(
      orm,
      new Date(now.getTime() - UNSTARTED_WINDOW_MINUTES * 60_000),
      new Date(now.getTime() - UNSTARTED_AFTER_SECONDS * 1000),
      SWEEP_SCAN_LIMIT,
    );
    const result: SweepResult = { swept: true, started: [], deferred: [] };
    for (const booking of due) {
      if (result.started.length >= maxStarts) break;
      if (admission?.refusalForWritten(booking, booking.environment)) {
        result.deferred.push(booking.id);
        recordUnstartedSweep('deferred');
        continue;
      }
      if (result.started.length > 0) await pause(1000 / startsPerSecond);
      try {
        await startBookingWorkflow(temporal, recordFromRow(booking));
        result.started.push(booking.id);
        recordUnstartedSweep('started');
      } catch (err) {
        recordUnstartedSweep('failed');
        // An ended run whose first step is still to be recorded: that booking only. Anything else (Temporal out of
        // reach) would fail every start: the next sweep tries again.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) break;
      }
    }
    return result;
  });
  return outcome.ran ? outcome.result : { swept: false, started: [], deferred: [] };
}
