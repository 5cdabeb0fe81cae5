import type { BookingStatus } from './booking-lifecycle';

/** Booking status as the Public Integration API names it. */
export const PUBLIC_STATUSES = [
  'confirmed',
  'allocated',
  'en_route',
  'arrived',
  'pob',
  'completed',
  'cancelled',
  'no_show',
  'no_driver_available',
] as const;
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

const TO_PUBLIC: Readonly<Record<BookingStatus, PublicStatus>> = {
  confirmed: 'confirmed',
  assigned: 'allocated',
  on_the_way: 'en_route',
  arrived: 'arrived',
  on_board: 'pob',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'no_show',
  no_driver_available: 'no_driver_available',
};

const TO_INTERNAL = Object.fromEntries(Object.entries(TO_PUBLIC).map(([internal, pub]) => [pub, internal])) as Readonly<
  Record<PublicStatus, BookingStatus>
>;

export function isPublicStatus(value: string): value is PublicStatus {
  return Object.prototype.hasOwnProperty.call(TO_INTERNAL, value);
}

/** Internal status → public vocabulary; an unknown status is a corrupt read model, so it throws. */
export function toPublicStatus(status: string): PublicStatus {
  if (!Object.prototype.hasOwnProperty.call(TO_PUBLIC, status)) throw new RangeError(`Unknown booking status: ${JSON.stringify(status)}`);
  return TO_PUBLIC[status as BookingStatus];
}

/** Public status (e.g. a list filter) → the internal status stored in the read model. */
export function toInternalStatus(status: PublicStatus): BookingStatus {
  if (!isPublicStatus(status)) throw new RangeError(`Unknown public booking status: ${JSON.stringify(status)}`);
  return TO_INTERNAL[status];
}
