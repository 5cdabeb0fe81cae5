import { condition } from '@temporalio/workflow';
import { isTerminal } from '../../domain/booking-lifecycle';
import {
  isFinalFlightStatus,
  MIN_PICKUP_SHIFT_MINUTES,
  newFlightWatch,
  nextFlightCheck,
  pickupForFlight,
  type FlightWatch,
} from '../../domain/flight-watch';
import { rescheduleRefusal } from '../../domain/reschedule';
import { flightActivities } from './activities';
import { reschedule } from './reschedule';
import { nowIso, type BookingRun } from './run';
import { publish, record } from './write-queue';

/** What the watch tells the run: it is moving the pickup, so continue-as-new must wait for it. */
export interface FlightWatcher {
  retiming: boolean;
}

/**
 * A live airport pickup follows its flight (docs/live-dispatch.md#flight-watch): looks on timers from three hours
 * before the booked arrival until the flight lands, is cancelled or diverted, or the chauffeur sets off.
 */
export function startFlightWatch(run: BookingRun, flightNumber: string): FlightWatcher {
  const watcher: FlightWatcher = { retiming: false };
  void watchFlight(run, watcher, flightNumber);
  return watcher;
}

async function watchFlight(run: BookingRun, watcher: FlightWatcher, flightNumber: string): Promise<void> {
  const { booking, state } = run;
  const chauffeurUnderWay = () => isTerminal(state.status) || ['on_the_way', 'arrived', 'on_board'].includes(state.status);
  state.flightWatch ??= newFlightWatch(flightNumber, booking.pickupAt);
  while (!chauffeurUnderWay() && !isFinalFlightStatus(state.flightWatch.status)) {
    const waitMs = nextFlightCheck(state.flightWatch, Date.now()) - Date.now();
    if (waitMs > 0 && (await condition(chauffeurUnderWay, waitMs))) return;
    const info = await flightActivities.lookupFlight({
      flightNumber,
      scheduledArrival: state.flightWatch.scheduled_arrival,
      asOf: nowIso(),
    });
    if (chauffeurUnderWay()) return;
    const watch: FlightWatch = { ...info, checked_at: nowIso() };
    state.flightWatch = watch;
    if (info.status === 'cancelled' || info.status === 'diverted') return flightLost(run, watch);
    const pickupAt = pickupForFlight(info);
    const shiftMs = Math.abs(Date.parse(pickupAt) - Date.parse(booking.pickupAt));
    const refusal = rescheduleRefusal({
      status: state.status,
      freeUntil: booking.freeUntil,
      pickupAt,
      cause: 'flight_watch',
      now: Date.now(),
    });
    watcher.retiming = true;
    try {
      if (shiftMs >= MIN_PICKUP_SHIFT_MINUTES * 60_000 && !refusal)
        await reschedule(run, { pickup_at: pickupAt, actor: 'system', cause: 'flight_watch' }, watch);
      else await record(run, null, { flightWatch: watch });
    } finally {
      watcher.retiming = false;
    }
  }
}

/** No flight to meet: the booking stays for the customer to cancel, free of charge whenever they do. */
async function flightLost(run: BookingRun, watch: FlightWatch): Promise<void> {
  const { booking, state } = run;
  const terms = { pickupAt: booking.pickupAt, fare: booking.fare, freeUntil: booking.pickupAt, lateCancellationFeeMinor: 0 };
  Object.assign(booking, { freeUntil: terms.freeUntil, lateCancellationFeeMinor: 0 });
  state.freeUntil = terms.freeUntil;
  state.freeCancellation = true;
  void record(run, null, { terms, flightWatch: watch });
  publish(run, 'booking.status_changed', `flight_${watch.status}`);
  await run.writes.tail;
}
