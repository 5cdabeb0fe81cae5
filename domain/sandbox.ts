import type { BookingActor } from './booking-lifecycle';

/** What a sandbox booking plays, chosen with the `X-Sandbox-Scenario` header of POST /v1/bookings. */
export const SANDBOX_SCENARIOS = ['happy_path', 'passenger_no_show', 'no_driver_available', 'driver_late', 'driver_cancels'] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];
export const DEFAULT_SANDBOX_SCENARIO: SandboxScenario = 'happy_path';

export function isSandboxScenario(value: unknown): value is SandboxScenario {
  return typeof value === 'string' && (SANDBOX_SCENARIOS as readonly string[]).includes(value);
}

export interface RideDriver {
  name: string;
  phone: string;
  photo_url: string;
  licence_no: string;
  rating: number;
}

export interface RideVehicle {
  make: string;
  model: string;
  year: number;
  color: string;
  plate: string;
}

/** One report from the driver side (driver app, allocation, or the sandbox simulation playing both). */
export type RideProgress =
  | { kind: 'assigned'; driver: RideDriver; vehicle: RideVehicle; unit_id?: string | null }
  | { kind: 'on_the_way'; eta_minutes: number }
  | { kind: 'arrived' }
  | { kind: 'on_board' }
  | { kind: 'completed'; distance_km: number; duration_min: number }
  | { kind: 'no_show' }
  | { kind: 'driver_cancelled' }
  | { kind: 'no_driver_available' }
  /** Live dispatch: the allocated unit's driver accepts or declines the ride (the status stays `assigned` on accept). */
  | { kind: 'accepted'; unit_id: string }
  | { kind: 'declined'; unit_id: string };
export type RideProgressKind = RideProgress['kind'];

export interface GpsPosition {
  lat: number;
  lng: number;
  /** The driver's current ETA to the pickup, while on the way. */
  eta_minutes?: number | null;
  /** Live: the driver app already wrote this position and its ETA to the read model; the workflow only sends `gps.update`. */
  recorded?: boolean;
}

/** One moment of a sandbox ride: a progress report or a GPS position, `at` ms after the simulation starts. */
export type SandboxStep =
  | { at: number; progress: RideProgress; actor: BookingActor; position?: undefined }
  | { at: number; position: GpsPosition; progress?: undefined };

export interface SandboxRide {
  bookingId: string;
  vehicleClass: string;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  distanceKm: number;
  durationMin: number;
}

/** The share of the sandbox clock the driver waits at the pickup before a no-show (passenger_no_show). */
export const SANDBOX_NO_SHOW_WAIT_SHARE = 0.3;

const DRIVERS: readonly Omit<RideDriver, 'photo_url'>[] = [
  { name: 'Camille Martin', phone: '+33600000001', licence_no: 'SANDBOX-VTC-0001', rating: 4.9 },
  { name: 'Jonas Weber', phone: '+33600000002', licence_no: 'SANDBOX-VTC-0002', rating: 4.8 },
  { name: 'Amira Haddad', phone: '+33600000003', licence_no: 'SANDBOX-VTC-0003', rating: 5 },
];

const VEHICLES: Readonly<Record<string, Omit<RideVehicle, 'plate'>>> = {
  standard: { make: 'Toyota', model: 'Corolla Hybrid', year: 2024, color: 'white' },
  executive: { make: 'Mercedes-Benz', model: 'E-Class', year: 2025, color: 'black' },
  luxury: { make: 'Mercedes-Benz', model: 'S-Class', year: 2025, color: 'black' },
  van: { make: 'Mercedes-Benz', model: 'V-Class', year: 2024, color: 'grey' },
  minibus: { make: 'Mercedes-Benz', model: 'Sprinter', year: 2023, color: 'silver' },
};

function pick(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

/** The mock driver and vehicle of a sandbox ride: fixed per booking, plainly fake (example.com photo, SANDBOX- licence). */
export function sandboxAssignment(ride: Pick<SandboxRide, 'bookingId' | 'vehicleClass'>): { driver: RideDriver; vehicle: RideVehicle } {
  const n = pick(ride.bookingId);
  const d = DRIVERS[n % DRIVERS.length];
  const v = VEHICLES[ride.vehicleClass] ?? VEHICLES.standard;
  return {
    driver: { ...d, photo_url: `https://example.com/sandbox/drivers/${d.licence_no.toLowerCase()}.jpg` },
    vehicle: { ...v, plate: `SB-${String(n % 1000).padStart(3, '0')}-XZ` },
  };
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
const between = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, t: number) => ({
  lat: round5(a.lat + (b.lat - a.lat) * t),
  lng: round5(a.lng + (b.lng - a.lng) * t),
});

/**
 * The whole sandbox ride on a compressed clock of `budgetMs` real milliseconds (the happy path ends at 95 % of it):
 * assigned at 10 %, on the way at 15 % with the ETA falling over GPS positions that approach the pickup, arrived at
 * 45 %, on board at 55 %, positions along the route, completed at 95 % with the booked distance and duration.
 * `passenger_no_show` stops at arrival (the workflow's no-show timer ends it after 30 % more); `no_driver_available`
 * gives up at 30 %; `driver_cancels` gives up on the way at 30 %; `driver_late` revises the ETA upwards.
 */
export function sandboxPlan(scenario: SandboxScenario, ride: SandboxRide, budgetMs: number): SandboxStep[] {
  const at = (share: number) => Math.round(budgetMs * share);
  const { driver, vehicle } = sandboxAssignment(ride);
  const start = { lat: round5(ride.pickup.lat + 0.018), lng: round5(ride.pickup.lng + 0.012) };
  const steps: SandboxStep[] = [];
  const dispatch = (share: number, progress: RideProgress) => steps.push({ at: at(share), progress, actor: 'dispatch' });
  const driverSays = (share: number, progress: RideProgress) => steps.push({ at: at(share), progress, actor: 'driver' });
  const position = (share: number, p: GpsPosition) => steps.push({ at: at(share), position: p });

  if (scenario === 'no_driver_available') {
    dispatch(0.3, { kind: 'no_driver_available' });
    return steps;
  }
  dispatch(0.1, { kind: 'assigned', driver, vehicle, unit_id: null });
  const late = scenario === 'driver_late';
  driverSays(0.15, { kind: 'on_the_way', eta_minutes: 8 });
  const approachEtas = late ? [9, 18, 16, 12, 6] : [7, 5, 4, 2, 1];
  for (let i = 0; i < 5; i++) {
    const share = 0.2 + i * 0.05;
    if (late && i === 1) driverSays(share, { kind: 'on_the_way', eta_minutes: approachEtas[i] });
    position(share, { ...between(start, ride.pickup, (i + 1) / 6), eta_minutes: approachEtas[i] });
    if (scenario === 'driver_cancels' && i === 1) {
      driverSays(0.3, { kind: 'driver_cancelled' });
      return steps;
    }
  }
  driverSays(0.45, { kind: 'arrived' });
  if (scenario === 'passenger_no_show') return steps;
  driverSays(0.55, { kind: 'on_board' });
  for (let i = 1; i <= 7; i++) position(0.55 + i * 0.05, between(ride.pickup, ride.dropoff, i / 8));
  driverSays(0.95, { kind: 'completed', distance_km: ride.distanceKm, duration_min: ride.durationMin });
  return steps;
}
