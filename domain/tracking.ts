import { RIDE_POSITION_STATUSES } from './eta';

/**
 * What the passenger tracking page and stream show of a booking: no passenger data; the pickup and drop-off as the
 * booking names them (the passenger checks where the chauffeur is coming), coordinates for the map.
 */
export interface TrackingSource {
  status: string;
  pickup: { lat: number; lng: number; address?: string };
  dropoff: { lat: number; lng: number; address?: string };
  pickupAt: Date;
  driver?: { name: string } | null;
  vehicle?: { make: string; model: string; color: string; plate: string } | null;
  positionLat?: number | null;
  positionLng?: number | null;
  positionAt?: Date | null;
  etaMinutes?: number | null;
}

export interface TrackingView {
  status: string;
  /** The status in words, for the page. */
  headline: string;
  pickup_at: string;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  /** The addresses the booking was made with; null for bookings made with coordinates only. */
  pickup_address: string | null;
  dropoff_address: string | null;
  driver: { first_name: string } | null;
  vehicle: { make: string; model: string; color: string; plate: string } | null;
  /** Only once a driver is on the way: before that the car's position is nobody's business. */
  position: { lat: number; lng: number; at: string } | null;
  eta_minutes: number | null;
  ended: boolean;
}

const HEADLINES: Record<string, string> = {
  pending: 'Booking received',
  confirmed: 'Booking confirmed',
  assigned: 'Your driver is assigned',
  on_the_way: 'Your driver is on the way',
  arrived: 'Your driver has arrived',
  on_board: 'On the way to your destination',
  completed: 'You have arrived. Thank you for riding with us',
  cancelled: 'This ride was cancelled',
  no_show: 'The driver could not find you',
  no_driver_available: 'No driver was available for this ride',
};

export const TRACKING_ENDED_STATUSES: readonly string[] = ['completed', 'cancelled', 'no_show', 'no_driver_available'];

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function trackingView(b: TrackingSource): TrackingView {
  const live = (RIDE_POSITION_STATUSES as readonly string[]).includes(b.status);
  const position =
    live && b.positionLat != null && b.positionLng != null && b.positionAt
      ? { lat: b.positionLat, lng: b.positionLng, at: b.positionAt.toISOString() }
      : null;
  return {
    status: b.status,
    headline: HEADLINES[b.status] ?? b.status,
    pickup_at: b.pickupAt.toISOString(),
    pickup: { lat: b.pickup.lat, lng: b.pickup.lng },
    dropoff: { lat: b.dropoff.lat, lng: b.dropoff.lng },
    pickup_address: b.pickup.address ?? null,
    dropoff_address: b.dropoff.address ?? null,
    driver: b.driver ? { first_name: firstName(b.driver.name) } : null,
    vehicle: b.vehicle ? { make: b.vehicle.make, model: b.vehicle.model, color: b.vehicle.color, plate: b.vehicle.plate } : null,
    position,
    eta_minutes: live ? (b.etaMinutes ?? null) : null,
    ended: TRACKING_ENDED_STATUSES.includes(b.status),
  };
}
