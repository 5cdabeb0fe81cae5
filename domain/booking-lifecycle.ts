/** Booking states, as the partner API names them (see docs/booking-lifecycle.md). */
export const BOOKING_STATUSES = [
  'pending',
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

const TERMINAL: ReadonlySet<BookingStatus> = new Set(['completed', 'cancelled', 'no_show', 'no_driver_available']);

const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed'],
  confirmed: ['assigned', 'cancelled', 'no_driver_available'],
  assigned: ['on_the_way', 'cancelled', 'no_driver_available'],
  on_the_way: ['arrived', 'cancelled'],
  arrived: ['on_board', 'no_show', 'cancelled'],
  on_board: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
  no_driver_available: [],
};

export function isTerminal(status: BookingStatus): boolean {
  return TERMINAL.has(status);
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return NEXT[from].includes(to);
}
