import type { MikroORM } from '@mikro-orm/postgresql';
import { etaMinutes, RIDE_POSITION_STATUSES } from '../domain/eta';
import type { DispatchState, Place } from './entities';
import { sqlOf, type Sql, type Statement } from './sql';

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
  n: number;
  state: string | null;
  applied: boolean;
  ride_applied: boolean;
  booking_id: string | null;
  status: string | null;
  pickup: Place | null;
  dropoff: Place | null;
}

const RIDE_STATUSES_SQL = RIDE_POSITION_STATUSES.map((s) => `'${s}'`).join(', ');

const INPUT_COLUMNS = 'n, unit_id, lat, lng, at, booking_id, eta, eta_at, status';
const INPUT_TYPES = ['int', 'text', 'float8', 'float8', 'timestamptz', 'text', 'int', 'timestamptz', 'text'];
/** A report alone: scalars, which PostgreSQL plans once per connection (it knows there is one row). */
const ONE_REPORT = `select ${INPUT_TYPES.map((type, i) => `$${i + 1}::${type}`).join(', ')}`;
/** A batch: one array per column, planned for its size on every run (the planning is shared by the whole batch). */
const REPORTS = `select * from unnest(${INPUT_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;

/**
 * One statement lands `input` (reports, at most one per unit; `n` numbers them): each unit's position (unless offline
 * or older), the position and ETA of the ride this process expects the unit to drive (in the status the ETA was
 * computed for: an ETA is only written under that status), and the ride each unit really drives (the one its row
 * holds), read from the snapshot before the writes, to check the guess. Rows are locked in unit order, so concurrent
 * batches of other processes mostly wait for each other rather than deadlock (a deadlock is retried).
 */
const landing = (input: string) => `with input (${INPUT_COLUMNS}) as (${input}),
  current as (select u.id, u.dispatch_state, u.booking_id from fleet_units u join input i on u.id = i.unit_id),
  moved as (
    update fleet_units u set position_lat = i.lat, position_lng = i.lng, position_at = i.at, updated_at = now()
    from (select * from input order by unit_id) i
    where u.id = i.unit_id and u.dispatch_state <> 'offline' and (u.position_at is null or u.position_at < i.at)
    returning u.id),
  ride as (
    update bookings b set position_lat = i.lat, position_lng = i.lng, position_at = i.at, eta_minutes = i.eta,
      eta_at = i.eta_at, updated_at = now()
    from (select * from input order by unit_id) i
    where b.id = i.booking_id and b.unit_id = i.unit_id and b.status = i.status and (b.position_at is null or b.position_at < i.at)
      and exists (select 1 from current c where c.id = i.unit_id and c.dispatch_state <> 'offline')
    returning b.id, b.unit_id)
  select i.n, c.dispatch_state as state, exists (select 1 from moved m where m.id = i.unit_id) as applied,
    exists (select 1 from ride r where r.id = i.booking_id and r.unit_id = i.unit_id) as ride_applied, b.id as booking_id, b.status, b.pickup, b.dropoff
  from input i left join current c on c.id = i.unit_id
    left join bookings b on b.id = c.booking_id and b.unit_id = i.unit_id and b.status in (${RIDE_STATUSES_SQL})`;
const LAND_ONE = landing(ONE_REPORT);
const LAND_MANY = landing(REPORTS);

const RIDE_POSITION = `update bookings set position_lat = $1, position_lng = $2, position_at = $3, eta_minutes = $4, eta_at = $5,
    updated_at = now()
  where id = $6 and unit_id = $7 and status in (${RIDE_STATUSES_SQL}) and (position_at is null or position_at < $3)
  returning id`;

const RIDES_KEPT = 10_000;

function etaOf(ride: Ride, report: PositionReport): { eta: number | null; etaAt: Date | null } {
  const eta = etaMinutes({ status: ride.status, position: report, pickup: ride.pickup, dropoff: ride.dropoff });
  return { eta, etaAt: eta === null ? null : new Date(report.at.getTime() + eta * 60_000) };
}

export interface Landing {
  unitId: string;
  report: PositionReport;
  /** The ride this process expects the unit to drive, or null. */
  expected: Ride | null;
}

/** The statement that lands `landings` (at most one per unit), with the ETA each one writes. */
export function landPositions(landings: Landing[]): Statement & { etas: (number | null)[] } {
  const etas = landings.map(({ expected, report }) => (expected ? etaOf(expected, report) : { eta: null, etaAt: null }));
  const rows = landings.map(({ unitId, report, expected }, n) => [
    n,
    unitId,
    report.lat,
    report.lng,
    report.at,
    expected?.bookingId ?? null,
    etas[n]!.eta,
    etas[n]!.etaAt,
    expected?.status ?? null,
  ]);
  const values = rows.length === 1 ? rows[0]! : INPUT_TYPES.map((_, column) => rows.map((row) => row[column]));
  return { text: rows.length === 1 ? LAND_ONE : LAND_MANY, values, etas: etas.map((e) => e.eta) };
}

interface Waiting extends Landing {
  done: (landed: Landed & { eta: number | null }) => void;
  failed: (err: unknown) => void;
}

const DEADLOCK = '40P01';
const BATCH_MAX = 500;

/**
 * Lands drivers' GPS reports in the read model, latest wins, never older over newer:
 * 1. the unit's position, unless the unit is offline (then nothing is written);
 * 2. when the unit holds a ride that is on the way, arrived or on board, the booking's position and ETA
 *    (domain/eta.ts); the bookings trigger then notifies `booking_changed`, which feeds the tracking streams.
 * Group commit: reports that arrive while a batch is in the database wait and land together in the next one, one
 * statement and one commit for all of them; a unit's second report waits for the batch after (at most one per unit per
 * batch keeps "latest wins" exact). Alone, a report lands at once. A report needs a second statement only when its
 * unit's ride or the ride's status changed since this process last saw it. No Temporal call: positions never grow a
 * workflow's history.
 */
export class PositionLander {
  private readonly rides = new Map<string, Ride | null>();
  private queue: Waiting[] = [];
  private busy = false;

  constructor(private readonly sql: Sql) {}

  async record(unitId: string, report: PositionReport): Promise<PositionOutcome> {
    const expected = this.rides.get(unitId) ?? null;
    const row = await this.land({ unitId, report, expected });
    if (!row.state) return { kind: 'unknown_unit' };
    if (row.state === 'offline') return { kind: 'unit_offline' };
    const ride: Ride | null =
      row.booking_id && row.status && row.pickup && row.dropoff
        ? { bookingId: row.booking_id, status: row.status, pickup: row.pickup, dropoff: row.dropoff }
        : null;
    if (this.rides.size >= RIDES_KEPT && !this.rides.has(unitId)) this.rides.delete(this.rides.keys().next().value!);
    this.rides.set(unitId, ride);
    if (!ride) return { kind: 'recorded', applied: row.applied, bookingId: null, etaMinutes: null };
    if (expected?.bookingId === ride.bookingId && expected.status === ride.status) {
      return { kind: 'recorded', applied: row.applied || row.ride_applied, bookingId: ride.bookingId, etaMinutes: row.eta };
    }
    // The unit's ride or its status changed since this process last saw it: write the ride with the ETA it needs.
    const { eta, etaAt } = etaOf(ride, report);
    const updated = await this.sql(RIDE_POSITION, [report.lat, report.lng, report.at, eta, etaAt, ride.bookingId, unitId]);
    return { kind: 'recorded', applied: row.applied || updated.length > 0, bookingId: ride.bookingId, etaMinutes: eta };
  }

  private land(landing: Landing): Promise<Landed & { eta: number | null }> {
    return new Promise((done, failed) => {
      this.queue.push({ ...landing, done, failed });
      if (!this.busy) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.busy = true;
    while (this.queue.length > 0) {
      const units = new Set<string>();
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      for (const waiting of this.queue) {
        const next = units.has(waiting.unitId) || batch.length === BATCH_MAX ? later : batch;
        next.push(waiting);
        units.add(waiting.unitId);
      }
      this.queue = later;
      await this.send(batch);
    }
    this.busy = false;
  }

  private async send(batch: Waiting[], attempt = 1): Promise<void> {
    try {
      const statement = landPositions(batch);
      const rows = await this.sql<Landed>(statement.text, statement.values);
      for (const row of rows) batch[row.n]!.done({ ...row, eta: statement.etas[row.n]! });
      if (rows.length !== batch.length) throw new Error(`${batch.length} position reports landed as ${rows.length} rows`);
    } catch (err) {
      if ((err as { code?: string }).code === DEADLOCK && attempt < 3) return this.send(batch, attempt + 1);
      for (const waiting of batch) waiting.failed(err);
    }
  }
}

const landers = new WeakMap<MikroORM, PositionLander>();

/** Lands a driver's GPS report through this process's lander for `orm`. */
export function recordUnitPosition(orm: MikroORM, unitId: string, report: PositionReport): Promise<PositionOutcome> {
  let lander = landers.get(orm);
  if (!lander) landers.set(orm, (lander = new PositionLander(sqlOf(orm))));
  return lander.record(unitId, report);
}

/** Puts a unit at a place in a dispatch state, as of `at` (the demo fleet's units, placed around their market). */
export async function placeUnit(
  orm: MikroORM,
  unitId: string,
  place: { state: DispatchState; lat: number; lng: number; at: Date },
): Promise<void> {
  await orm.em
    .getConnection()
    .execute(`update fleet_units set dispatch_state = ?, position_lat = ?, position_lng = ?, position_at = ? where id = ?`, [
      place.state,
      place.lat,
      place.lng,
      place.at,
      unitId,
    ]);
}
