import { allHandlersFinished, condition, makeContinueAsNewFunc, patched, upsertMemo, workflowInfo } from '@temporalio/workflow';
import { isTerminal } from '../domain/booking-lifecycle';
import type { BookingCarry, BookingRecord, BookingState, RideSettings } from '../contracts/booking';
import { bookingActivities } from './booking/activities';
import { startFlightWatch, type FlightWatcher } from './booking/flight-watch';
import { setBookingHandlers } from './booking/handlers';
import { allocateDriver, awaitAcceptance, releaseAfterRide } from './booking/live-allocation';
import { awaitPassenger } from './booking/ride-progress';
import { bookingRun, type BookingRun } from './booking/run';
import { playSandboxRide } from './booking/sandbox-ride';
import { publishStatus, timeFreeWindow } from './booking/status';
import { drainWrites, record, writeQueue } from './booking/write-queue';

/**
 * `booking:<bkg_id>`: the lifecycle of one booking (docs/booking-lifecycle.md), one concern per module under
 * workflows/booking/. Every status change goes through `changeStatus` (status.ts); the driver side (Updates, or the
 * sandbox simulation) goes through `applyProgress` (driver-side.ts).
 */
export async function bookingWorkflow(booking: BookingRecord, carry?: BookingCarry): Promise<BookingState> {
  const run = bookingRun(booking, carry, writeQueue());
  const { state } = run;
  let saved = carry !== undefined;
  setBookingHandlers(run, () => saved);

  if (!carry) {
    await bookingActivities.saveBooking(booking);
    upsertMemo({ status: state.status });
    run.settings = await bookingActivities.rideSettings();
    void record(run, 'booking.created');
    publishStatus(run, 'confirmed');
    await run.writes.tail;
    saved = true;
  }
  const settings = run.settings!;

  // Bookings started before the flight watch existed never watch (their histories have no marker).
  const flightNumber = booking.pickup.flight_number;
  const flight: FlightWatcher =
    !run.sandbox && flightNumber && !isTerminal(state.status) && patched('flight-watch')
      ? startFlightWatch(run, flightNumber)
      : { retiming: false };
  timeFreeWindow(run);

  const due = () => !flight.retiming && (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength >= settings.historyLimit);

  while (!isTerminal(state.status)) {
    // Act on a handler's change (a declined allocation, say) once the handler has answered: otherwise the loop's next
    // local activities and upserts interleave with the handler's differently live and on replay (nondeterminism).
    if (patched('loop-after-handlers')) await condition(allHandlersFinished);
    if (due()) await continueAsNew(run, settings);
    if (!state.dispatching) {
      if (state.status === 'confirmed') await awaitDispatchMoment(run, due);
      else state.dispatching = true;
    } else if (!state.simulated) await playSandboxRide(run);
    else if (state.status === 'confirmed') await allocateDriver(run, due);
    else if (state.status === 'assigned' && state.allocation.pending) await awaitAcceptance(run, due);
    else if (state.status === 'arrived') await awaitPassenger(run, due);
    else await awaitChange(run, due);
  }
  await run.writes.tail;
  await condition(allHandlersFinished);
  await run.writes.tail;
  await releaseAfterRide(run);
  return state;
}

/** The dispatch moment: pickup minus the lead time (a sandbox ride: at once); a moved pickup starts the wait over. */
async function awaitDispatchMoment({ state }: BookingRun, due: () => boolean): Promise<void> {
  const target = state.dispatchAt;
  const waitMs = Date.parse(target) - Date.now();
  if (waitMs > 0) await condition(() => state.status !== 'confirmed' || state.dispatchAt !== target || due(), waitMs);
  if (Date.now() >= Date.parse(state.dispatchAt)) state.dispatching = true;
}

/** Nothing to do but wait for the driver side or the customer to move the booking on. */
async function awaitChange({ state }: BookingRun, due: () => boolean): Promise<void> {
  const seen = { status: state.status, sequence: state.sequence };
  await condition(() => state.status !== seen.status || state.sequence !== seen.sequence || due());
}

/** Hands the state to a new run once every write and handler is done; search attributes and memo carry over. */
async function continueAsNew(run: BookingRun, settings: RideSettings): Promise<never> {
  await drainWrites(run.writes);
  const { memo, typedSearchAttributes } = workflowInfo();
  return makeContinueAsNewFunc<typeof bookingWorkflow>({ memo, typedSearchAttributes })(run.booking, { state: run.state, settings });
}
