import {
  allHandlersFinished,
  condition,
  makeContinueAsNewFunc,
  patched,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { dispatchAt, isTerminal, transitionRefusal, type BookingActor } from '../domain/booking-lifecycle';
import { isCancellationReason } from '../domain/cancellation';
import {
  cancelBooking,
  getBookingState,
  rescheduleBooking,
  reportPosition,
  reportRideProgress,
  type BookingCarry,
  type BookingRecord,
  type BookingState,
  type CancelBookingResult,
  type RescheduleBookingInput,
} from '../contracts/booking';
import { PickupAtKey } from '../contracts/search-attributes';
import { movedTerms, rescheduleRefusal, type RescheduleRecord } from '../domain/reschedule';
import {
  isFinalFlightStatus,
  MIN_PICKUP_SHIFT_MINUTES,
  newFlightWatch,
  nextFlightCheck,
  pickupForFlight,
  type FlightWatch,
} from '../domain/flight-watch';
import { bookingActivities, flightActivities } from './booking/activities';
import { acceptPosition, applyProgress, progressRefusal } from './booking/driver-side';
import { allocateDriver, awaitAcceptance, handBackAllocation, releaseAfterRide } from './booking/live-allocation';
import { awaitPassenger } from './booking/ride-progress';
import { playSandboxRide } from './booking/sandbox-ride';
import { bookingRun, nowIso } from './booking/run';
import { end, publishStatus, refuse, timeFreeWindow } from './booking/status';
import { drainWrites, publish, record, writeQueue } from './booking/write-queue';

const { saveBooking, rideSettings } = bookingActivities;
const { lookupFlight } = flightActivities;

/** The customer side whose cancellation a repeated cancel answers again. */
const CUSTOMER_ACTORS: readonly BookingActor[] = ['partner', 'integrator', 'ops'];

/**
 * `booking:<bkg_id>`: the lifecycle of one booking (docs/booking-lifecycle.md). Every status change goes through
 * `changeStatus`; the driver side (Updates, or the sandbox simulation) goes through `applyProgress`.
 */
export async function bookingWorkflow(booking: BookingRecord, carry?: BookingCarry): Promise<BookingState> {
  const run = bookingRun(booking, carry, writeQueue());
  const { sandbox, state } = run;
  let saved = carry !== undefined;
  /** The flight watch is moving the pickup (not a handler, so continue-as-new must wait for it explicitly). */
  let retiming = false;

  // ---- rescheduling --------------------------------------------------------------------------------------------

  const RESCHEDULE_ACTORS: readonly BookingActor[] = ['partner', 'integrator', 'ops', 'system'];

  function rescheduleRefusalNow(input: RescheduleBookingInput): string | null {
    if (!RESCHEDULE_ACTORS.includes(input?.actor)) return `rescheduleBooking is not for ${JSON.stringify(input?.actor)}`;
    return rescheduleRefusal({
      status: state.status,
      freeUntil: booking.freeUntil,
      pickupAt: input.pickup_at,
      cause: input.cause,
      now: Date.now(),
    });
  }

  /**
   * Moves the pickup and what hangs on it: fare, free window and fee, the dispatch moment. A live allocation whose
   * chauffeur has not set off is handed back and made again for the new time. A sandbox ride keeps playing.
   */
  async function reschedule(input: RescheduleBookingInput, flightWatch?: FlightWatch): Promise<void> {
    const moved = movedTerms(booking, input.pickup_at, new Date());
    if (moved.pickupAt === booking.pickupAt) return;
    // The customer's new time is the new booked arrival the flight watch measures from.
    if (input.cause === 'customer' && state.flightWatch) state.flightWatch = { ...state.flightWatch, scheduled_arrival: moved.pickupAt };
    const change: RescheduleRecord = {
      previous_pickup_at: booking.pickupAt,
      pickup_at: moved.pickupAt,
      cause: input.cause,
      rescheduled_at: nowIso(),
    };
    Object.assign(booking, {
      pickupAt: moved.pickupAt,
      fare: moved.fare,
      freeUntil: moved.freeUntil,
      lateCancellationFeeMinor: moved.lateCancellationFeeMinor,
    });
    state.freeUntil = moved.freeUntil;
    state.freeCancellation = Date.now() < Date.parse(moved.freeUntil);
    upsertSearchAttributes([{ key: PickupAtKey, value: new Date(moved.pickupAt) }]);
    if (!sandbox) {
      if (state.status === 'assigned') await handBackAllocation(run);
      state.dispatchAt = dispatchAt(moved.pickupAt, new Date()).toISOString();
      state.dispatching = false;
    }
    const watch = flightWatch ?? state.flightWatch ?? undefined;
    void record(run, 'booking.rescheduled', { terms: moved, lastReschedule: change, ...(watch ? { flightWatch: watch } : {}) });
    publish(run, 'booking.rescheduled', `rescheduled:${moved.pickupAt}`);
    await run.writes.tail;
  }

  // ---- the flight watch ----------------------------------------------------------------------------------------

  const chauffeurUnderWay = () => isTerminal(state.status) || ['on_the_way', 'arrived', 'on_board'].includes(state.status);

  /**
   * A live airport pickup follows its flight (docs/live-dispatch.md#flight-watch): looks on timers from three hours
   * before the booked arrival until the flight lands, is cancelled or diverted, or the chauffeur sets off.
   */
  async function watchFlight(flightNumber: string): Promise<void> {
    state.flightWatch ??= newFlightWatch(flightNumber, booking.pickupAt);
    while (!chauffeurUnderWay() && !isFinalFlightStatus(state.flightWatch.status)) {
      const waitMs = nextFlightCheck(state.flightWatch, Date.now()) - Date.now();
      if (waitMs > 0 && (await condition(chauffeurUnderWay, waitMs))) return;
      const info = await lookupFlight({ flightNumber, scheduledArrival: state.flightWatch.scheduled_arrival, asOf: nowIso() });
      if (chauffeurUnderWay()) return;
      const watch: FlightWatch = { ...info, checked_at: nowIso() };
      state.flightWatch = watch;
      if (info.status === 'cancelled' || info.status === 'diverted') return flightLost(watch);
      const pickupAt = pickupForFlight(info);
      const shiftMs = Math.abs(Date.parse(pickupAt) - Date.parse(booking.pickupAt));
      const refusal = rescheduleRefusal({
        status: state.status,
        freeUntil: booking.freeUntil,
        pickupAt,
        cause: 'flight_watch',
        now: Date.now(),
      });
      retiming = true;
      try {
        if (shiftMs >= MIN_PICKUP_SHIFT_MINUTES * 60_000 && !refusal)
          await reschedule({ pickup_at: pickupAt, actor: 'system', cause: 'flight_watch' }, watch);
        else await record(run, null, { flightWatch: watch });
      } finally {
        retiming = false;
      }
    }
  }

  /** No flight to meet: the booking stays for the customer to cancel, free of charge whenever they do. */
  async function flightLost(watch: FlightWatch): Promise<void> {
    const terms = { pickupAt: booking.pickupAt, fare: booking.fare, freeUntil: booking.pickupAt, lateCancellationFeeMinor: 0 };
    Object.assign(booking, { freeUntil: terms.freeUntil, lateCancellationFeeMinor: 0 });
    state.freeUntil = terms.freeUntil;
    state.freeCancellation = true;
    void record(run, null, { terms, flightWatch: watch });
    publish(run, 'booking.status_changed', `flight_${watch.status}`);
    await run.writes.tail;
  }

  // ---- handlers ------------------------------------------------------------------------------------------------

  setHandler(getBookingState, () => state);

  const customerCancellation = (): CancelBookingResult | null =>
    state.status === 'cancelled' && state.cancellation && CUSTOMER_ACTORS.includes(state.cancellation.cancelled_by as BookingActor)
      ? { status: state.status, cancellation: state.cancellation }
      : null;

  setHandler(
    cancelBooking,
    async (input) => {
      await condition(() => saved);
      const first = customerCancellation();
      if (!first) await end(run, 'cancelled', input.actor, input.reason_code, input.note);
      await run.writes.tail;
      return customerCancellation()!;
    },
    {
      validator: (input) => {
        if (!isCancellationReason(input?.reason_code)) throw refuse(`unknown reason_code ${JSON.stringify(input?.reason_code)}`);
        if (!CUSTOMER_ACTORS.includes(input.actor))
          throw refuse(`cancelBooking is for partner, integrator or ops, not ${input.actor}; a driver reports driver_cancelled`);
        if (customerCancellation()) return; // a repeat: answered with the first cancellation
        const refusal = transitionRefusal(state.status, 'cancelled', input.actor);
        if (refusal) throw refuse(refusal);
      },
    },
  );

  setHandler(
    reportRideProgress,
    async (input) => {
      await condition(() => saved);
      const refusal = progressRefusal(run, input);
      if (refusal) throw refuse(refusal);
      await applyProgress(run, input);
      await run.writes.tail;
      return { status: state.status, sequence: state.sequence };
    },
    {
      validator: (input) => {
        const refusal = progressRefusal(run, input);
        if (refusal) throw refuse(refusal);
      },
    },
  );

  setHandler(reportPosition, (p) => acceptPosition(run, p));

  setHandler(
    rescheduleBooking,
    async (input) => {
      await condition(() => saved);
      const refusal = rescheduleRefusalNow(input);
      if (refusal) throw refuse(refusal);
      await reschedule(input);
      return { status: state.status, pickupAt: booking.pickupAt, freeUntil: booking.freeUntil, fare: booking.fare };
    },
    {
      validator: (input) => {
        const refusal = rescheduleRefusalNow(input);
        if (refusal) throw refuse(refusal);
      },
    },
  );

  // ---- the run -------------------------------------------------------------------------------------------------

  if (!carry) {
    await saveBooking(booking);
    upsertMemo({ status: state.status });
    run.settings = await rideSettings();
    void record(run, 'booking.created');
    publishStatus(run, 'confirmed');
    await run.writes.tail;
    saved = true;
  }
  const ride = run.settings!;

  // Bookings started before the flight watch existed never watch (their histories have no marker).
  const flightNumber = booking.pickup.flight_number;
  if (!sandbox && flightNumber && !isTerminal(state.status) && patched('flight-watch')) void watchFlight(flightNumber);

  timeFreeWindow(run);

  const shouldContinueAsNew = () =>
    !retiming && (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength >= ride.historyLimit);

  /** The dispatch moment: pickup minus the lead time (a sandbox ride: at once). */
  async function awaitDispatchMoment(): Promise<void> {
    const target = state.dispatchAt;
    const waitMs = Date.parse(target) - Date.now();
    if (waitMs > 0) await condition(() => state.status !== 'confirmed' || state.dispatchAt !== target || shouldContinueAsNew(), waitMs);
    if (Date.now() >= Date.parse(state.dispatchAt)) state.dispatching = true;
  }

  while (!isTerminal(state.status)) {
    // Act on a handler's change (a declined allocation, say) once the handler has answered: otherwise the loop's next
    // local activities and upserts interleave with the handler's differently live and on replay (nondeterminism).
    if (patched('loop-after-handlers')) await condition(allHandlersFinished);
    if (shouldContinueAsNew()) {
      await drainWrites(run.writes);
      // Search attributes and memo carry over to the next run as they stand.
      const { memo, typedSearchAttributes } = workflowInfo();
      await makeContinueAsNewFunc<typeof bookingWorkflow>({ memo, typedSearchAttributes })(booking, { state, settings: ride });
    }
    if (!state.dispatching) {
      if (state.status === 'confirmed') await awaitDispatchMoment();
      else state.dispatching = true;
      continue;
    }
    if (!state.simulated) {
      await playSandboxRide(run);
      continue;
    }
    if (state.status === 'confirmed') {
      await allocateDriver(run, shouldContinueAsNew);
      continue;
    }
    if (state.status === 'assigned' && state.allocation.pending) {
      await awaitAcceptance(run, shouldContinueAsNew);
      continue;
    }
    if (state.status === 'arrived') {
      await awaitPassenger(run, shouldContinueAsNew);
      continue;
    }
    const seen = { status: state.status, sequence: state.sequence };
    await condition(() => state.status !== seen.status || state.sequence !== seen.sequence || shouldContinueAsNew());
  }
  await run.writes.tail;
  await condition(allHandlersFinished);
  await run.writes.tail;
  await releaseAfterRide(run);
  return state;
}
