import { condition } from '@temporalio/workflow';
import { noShowAt, transitionRefusal, type BookingStatus } from '../../domain/booking-lifecycle';
import { SANDBOX_NO_SHOW_WAIT_SHARE, type RideProgressKind } from '../../domain/sandbox';
import type { ReportRideProgressInput } from '../../contracts/booking';
import { allocationActivities } from './activities';
import { nowIso, type BookingRun } from './run';
import { changeStatus, end } from './status';

/** The status each driver-side report moves the booking to. */
export const PROGRESS_TARGET: Record<RideProgressKind, BookingStatus> = {
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

/** A report of the ride itself: every kind but the answers to an allocation (live-allocation.ts). */
export type RideReport = Exclude<ReportRideProgressInput, { kind: 'accepted' | 'declined' }>;

function noShowDeadline({ booking, sandbox, settings, state }: BookingRun): number {
  const arrivedAt = state.ride.arrivedAt ?? nowIso();
  if (sandbox) return Date.parse(arrivedAt) + Math.round(settings!.sandboxRideMs * SANDBOX_NO_SHOW_WAIT_SHARE);
  return noShowAt({ arrivedAt, pickupAt: booking.pickupAt, pickup: booking.pickup }).getTime();
}

export function rideReportRefusal(run: BookingRun, input: RideReport): string | null {
  const { state } = run;
  const refusal = transitionRefusal(state.status, PROGRESS_TARGET[input.kind], input.actor);
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
      const deadline = noShowDeadline(run);
      return Date.now() < deadline ? `the passenger's wait runs until ${new Date(deadline).toISOString()}` : null;
    }
    default:
      return null;
  }
}

/** Moves the ride on as the driver side reported it (the reportRideProgress Update, or the sandbox simulation). */
export async function applyRideReport(run: BookingRun, input: RideReport): Promise<void> {
  const { booking, state } = run;
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
      if (ride.unitId) await allocationActivities.unitOnTrip({ bookingId: booking.id, unitId: ride.unitId });
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
  }
}

/** The chauffeur has arrived: the passenger's wait, then `no_show` if the ride has not moved on. */
export async function awaitPassenger(run: BookingRun, due: () => boolean): Promise<void> {
  const { state } = run;
  const leftMs = noShowDeadline(run) - Date.now();
  if (leftMs > 0 && (await condition(() => state.status !== 'arrived' || due(), leftMs))) return;
  if (state.status === 'arrived') await end(run, 'no_show', 'system', 'passenger_no_show');
}
