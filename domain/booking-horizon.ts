import { VEHICLE_CLASSES, type VehicleClass } from './pricing';

/** How far ahead a ride may be booked, quoted or moved: a year and a day (a booking workflow may run that long). */
export const BOOKING_HORIZON_DAYS = 366;
export const BOOKING_HORIZON_MS = BOOKING_HORIZON_DAYS * 24 * 3600 * 1000;
/** How far in the past a pickup time may be (clocks and slow clients), before it is refused as past. */
export const PICKUP_PAST_TOLERANCE_MS = 5 * 60 * 1000;

export interface TripIssue {
  field: 'pickup_at' | 'pax' | 'luggage';
  message: string;
}

/**
 * What a quote or a booking of either API must respect beyond its fields' shapes: the class's seats and luggage, and a
 * pickup time neither past nor beyond the booking horizon. Empty when the trip is acceptable.
 */
export function tripIssues(trip: { vehicleClass: string; pax: number; luggage?: number; pickupAt: string }, now = Date.now()): TripIssue[] {
  const issues: TripIssue[] = [];
  const spec = VEHICLE_CLASSES[trip.vehicleClass as VehicleClass];
  if (spec && trip.pax > spec.maxPassengers)
    issues.push({ field: 'pax', message: `${trip.vehicleClass} seats at most ${spec.maxPassengers} passengers` });
  if (spec && trip.luggage !== undefined && trip.luggage > spec.maxLuggage)
    issues.push({ field: 'luggage', message: `${trip.vehicleClass} carries at most ${spec.maxLuggage} pieces` });
  const pickupAt = Date.parse(trip.pickupAt);
  if (pickupAt < now - PICKUP_PAST_TOLERANCE_MS) issues.push({ field: 'pickup_at', message: 'pickup time is in the past' });
  if (pickupAt > now + BOOKING_HORIZON_MS) issues.push({ field: 'pickup_at', message: 'pickup time is more than a year ahead' });
  return issues;
}
