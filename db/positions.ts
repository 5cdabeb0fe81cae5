import type { MikroORM } from '@mikro-orm/postgresql';
import { etaMinutes, RIDE_POSITION_STATUSES } from '../domain/eta';
import type { Place } from './entities';

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

const RIDE_STATUSES_SQL = RIDE_POSITION_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Lands a driver's GPS report in the read model, latest wins, never older over newer:
 * 1. the unit's position, unless the unit is offline (then nothing is written);
 * 2. when the unit holds a ride that is on the way, arrived or on board, the booking's position and ETA
 *    (domain/eta.ts); the bookings trigger then notifies `booking_changed`, which feeds the tracking streams.
 * No Temporal call: positions never grow a workflow's history.
 */
export async function recordUnitPosition(orm: MikroORM, unitId: string, report: PositionReport): Promise<PositionOutcome> {
  const connection = orm.em.getConnection();
  const rows: {
    state: string | null;
    applied: boolean;
    booking_id: string | null;
    status: string | null;
    pickup: Place | null;
    dropoff: Place | null;
  }[] = await connection.execute(
    `with current as (select dispatch_state from fleet_units where id = ?),
            moved as (
              update fleet_units set position_lat = ?, position_lng = ?, position_at = ?, updated_at = now()
              where id = ? and dispatch_state <> 'offline' and (position_at is null or position_at < ?)
              returning id)
       select (select dispatch_state from current) as state, exists (select 1 from moved) as applied,
              b.id as booking_id, b.status, b.pickup, b.dropoff
       from (select 1) one
       left join bookings b on b.unit_id = ? and b.status in (${RIDE_STATUSES_SQL})`,
    [unitId, report.lat, report.lng, report.at, unitId, report.at, unitId],
  );
  const row = rows[0];
  if (!row?.state) return { kind: 'unknown_unit' };
  if (row.state === 'offline') return { kind: 'unit_offline' };
  if (!row.booking_id || !row.status || !row.pickup || !row.dropoff)
    return { kind: 'recorded', applied: row.applied, bookingId: null, etaMinutes: null };
  const eta = etaMinutes({ status: row.status, position: report, pickup: row.pickup, dropoff: row.dropoff });
  const etaAt = eta === null ? null : new Date(report.at.getTime() + eta * 60_000);
  const updated: { id: string }[] = await connection.execute(
    `update bookings set position_lat = ?, position_lng = ?, position_at = ?, eta_minutes = ?, eta_at = ?, updated_at = now()
     where id = ? and unit_id = ? and status in (${RIDE_STATUSES_SQL}) and (position_at is null or position_at < ?)
     returning id`,
    [report.lat, report.lng, report.at, eta, etaAt, row.booking_id, unitId, report.at],
  );
  return { kind: 'recorded', applied: row.applied || updated.length > 0, bookingId: row.booking_id, etaMinutes: eta };
}
