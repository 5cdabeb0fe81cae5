import { localDateTime } from './local-time';
import { marketTimeZone } from './markets';

/**
 * What an invoice line says of the ride it bills, frozen when the invoice is issued (a later erasure of the
 * passenger's data or a change to the booking never changes an issued document): when and where the ride started in
 * its market's time zone, where it went, in which class, for whom (only where the account asked for names on its
 * invoices) and on which purchase order (the booking's `customer_reference`).
 */
export interface LineRide {
  /** The booked pickup, ISO 8601 UTC. */
  pickup_at: string;
  /** The market's IANA time zone, in which the line states the pickup. */
  time_zone: string;
  /** The pickup in that zone with its offset, e.g. `2026-10-03T10:00+02:00`. */
  pickup_local: string;
  from: string;
  to: string;
  vehicle_class: string;
  /** Null unless the account's billing details ask for passenger names (`invoice_passengers`). */
  passenger_name: string | null;
  customer_reference: string | null;
}

/** The booking facts a line is written from. */
export interface RideFacts {
  pickupAt: Date;
  market: string;
  from: string;
  to: string;
  vehicleClass: string;
  passengerName: string | null;
  customerReference: string | null;
}

const KIND_LABEL: Record<string, string> = {
  fare: 'Ride',
  waiting: 'Waiting',
  cancellation_fee: 'Cancellation fee',
  no_show_fee: 'No-show fee',
  commission: 'Commission',
};

/** The line's ride, as stored with it; `passengers` is the account's setting. */
export function lineRide(facts: RideFacts, passengers: boolean): LineRide {
  const timeZone = marketTimeZone(facts.market);
  return {
    pickup_at: facts.pickupAt.toISOString(),
    time_zone: timeZone,
    pickup_local: localDateTime(facts.pickupAt, timeZone),
    from: facts.from,
    to: facts.to,
    vehicle_class: facts.vehicleClass,
    passenger_name: passengers && facts.passengerName ? facts.passengerName : null,
    customer_reference: facts.customerReference,
  };
}

/** `2026-10-03 10:00 (Europe/Paris)`. */
export function pickupText(ride: Pick<LineRide, 'pickup_local' | 'time_zone'>): string {
  return `${ride.pickup_local.slice(0, 10)} ${ride.pickup_local.slice(11, 16)} (${ride.time_zone})`;
}

/** What the line's item is: "Ride bkg_…" (the kind and the booking). */
export function lineName(kind: string, bookingRef: string): string {
  return `${KIND_LABEL[kind] ?? kind} ${bookingRef}`;
}

/** The ride in one sentence (the UBL item description, BT-154): "2026-10-03 10:00 (Europe/Paris), A → B, business". */
export function rideSummary(ride: LineRide): string {
  return `${pickupText(ride)}, ${ride.from} → ${ride.to}, ${ride.vehicle_class}`;
}

/** Who and which order (the UBL line note, BT-127), or null when the line names neither. */
export function rideNote(ride: LineRide): string | null {
  const parts = [
    ride.passenger_name ? `Passenger: ${ride.passenger_name}` : null,
    ride.customer_reference ? `Your reference: ${ride.customer_reference}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join('; ') : null;
}

/** The line's description as the JSON and the payment page show it: its name, then the ride. */
export function lineDescription(kind: string, bookingRef: string, ride: LineRide | null): string {
  return ride ? `${lineName(kind, bookingRef)}: ${rideSummary(ride)}` : lineName(kind, bookingRef);
}

/** BT-13: the document's purchase order, when every line carries the same reference. */
export function commonReference(rides: readonly (LineRide | null)[]): string | null {
  const refs = new Set(rides.map((r) => r?.customer_reference ?? null));
  const [only] = [...refs];
  return refs.size === 1 && only ? only : null;
}
