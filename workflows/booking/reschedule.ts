import { upsertSearchAttributes } from '@temporalio/workflow';
import { dispatchAt, type BookingActor } from '../../domain/booking-lifecycle';
import type { FlightWatch } from '../../domain/flight-watch';
import { movedTerms, rescheduleRefusal, type RescheduleRecord } from '../../domain/reschedule';
import type { RescheduleBookingInput } from '../../contracts/booking';
import { PickupAtKey } from '../../contracts/search-attributes';
import { handBackAllocation } from './live-allocation';
import { nowIso, type BookingRun } from './run';
import { publish, record } from './write-queue';

const RESCHEDULE_ACTORS: readonly BookingActor[] = ['partner', 'integrator', 'ops', 'system'];

export function rescheduleRefusalNow({ booking, state }: BookingRun, input: RescheduleBookingInput): string | null {
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
export async function reschedule(run: BookingRun, input: RescheduleBookingInput, flightWatch?: FlightWatch): Promise<void> {
  const { booking, state } = run;
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
  if (!run.sandbox) {
    if (state.status === 'assigned') await handBackAllocation(run);
    state.dispatchAt = dispatchAt(moved.pickupAt, new Date()).toISOString();
    state.dispatching = false;
  }
  const watch = flightWatch ?? state.flightWatch ?? undefined;
  void record(run, 'booking.rescheduled', { terms: moved, lastReschedule: change, ...(watch ? { flightWatch: watch } : {}) });
  publish(run, 'booking.rescheduled', `rescheduled:${moved.pickupAt}`);
  await run.writes.tail;
}
