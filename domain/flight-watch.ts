/**
 * Watching the flight an airport pickup meets: when to look, what the simulated provider answers, and where the
 * pickup moves. Pure rules; the booking workflow runs them on timers and asks the provider through an activity.
 */
export const FLIGHT_STATUSES = ['scheduled', 'delayed', 'landed', 'cancelled', 'diverted'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

export interface FlightInfo {
  flight_number: string;
  scheduled_arrival: string;
  estimated_arrival: string;
  status: FlightStatus;
}

/** The watch as the booking keeps and shows it (`flight_watch` on the public single read). */
export interface FlightWatch extends FlightInfo {
  /** When the provider was last asked; null before the first look. */
  checked_at: string | null;
}

/** The first look, this long before the scheduled arrival (at once for a booking made later). */
export const WATCH_FROM_MINUTES_BEFORE_ARRIVAL = 180;
/** Then one look every this many minutes until the flight lands, is cancelled or diverted. */
export const WATCH_EVERY_MINUTES = 15;
/** The pickup follows the flight by the full delay or earliness up to this bound, either way. */
export const MAX_PICKUP_SHIFT_MINUTES = 180;
/** Smaller moves are not worth a reschedule (and the event that goes with it). */
export const MIN_PICKUP_SHIFT_MINUTES = 1;

const MINUTE = 60_000;

/** A flight the provider has nothing more to say about: the watch ends. */
export const isFinalFlightStatus = (status: FlightStatus): boolean =>
  status === 'landed' || status === 'cancelled' || status === 'diverted';

/** The watch of a booking before its first look: the booked pickup is the scheduled arrival. */
export function newFlightWatch(flightNumber: string, pickupAt: string): FlightWatch {
  return { flight_number: flightNumber, scheduled_arrival: pickupAt, estimated_arrival: pickupAt, status: 'scheduled', checked_at: null };
}

/** When to look next: from three hours before arrival (at once if later), then every WATCH_EVERY_MINUTES. */
export function nextFlightCheck(watch: FlightWatch, now: number): number {
  if (watch.checked_at === null) return Math.max(now, Date.parse(watch.scheduled_arrival) - WATCH_FROM_MINUTES_BEFORE_ARRIVAL * MINUTE);
  return Math.max(now, Date.parse(watch.checked_at) + WATCH_EVERY_MINUTES * MINUTE);
}

/**
 * Where the pickup goes for the flight's estimated arrival: the booked pickup moved by the flight's delay (or
 * earliness), at most MAX_PICKUP_SHIFT_MINUTES either way.
 */
export function pickupForFlight(info: FlightInfo): string {
  const bound = MAX_PICKUP_SHIFT_MINUTES * MINUTE;
  const shift = Math.max(-bound, Math.min(bound, Date.parse(info.estimated_arrival) - Date.parse(info.scheduled_arrival)));
  return new Date(Date.parse(info.scheduled_arrival) + shift).toISOString();
}

/**
 * The simulated provider, deterministic by flight number, for sandbox and tests: the scheduled arrival is the
 * booked pickup time; `XX0nnn` lands nnn minutes late, `XX9nnn` nnn minutes early, `XX8nnn` is cancelled and
 * `XX7nnn` diverted; every other flight is on time. A flight is `landed` from its estimated arrival on, `delayed`
 * before that when late, `scheduled` otherwise.
 */
export function simulatedFlight(flightNumber: string, scheduledArrival: string, now: number): FlightInfo {
  const code = /^XX([0-9])([0-9]{3})$/.exec(flightNumber);
  const minutes = code ? Number(code[2]) : 0;
  const kind = code?.[1];
  const shift = kind === '0' ? minutes : kind === '9' ? -minutes : 0;
  const estimated = new Date(Date.parse(scheduledArrival) + shift * MINUTE).toISOString();
  const base = { flight_number: flightNumber, scheduled_arrival: new Date(scheduledArrival).toISOString(), estimated_arrival: estimated };
  if (kind === '8') return { ...base, status: 'cancelled' };
  if (kind === '7') return { ...base, status: 'diverted' };
  if (now >= Date.parse(estimated)) return { ...base, status: 'landed' };
  return { ...base, status: shift > 0 ? 'delayed' : 'scheduled' };
}
