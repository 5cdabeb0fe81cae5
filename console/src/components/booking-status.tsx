import type { Schema } from '../client/client';
import { Badge } from './badge';

type Status = Schema<'PublicBookingStatus'>;

export const BOOKING_STATUSES: { value: Status; label: string }[] = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'allocated', label: 'Chauffeur allocated' },
  { value: 'en_route', label: 'Chauffeur on the way' },
  { value: 'arrived', label: 'Chauffeur arrived' },
  { value: 'pob', label: 'Passenger on board' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'no_show', label: 'No show' },
  { value: 'no_driver_available', label: 'No chauffeur available' },
];
export const bookingStatusLabel = (status: Status) => BOOKING_STATUSES.find((s) => s.value === status)?.label ?? status;

export function BookingStatusBadge({ status }: { status: Status }) {
  const tone =
    status === 'completed'
      ? 'good'
      : status === 'cancelled' || status === 'no_show' || status === 'no_driver_available'
        ? 'bad'
        : status === 'confirmed'
          ? 'neutral'
          : 'warn';
  return <Badge tone={tone}>{bookingStatusLabel(status)}</Badge>;
}
