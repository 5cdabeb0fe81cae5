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
import type { AllocatedUnit } from '../activities/allocation';
import { ALLOCATION_ACCEPT_SECONDS, ALLOCATION_RETRY_SECONDS, stateAfterWithdrawal } from '../domain/allocation';
import {
  dispatchAt,
  driverSearchDeadline,
  isTerminal,
  noShowAt,
  transitionRefusal,
  type BookingActor,
  type BookingStatus,
} from '../domain/booking-lifecycle';
import { isCancellationReason } from '../domain/cancellation';
import {
  DEFAULT_SANDBOX_SCENARIO,
  SANDBOX_NO_SHOW_WAIT_SHARE,
  sandboxPlan,
  type GpsPosition,
  type RideProgressKind,
} from '../domain/sandbox';
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
  type ReportRideProgressInput,
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

import { allocationActivities, bookingActivities, flightActivities } from './booking/activities';
import { bookingRun, nowIso } from './booking/run';
import { changeStatus, end, publishStatus, refuse, timeFreeWindow } from './booking/status';
import { drainWrites, publish, record, writeQueue } from './booking/write-queue';

const { saveBooking, rideSettings } = bookingActivities;
const { allocateUnit, releaseUnit, unitOnTrip } = allocationActivities;
const { lookupFlight } = flightActivities;

/** The status each driver-side report moves the booking to. */
const PROGRESS_TARGET: Record<RideProgressKind, BookingStatus> = {
  assigned: 'assigned',
  on_the_way: 'on_the_way',
  arrived: 'arrived',
  on_board: 'on_board',
  completed: 'completed',
  no_show: 'no_show',
  driver_cancelled: 'cancelled',
  no_driver_available: 'no_driver_available',
  accepted: 'assigned',
  declined: 'confirmed',
};

/** The customer side whose cancellation a repeated cancel answers again. */
const CUSTOMER_ACTORS: readonly BookingActor[] = ['partner', 'integrator', 'ops'];
/** Statuses in which the car reports positions. */
const MOVING: readonly BookingStatus[] = ['assigned', 'on_the_way', 'arrived', 'on_board'];

/**
 * `booking:<bkg_id>`: the lifecycle of one booking (docs/booking-lifecycle.md). Every status change goes through
 * `changeStatus`; the driver side (Updates, or the sandbox simulation) goes through `applyProgress`.
 */
