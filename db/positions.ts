import type { MikroORM } from '@mikro-orm/postgresql';
import { etaMinutes, RIDE_POSITION_STATUSES } from '../domain/eta';
import type { Place } from './entities';
import { sqlOf, type Statement } from './sql';

export interface PositionReport {
  lat: number;
  lng: number;
  at: Date;
}

export type PositionOutcome =
  | { kind: 'unit_offline' }
  | { kind: 'unknown_unit' }
  /** `applied` is false when a newer position was already known (latest wins: an older report changes nothing). */
  | { kind: 'recorded'; applied: boolean; bookingId: string | null; etaMinutes: number | null };

/** The ride a unit drives, as this process last saw it: its ETA is computed from it before the statement. */
export interface Ride {
  bookingId: string;
  status: string;
  pickup: Place;
  dropoff: Place;
}

interface Landed {
  state: string | null;
  applied: boolean;
  ride_applied: boolean;
  booking_id: string | null;
  status: string | null;
  pickup: Place | null;
  dropoff: Place | null;
}

const RIDE_STATUSES_SQL = RIDE_POSITION_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * One statement: the unit's position (unless offline or older), the position and ETA of the ride this process expects
 * the unit to drive (`$5`, in status `$8`: an ETA is only written under the status it was computed for), and the ride
 * the unit really drives, read from the snapshot before both writes, to check the guess.
 */
const LAND_POSITION = `with current as (select dispatch_state from fleet_units where id = $1),
  moved as (
    update fleet_units set position_lat = $2, position_lng = $3, position_at = $4, updated_at = now()
    where id = $1 and dispatch_state <> 'offline' and (position_at is null or position_at < $4)
    returning id),
  ride as (
    update bookings set position_lat = $2, position_lng = $3, position_at = $4, eta_minutes = $6, eta_at = $7, updated_at = now()
    where id = $5 and unit_id = $1 and status = $8 and (position_at is null or position_at < $4)
      and exists (select 1 from current where dispatch_state <> 'offline')
    returning id)
  select (select dispatch_state from current) as state, exists (select 1 from moved) as applied,
    exists (select 1 from ride) as ride_applied, b.id as booking_id, b.status, b.pickup, b.dropoff
  from (select 1) one left join bookings b on b.unit_id = $1 and b.status in (${RIDE_STATUSES_SQL})`;

const RIDE_POSITION = `update bookings set position_lat = $1, position_lng = $2, position_at = $3, eta_minutes = $4, eta_at = $5,
    updated_at = now()
  where id = $6 and unit_id = $7 and status in (${RIDE_STATUSES_SQL}) and (position_at is null or position_at < $3)
  returning id`;

const RIDES_KEPT = 10_000;
const knownRides = new WeakMap<MikroORM, Map<string, Ride | null>>();

function etaOf(ride: Ride, report: PositionReport): { eta: number | null; etaAt: Date | null } {
  const eta = etaMinutes({ status: ride.status, position: report, pickup: ride.pickup, dropoff: ride.dropoff });
  return { eta, etaAt: eta === null ? null : new Date(report.at.getTime() + eta * 60_000) };
}

/** The statement that lands a report, for a unit expected to drive `expected` (or nothing), and the ETA it writes. */
export function landPosition(unitId: string, report: PositionReport, expected: Ride | null): Statement & { eta: number | null } {
  const { eta, etaAt } = expected ? etaOf(expected, report) : { eta: null, etaAt: null };
  const values = [unitId, report.lat, report.lng, report.at, expected?.bookingId ?? null, eta, etaAt, expected?.status ?? null];
  return { text: LAND_POSITION, values, eta };
}

/**
 * Lands a driver's GPS report in the read model, latest wins, never older over newer:
 * 1. the unit's position, unless the unit is offline (then nothing is written);
 * 2. when the unit holds a ride that is on the way, arrived or on board, the booking's position and ETA
 *    (domain/eta.ts); the bookings trigger then notifies `booking_changed`, which feeds the tracking streams.
 * One round trip while the unit's ride and its status are what this process last saw (every report but the first
 * after a status change); a second statement otherwise. No Temporal call: positions never grow a workflow's history.
 */
export async function recordUnitPosition(orm: MikroORM, unitId: string, report: PositionReport): Promise<PositionOutcome> {
  let rides = knownRides.get(orm);
  if (!rides) knownRides.set(orm, (rides = new Map()));
  const expected = rides.get(unitId) ?? null;
  const guess = landPosition(unitId, report, expected);
  const sql = sqlOf(orm);
  const [row] = await sql<Landed>(guess.text, guess.values);
  if (!row?.state) return { kind: 'unknown_unit' };
  if (row.state === 'offline') return { kind: 'unit_offline' };
  const ride: Ride | null =
    row.booking_id && row.status && row.pickup && row.dropoff
      ? { bookingId: row.booking_id, status: row.status, pickup: row.pickup, dropoff: row.dropoff }
      : null;
  if (rides.size >= RIDES_KEPT && !rides.has(unitId)) rides.delete(rides.keys().next().value!);
  rides.set(unitId, ride);
  if (!ride) return { kind: 'recorded', applied: row.applied, bookingId: null, etaMinutes: null };
  if (expected?.bookingId === ride.bookingId && expected.status === ride.status) {
    return { kind: 'recorded', applied: row.applied || row.ride_applied, bookingId: ride.bookingId, etaMinutes: guess.eta };
  }
  // The unit's ride or its status changed since this process last saw it: write the ride with the ETA it needs.
  const { eta, etaAt } = etaOf(ride, report);
  const updated = await sql(RIDE_POSITION, [report.lat, report.lng, report.at, eta, etaAt, ride.bookingId, unitId]);
  return { kind: 'recorded', applied: row.applied || updated.length > 0, bookingId: ride.bookingId, etaMinutes: eta };
}
