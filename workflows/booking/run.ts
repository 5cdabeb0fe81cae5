import { dispatchAt } from '../../domain/booking-lifecycle';
import type { BookingCarry, BookingRecord, BookingState, RideSettings } from '../../contracts/booking';
import type { WriteQueue } from './write-queue';

/**
 * What every part of one booking run shares: the booking (its terms move with a reschedule), the state the run
 * carries to the next (continue-as-new), the ride settings once read, and the queue of read-model writes.
 */
export interface BookingRun {
  booking: BookingRecord;
  sandbox: boolean;
  state: BookingState;
  /** Read by the first run once the booking is saved; carried after. */
  settings: RideSettings | undefined;
  writes: WriteQueue;
}

export const nowIso = () => new Date().toISOString();

export function bookingRun(booking: BookingRecord, carry: BookingCarry | undefined, writes: WriteQueue): BookingRun {
  const sandbox = booking.environment === 'sandbox';
  const state: BookingState = carry ? { ...carry.state, run: carry.state.run + 1 } : initialState(booking, sandbox);
  state.allocation ??= { excluded: [], pending: null, accepted: false };
  return { booking, sandbox, state, settings: carry?.settings, writes };
}

function initialState(booking: BookingRecord, sandbox: boolean): BookingState {
  return {
    bookingId: booking.id,
    booking,
    status: 'confirmed',
    freeCancellation: true,
    freeUntil: booking.freeUntil,
    // A sandbox ride plays at once on its compressed clock, whenever it is booked for.
    dispatchAt: sandbox ? nowIso() : dispatchAt(booking.pickupAt, new Date()).toISOString(),
    dispatching: false,
    simulated: !sandbox,
    sequence: 0,
    ride: {
      unitId: null,
      driver: null,
      vehicle: null,
      etaMinutes: null,
      position: null,
      assignedAt: null,
      onTheWayAt: null,
      arrivedAt: null,
      startedAt: null,
      completedAt: null,
      endedAt: null,
    },
    cancellation: null,
    allocation: { excluded: [], pending: null, accepted: false },
    lastGpsAt: null,
    flightWatch: null,
    run: 1,
  };
}
