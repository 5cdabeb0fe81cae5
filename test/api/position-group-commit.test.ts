import { BookingSchema, FleetUnitSchema } from '../../db/entities';
import { PositionLander } from '../../db/positions';
import { sqlOf, type Sql } from '../../db/sql';
import { drivingMinutes } from '../../domain/eta';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner } from '../support/fixtures';
import { CDG, createTestUnit, insertTestBooking } from '../support/fleet';

describe('driver positions land in group commits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  }, 60_000);
  afterAll(() => db?.close());

  /** A lander whose statements are the real ones, counted: how many reports each batch carried. */
  function countingLander() {
    const batches: number[] = [];
    const sql: Sql = (text, values) => {
      if (text.includes('with input')) batches.push(Array.isArray(values?.[0]) ? (values[0] as unknown[]).length : 1);
      return sqlOf(db.orm)(text, values);
    };
    return { lander: new PositionLander(sql), batches };
  }

  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);

  it('lands concurrent reports of different units together, each with its own outcome, and a unit twice in order', async () => {
    const { partnerId } = await createTestPartner(db.orm);
    const driving = await createTestUnit(db.orm, { state: 'assigned' });
    const idle = await createTestUnit(db.orm, { state: 'available' });
    const offline = await createTestUnit(db.orm, { state: 'offline' });
    const ride = await insertTestBooking(db.orm, { partnerId, status: 'on_the_way' });
    const connection = db.orm.em.getConnection();
    await connection.execute(`update fleet_units set booking_id = ? where id = ?`, [ride.id, driving.id]);
    await connection.execute(`update bookings set unit_id = ? where id = ?`, [driving.id, ride.id]);
    const { lander, batches } = countingLander();

    const near = { lat: 49.0, lng: 2.55 };
    const nearer = { lat: 49.005, lng: 2.548 };
    const [first, second, older, idleOutcome, offlineOutcome, unknown] = await Promise.all([
      lander.record(driving.id, { ...near, at: at(30) }),
      lander.record(driving.id, { ...nearer, at: at(20) }),
      lander.record(driving.id, { lat: 48.0, lng: 2.0, at: at(25) }),
      lander.record(idle.id, { lat: 48.86, lng: 2.35, at: at(10) }),
      lander.record(offline.id, { lat: 48.86, lng: 2.35, at: at(10) }),
      lander.record('unit_00000000000000000000000000', { lat: 48.86, lng: 2.35, at: at(10) }),
    ]);

    // The first report goes alone; the others wait for it and go together, but for the unit's next report, which
    // waits for the batch after: the same outcomes as one at a time in arrival order.
    expect(batches).toEqual([1, 4, 1]);
    expect(first).toEqual({ kind: 'recorded', applied: true, bookingId: ride.id, etaMinutes: drivingMinutes(near, CDG) });
    expect(second).toEqual({ kind: 'recorded', applied: true, bookingId: ride.id, etaMinutes: drivingMinutes(nearer, CDG) });
    expect(older).toMatchObject({ kind: 'recorded', applied: false, bookingId: ride.id });
    expect(idleOutcome).toEqual({ kind: 'recorded', applied: true, bookingId: null, etaMinutes: null });
    expect(offlineOutcome).toEqual({ kind: 'unit_offline' });
    expect(unknown).toEqual({ kind: 'unknown_unit' });

    const em = db.orm.em.fork();
    const booking = await em.findOneOrFail(BookingSchema, { id: ride.id });
    expect(booking).toMatchObject({ positionLat: nearer.lat, positionLng: nearer.lng, etaMinutes: drivingMinutes(nearer, CDG) });
    expect(await em.findOneOrFail(FleetUnitSchema, { id: driving.id })).toMatchObject({ positionLat: nearer.lat });
    expect(await em.findOneOrFail(FleetUnitSchema, { id: idle.id })).toMatchObject({ positionLat: 48.86, positionLng: 2.35 });
    expect((await em.findOneOrFail(FleetUnitSchema, { id: offline.id })).positionAt).toBeNull();
  });

  it('fails every report of a batch the database refuses, and lands the next batch', async () => {
    const unit = await createTestUnit(db.orm, { state: 'available' });
    const other = await createTestUnit(db.orm, { state: 'available' });
    const { lander } = countingLander();
    const blocker = lander.record(unit.id, { lat: 48.1, lng: 2.1, at: at(40) });
    // Queued behind the first report, these two go together; an invalid date is refused by PostgreSQL.
    const refused = Promise.allSettled([
      lander.record(unit.id, { lat: 48.2, lng: 2.2, at: new Date(Number.NaN) }),
      lander.record(other.id, { lat: 48.3, lng: 2.3, at: at(20) }),
    ]);
    await expect(blocker).resolves.toMatchObject({ applied: true });
    expect((await refused).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(lander.record(other.id, { lat: 48.4, lng: 2.4, at: at(5) })).resolves.toMatchObject({ applied: true });
  });
});