export async function bookingWorkflow(booking: BookingRecord, carry?: BookingCarry): Promise<BookingState> {
  const run = bookingRun(booking, carry, writeQueue());
  const { sandbox, state } = run;
  let saved = carry !== undefined;
  let simulating = false;
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
      if (state.status === 'assigned') await handBackAllocation();
      state.dispatchAt = dispatchAt(moved.pickupAt, new Date()).toISOString();
      state.dispatching = false;
    }
    const watch = flightWatch ?? state.flightWatch ?? undefined;
    void record(run, 'booking.rescheduled', { terms: moved, lastReschedule: change, ...(watch ? { flightWatch: watch } : {}) });
    publish(run, 'booking.rescheduled', `rescheduled:${moved.pickupAt}`);
    await run.writes.tail;
  }

  /** A rescheduled ride's chauffeur (not yet on the way) is released, free to take other rides; dispatch starts over. */
  async function handBackAllocation(): Promise<void> {
    const unitId = state.ride.unitId;
    state.allocation = { excluded: state.allocation.excluded, pending: null, accepted: false };
    Object.assign(state.ride, { unitId: null, driver: null, vehicle: null, assignedAt: null, etaMinutes: null, position: null });
    if (unitId) await releaseUnit({ bookingId: booking.id, unitId, detach: true, next: 'available' });
    await changeStatus(run, 'confirmed', 'dispatch', { unitId: null, driver: null, vehicle: null, etaMinutes: null }, null);
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

  // ---- the driver side -----------------------------------------------------------------------------------------

  function noShowDeadline(): number {
    const arrivedAt = state.ride.arrivedAt ?? nowIso();
    if (sandbox) return Date.parse(arrivedAt) + Math.round(run.settings!.sandboxRideMs * SANDBOX_NO_SHOW_WAIT_SHARE);
    return noShowAt({ arrivedAt, pickupAt: booking.pickupAt, pickup: booking.pickup }).getTime();
  }

  function progressRefusal(input: ReportRideProgressInput): string | null {
    const to = PROGRESS_TARGET[input.kind];
    if (!to) return `unknown progress kind ${JSON.stringify(input.kind)}`;
    if (input.kind === 'accepted' || input.kind === 'declined') {
      if (!['driver', 'ops'].includes(input.actor)) return `only driver, ops may answer an allocation, not ${input.actor}`;
      const pending = state.allocation.pending;
      if (state.status !== 'assigned' || !pending || pending.unitId !== input.unit_id) {
        return state.allocation.accepted && state.ride.unitId === input.unit_id
          ? 'the allocation is already accepted'
          : 'no allocation of this unit awaits an answer (withdrawn after a decline or no answer in time, or never made)';
      }
      return null;
    }
    const refusal = transitionRefusal(state.status, to, input.actor);
    if (refusal) return refusal;
    // A unit allocated by live dispatch drives only once its driver has accepted.
    if (input.actor === 'driver' && state.status === 'assigned' && state.allocation.pending && input.kind === 'on_the_way')
      return 'accept the allocation first';
    switch (input.kind) {
      case 'assigned':
        if (!input.driver?.name || !input.driver.phone || !input.vehicle?.plate)
          return 'assigned needs a driver (name, phone) and a vehicle (plate)';
        return null;
      case 'on_the_way':
        return Number.isInteger(input.eta_minutes) && input.eta_minutes >= 0 ? null : 'eta_minutes must be a whole number ≥ 0';
      case 'completed':
        return input.distance_km >= 0 && Number.isInteger(input.duration_min) && input.duration_min >= 0
          ? null
          : 'completed needs distance_km ≥ 0 and a whole duration_min ≥ 0';
      case 'no_show': {
        const deadline = noShowDeadline();
        return Date.now() < deadline ? `the passenger's wait runs until ${new Date(deadline).toISOString()}` : null;
      }
      default:
        return null;
    }
  }

  /** The internal transition code shared by the reportRideProgress Update and the sandbox simulation. */
  async function applyProgress(input: ReportRideProgressInput): Promise<void> {
    const at = nowIso();
    const ride = state.ride;
    switch (input.kind) {
      case 'assigned': {
        Object.assign(ride, { driver: input.driver, vehicle: input.vehicle, unitId: input.unit_id ?? null, assignedAt: at });
        // Live dispatch awaits the chauffeur's answer; an allocation that asks none (sandbox, ops) is accepted as made.
        const acceptedAt = state.allocation.pending ? null : at;
        return changeStatus(
          run,
          'assigned',
          input.actor,
          { driver: input.driver, vehicle: input.vehicle, unitId: input.unit_id ?? null, assignedAt: at, acceptedAt },
          'driver.assigned',
        );
      }
      case 'on_the_way':
        ride.etaMinutes = input.eta_minutes;
        ride.onTheWayAt ??= at;
        return changeStatus(
          run,
          'on_the_way',
          input.actor,
          { etaMinutes: input.eta_minutes, onTheWayAt: ride.onTheWayAt },
          'driver.on_the_way',
        );
      case 'arrived':
        Object.assign(ride, { arrivedAt: at, etaMinutes: 0 });
        return changeStatus(run, 'arrived', input.actor, { arrivedAt: at, etaMinutes: 0 }, 'driver.arrived');
      case 'on_board':
        Object.assign(ride, { startedAt: at, etaMinutes: null });
        if (ride.unitId) await unitOnTrip({ bookingId: booking.id, unitId: ride.unitId });
        return changeStatus(run, 'on_board', input.actor, { startedAt: at, etaMinutes: null }, 'trip.started');
      case 'completed': {
        ride.completedAt = at;
        const trip = {
          started_at: ride.startedAt ?? at,
          completed_at: at,
          distance_km: input.distance_km,
          duration_min: input.duration_min,
          fare: booking.fare,
        };
        return changeStatus(run, 'completed', input.actor, { completedAt: at, trip }, 'trip.completed');
      }
      case 'no_show':
        return end(run, 'no_show', input.actor, 'passenger_no_show');
      case 'driver_cancelled':
        return end(run, 'cancelled', input.actor, 'driver_cancelled');
      case 'no_driver_available':
        return end(run, 'no_driver_available', input.actor, 'no_driver_available');
      case 'accepted':
        state.allocation.pending = null;
        state.allocation.accepted = true;
        // The read model's accepted_at (public single read); histories from before it record no write here.
        if (patched('booking-records-accepted-at')) await record(run, null, { acceptedAt: at });
        return;
      case 'declined':
        return withdrawAllocation('declined');
    }
  }

  // ---- live dispatch -------------------------------------------------------------------------------------------

  /** Puts an allocated unit on the booking: `assigned` by dispatch, `driver.assigned`; its driver must accept in time. */
  async function assignUnit(unit: AllocatedUnit): Promise<void> {
    state.allocation.pending = {
      unitId: unit.unitId,
      acceptBy: new Date(Date.now() + ALLOCATION_ACCEPT_SECONDS * 1000).toISOString(),
    };
    state.allocation.accepted = false;
    await applyProgress({ kind: 'assigned', driver: unit.driver, vehicle: unit.vehicle, unit_id: unit.unitId, actor: 'dispatch' });
  }

  /**
   * The allocated driver declined or did not answer: the unit is released (declined: available; no answer: offline),
   * never tried again for this ride, and the booking is back to `confirmed` for the next allocation.
   */
  async function withdrawAllocation(reason: 'declined' | 'no_answer'): Promise<void> {
    const pending = state.allocation.pending;
    if (!pending || state.status !== 'assigned') return;
    state.allocation.pending = null;
    state.allocation.excluded.push(pending.unitId);
    Object.assign(state.ride, { unitId: null, driver: null, vehicle: null, assignedAt: null, etaMinutes: null, position: null });
    await releaseUnit({ bookingId: booking.id, unitId: pending.unitId, detach: true, next: stateAfterWithdrawal(reason) });
    await changeStatus(
      run,
      'confirmed',
      'dispatch',
      { unitId: null, driver: null, vehicle: null, etaMinutes: null, acceptedAt: null },
      null,
    );
  }

  /**
   * A GPS position: always to the read model (booking-status shows the latest), and a `gps.update` event only when
   * the last one is at least the coalescing interval old. Positions outside a ride are ignored.
   */
  function acceptPosition(p: GpsPosition & { at?: string }): void {
    if (!run.settings || !MOVING.includes(state.status)) return;
    if (!Number.isFinite(p?.lat) || !Number.isFinite(p?.lng) || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) return;
    const at = nowIso();
    if (p.recorded) {
      // The driver app wrote it to the read model: only the coalesced `gps.update`, read from there; nothing else.
      state.ride.position = { lat: p.lat, lng: p.lng, eta_minutes: p.eta_minutes ?? null, at };
      if (state.lastGpsAt !== null && Date.parse(at) - Date.parse(state.lastGpsAt) < run.settings.gpsIntervalMs) return;
      state.lastGpsAt = at;
      void record(run, 'gps.update');
      return;
    }
    const eta = state.status === 'on_the_way' && Number.isInteger(p.eta_minutes) ? (p.eta_minutes as number) : undefined;
    state.ride.position = { lat: p.lat, lng: p.lng, eta_minutes: eta ?? null, at };
    if (eta !== undefined) state.ride.etaMinutes = eta;
    const due = state.lastGpsAt === null || Date.parse(at) - Date.parse(state.lastGpsAt) >= run.settings.gpsIntervalMs;
    if (due) state.lastGpsAt = at;
    void record(run, due ? 'gps.update' : null, {
      position: { lat: p.lat, lng: p.lng, at },
      ...(eta !== undefined ? { etaMinutes: eta } : {}),
    });
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
      const refusal = progressRefusal(input);
      if (refusal) throw refuse(refusal);
      await applyProgress(input);
      await run.writes.tail;
      return { status: state.status, sequence: state.sequence };
    },
    {
      validator: (input) => {
        const refusal = progressRefusal(input);
        if (refusal) throw refuse(refusal);
      },
    },
  );

  setHandler(reportPosition, (p) => acceptPosition(p));

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
    !simulating && !retiming && (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength >= ride.historyLimit);

  /** The dispatch moment: pickup minus the lead time (a sandbox ride: at once). */
  async function awaitDispatchMoment(): Promise<void> {
    const target = state.dispatchAt;
    const waitMs = Date.parse(target) - Date.now();
    if (waitMs > 0) await condition(() => state.status !== 'confirmed' || state.dispatchAt !== target || shouldContinueAsNew(), waitMs);
    if (Date.now() >= Date.parse(state.dispatchAt)) state.dispatching = true;
  }

  /**
   * Live dispatch: allocates the nearest compliant available unit of the class (activities/allocation.ts), looking
   * again every ALLOCATION_RETRY_SECONDS while nobody can take the ride, until pickup time plus the grace; then ends
   * `no_driver_available`, free. An ops `assigned` report meanwhile also ends the search.
   */
  async function allocateDriver(): Promise<void> {
    const deadline = driverSearchDeadline(booking.pickupAt).getTime();
    while (state.status === 'confirmed' && state.dispatching && Date.now() < deadline && !shouldContinueAsNew()) {
      const unit = await allocateUnit({ bookingId: booking.id, exclude: [...state.allocation.excluded] });
      if (unit && (state.status !== 'confirmed' || !state.dispatching)) {
        // The booking changed while the unit was claimed (a cancellation, a new pickup time): hand the unit back.
        await releaseUnit({ bookingId: booking.id, unitId: unit.unitId, detach: true, next: 'available' });
        return;
      }
      if (unit) return assignUnit(unit);
      const waitMs = Math.min(ALLOCATION_RETRY_SECONDS * 1000, deadline - Date.now());
      if (waitMs > 0) await condition(() => state.status !== 'confirmed' || !state.dispatching || shouldContinueAsNew(), waitMs);
    }
    if (state.status === 'confirmed' && state.dispatching && Date.now() >= deadline)
      await end(run, 'no_driver_available', 'system', 'no_driver_available');
  }

  /** Waits for the allocated driver's answer until the deadline; no answer withdraws the allocation. */
  async function awaitAcceptance(): Promise<void> {
    const pending = state.allocation.pending!;
    const leftMs = Date.parse(pending.acceptBy) - Date.now();
    if (
      leftMs > 0 &&
      (await condition(() => state.allocation.pending !== pending || state.status !== 'assigned' || shouldContinueAsNew(), leftMs))
    )
      return;
    if (state.allocation.pending === pending) await withdrawAllocation('no_answer');
  }

  /** Sandbox: plays the chosen scenario through `applyProgress` and `acceptPosition`, as a real driver would report. */
  async function simulateSandboxRide(): Promise<void> {
    simulating = true;
    const plan = sandboxPlan(
      booking.sandboxScenario ?? DEFAULT_SANDBOX_SCENARIO,
      {
        bookingId: booking.id,
        vehicleClass: booking.vehicleClass,
        pickup: booking.pickup,
        dropoff: booking.dropoff,
        distanceKm: booking.fare.distance_km,
        durationMin: booking.fare.duration_min,
      },
      ride.sandboxRideMs,
    );
    const start = Date.now();
    for (const step of plan) {
      const delay = start + step.at - Date.now();
      if (delay > 0 && (await condition(() => isTerminal(state.status), delay))) break;
      if (isTerminal(state.status)) break;
      if (step.progress) {
        const input = { ...step.progress, actor: step.actor } as ReportRideProgressInput;
        if (progressRefusal(input) === null) await applyProgress(input);
      } else acceptPosition(step.position);
    }
    state.simulated = true;
    simulating = false;
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
      await simulateSandboxRide();
      continue;
    }
    if (state.status === 'confirmed') {
      await allocateDriver();
      continue;
    }
    if (state.status === 'assigned' && state.allocation.pending) {
      await awaitAcceptance();
      continue;
    }
    if (state.status === 'arrived') {
      const leftMs = noShowDeadline() - Date.now();
      if (leftMs > 0 && (await condition(() => state.status !== 'arrived' || shouldContinueAsNew(), leftMs))) continue;
      if (state.status === 'arrived') await end(run, 'no_show', 'system', 'passenger_no_show');
      continue;
    }
    const seen = { status: state.status, sequence: state.sequence };
    await condition(() => state.status !== seen.status || state.sequence !== seen.sequence || shouldContinueAsNew());
  }
  await run.writes.tail;
  await condition(allHandlersFinished);
  await run.writes.tail;
  // The ride is over: its unit is free again and keeps the ride's driver and vehicle on the booking.
  if (state.ride.unitId) await releaseUnit({ bookingId: booking.id, unitId: state.ride.unitId, detach: false, next: 'available' });
  return state;
}
