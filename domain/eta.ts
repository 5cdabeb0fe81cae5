import { AVERAGE_SPEED_KMH, EARTH_RADIUS_KM, ROAD_FACTOR, type GeoPoint } from './pricing';

/**
 * ETA of a car from its latest position, with the speed model that prices the ride (domain/pricing.ts): the
 * great-circle distance times ROAD_FACTOR (1.3) driven at AVERAGE_SPEED_KMH (32 km/h), rounded up to whole minutes.
 * Before boarding (`assigned`, `on_the_way`) it is the ETA to the pickup; at the pickup (`arrived`) it is 0; on board
 * it is the ETA to the drop-off. Other statuses have no ETA (null).
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function drivingMinutes(from: GeoPoint, to: GeoPoint): number {
  return Math.ceil(((distanceKm(from, to) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * 60);
}

export function etaMinutes(input: { status: string; position: GeoPoint; pickup: GeoPoint; dropoff: GeoPoint }): number | null {
  switch (input.status) {
    case 'assigned':
    case 'on_the_way':
      return drivingMinutes(input.position, input.pickup);
    case 'arrived':
      return 0;
    case 'on_board':
      return drivingMinutes(input.position, input.dropoff);
    default:
      return null;
  }
}

/** Statuses in which a unit's position is the ride's position (and the tracking page may show it). */
export const RIDE_POSITION_STATUSES = ['on_the_way', 'arrived', 'on_board'] as const;
