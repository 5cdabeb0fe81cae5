/** Booking states, as the partner API names them (see docs/booking-lifecycle.md). */
export const BOOKING_STATUSES = [
  'confirmed',
  'assigned',
  'on_the_way',
  'arrived',
  'on_board',
  'completed',
  'cancelled',
  'no_show',
  'no_driver_available',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Who causes a change: the partner (Partner API), an integrator (Public API), the driver (driver app), dispatch
 * (allocation: live dispatch or the sandbox simulation), the system (the booking workflow's own timers) and ops
 * (support staff, who may correct anything that is not yet final).
 */
export const BOOKING_ACTORS = ['partner', 'integrator', 'driver', 'dispatch', 'system', 'ops'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

export interface TransitionRule {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly BookingActor[];
  /** What the change means, for the lifecycle table. */
  means: string;
}

/** Every allowed change, and who may cause it: docs/booking-lifecycle.md shows the same table. */
export const TRANSITIONS: readonly TransitionRule[] = [
  { from: ['confirmed'], to: 'assigned', by: ['dispatch', 'ops'], means: 'a driver and vehicle are allocated' },
  {
    from: ['assigned'],
    to: 'confirmed',
    by: ['dispatch', 'ops'],
    means: 'the allocated driver declined or did not answer; dispatch looks for another',
  },
  { from: ['assigned'], to: 'on_the_way', by: ['driver', 'ops'], means: 'the driver sets off, with an ETA' },
  { from: ['on_the_way'], to: 'on_the_way', by: ['driver', 'ops'], means: 'the driver revises the ETA' },
  { from: ['on_the_way'], to: 'arrived', by: ['driver', 'ops'], means: 'the driver is at the pickup' },
  { from: ['arrived'], to: 'on_board', by: ['driver', 'ops'], means: 'the passenger is on board, the trip starts' },
  { from: ['on_board'], to: 'completed', by: ['driver', 'ops'], means: 'the trip ends at the drop-off' },
  {
    from: ['confirmed', 'assigned', 'on_the_way', 'arrived'],
    to: 'cancelled',
    by: ['partner', 'integrator', 'ops'],
    means: 'cancelled by the customer; free inside the window, the policy fee after it',
  },
  { from: ['assigned', 'on_the_way', 'arrived'], to: 'cancelled', by: ['driver'], means: 'the driver gives the ride up; never a fee' },
  {
    from: ['arrived'],
    to: 'no_show',
    by: ['system', 'driver', 'ops'],
    means: 'the passenger did not come within the no-show wait',
  },
  {
    from: ['confirmed', 'assigned', 'on_the_way'],
    to: 'no_driver_available',
    by: ['dispatch', 'system', 'ops'],
    means: 'no driver could do the ride; never a fee',
  },
];

const TERMINAL: ReadonlySet<BookingStatus> = new Set(['completed', 'cancelled', 'no_show', 'no_driver_available']);

export function isTerminal(status: BookingStatus): boolean {
  return TERMINAL.has(status);
}

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

/**
 * The one lifecycle rule every Update validator calls: null when `actor` may move the booking from `from` to `to`,
 * otherwise the reason it may not (shown to the caller).
 */
export function transitionRefusal(from: BookingStatus, to: BookingStatus, actor: BookingActor): string | null {
  if (!isBookingStatus(to)) return `unknown status ${JSON.stringify(to)}`;
  if (!(BOOKING_ACTORS as readonly string[]).includes(actor)) return `unknown actor ${JSON.stringify(actor)}`;
  if (isTerminal(from)) return `the booking is already ${from}`;
  const rules = TRANSITIONS.filter((r) => r.to === to && r.from.includes(from));
  if (rules.length === 0) return `a booking that is ${from} cannot become ${to}`;
  if (!rules.some((r) => r.by.includes(actor))) {
    const allowed = [...new Set(rules.flatMap((r) => r.by))].join(', ');
    return `only ${allowed} may make a ${from} booking ${to}, not ${actor}`;
  }
  return null;
}

export function canTransition(from: BookingStatus, to: BookingStatus, actor: BookingActor): boolean {
  return transitionRefusal(from, to, actor) === null;
}

/** Dispatch starts this long before the pickup; a ride booked inside it is dispatched at once. */
export const DISPATCH_LEAD_MINUTES = 30;
/** A live ride with no driver this long after its pickup time ends `no_driver_available`. */
export const DRIVER_SEARCH_GRACE_MINUTES = 15;
/** The driver waits this long for the passenger, counted from the later of arrival and pickup time. */
export const NO_SHOW_WAIT_MINUTES = 15;
/** For a pickup with a flight number (the flight may land late, then baggage and passport control). */
export const NO_SHOW_WAIT_FLIGHT_MINUTES = 45;

const MINUTE = 60_000;
const at = (value: Date | string) => new Date(value).getTime();

/** When dispatch starts: pickup minus the lead time, or at once (`now`) for a ride inside it. */
export function dispatchAt(pickupAt: Date | string, now: Date | string): Date {
  return new Date(Math.max(at(now), at(pickupAt) - DISPATCH_LEAD_MINUTES * MINUTE));
}

/** When a live ride still without a driver gives up. */
export function driverSearchDeadline(pickupAt: Date | string): Date {
  return new Date(at(pickupAt) + DRIVER_SEARCH_GRACE_MINUTES * MINUTE);
}

export function noShowWaitMinutes(pickup: { flight_number?: string }): number {
  return pickup.flight_number ? NO_SHOW_WAIT_FLIGHT_MINUTES : NO_SHOW_WAIT_MINUTES;
}

/** When an arrived driver may give up on the passenger: the wait runs from the later of arrival and pickup time. */
export function noShowAt(input: { arrivedAt: Date | string; pickupAt: Date | string; pickup: { flight_number?: string } }): Date {
  return new Date(Math.max(at(input.arrivedAt), at(input.pickupAt)) + noShowWaitMinutes(input.pickup) * MINUTE);
}
