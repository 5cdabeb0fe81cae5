import { createAllocationActivities } from '../../activities/allocation';
import { BookingSchema, FleetUnitSchema } from '../../db/entities';
import { seedDemoFleet } from '../../app/demo-fleet';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createTestPartner } from '../support/fixtures';
import { CDG, createTestUnit, dateIn, insertTestBooking, VALID_DOCUMENTS } from '../support/fleet';

/** The allocation activities, straight against PostgreSQL. */
describe('allocation activities', () => {
  let db: TestDatabase;
  let partnerId: string;
  let activities: ReturnType<typeof createAllocationActivities>;
  // Each test works in its own market so units of one test never serve another.
  const near = (km: number) => ({ lat: CDG.lat + km / 111.2, lng: CDG.lng });

  beforeAll(async () => {
    db = await freshDatabase();
    partnerId = (await createTestPartner(db.orm)).partnerId;
    activities = createAllocationActivities({ orm: db.orm });
  });
  afterAll(() => db?.close());

  const unitRow = (id: string) => db.orm.em.fork().findOneOrFail(FleetUnitSchema, { id });
  const bookingRow = (id: string) => db.orm.em.fork().findOneOrFail(BookingSchema, { id });
  async function clearMarket() {
    await db.orm.em.getConnection().execute(`update fleet_units set dispatch_state = 'offline', booking_id = null`);
  }

  it('claims the nearest compliant unit of the class, writes it onto the booking, and never a lapsed one', async () => {
    await clearMarket();
    const lapsed = await createTestUnit(db.orm, {
      state: 'available',
      position: near(0.1),
      documents: { ...VALID_DOCUMENTS, insurance: dateIn(-1) },
    });
    const van = await createTestUnit(db.orm, { state: 'available', position: near(0.2), vehicleClass: 'van' });
    const far = await createTestUnit(db.orm, { state: 'available', position: near(9) });
    const nearest = await createTestUnit(db.orm, { state: 'available', position: near(2), name: 'Marie Curie' });
    const booking = await insertTestBooking(db.orm, { partnerId });

    const allocated = await activities.allocateUnit({ bookingId: booking.id });
    expect(allocated?.unitId).toBe(nearest.id);
    expect(allocated?.driver.name).toBe('Marie Curie');
    expect(allocated?.etaMinutes).toBeGreaterThan(0);
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ unitId: nearest.id, driver: { name: 'Marie Curie' }, vehicle: { plate: nearest.plate } });
    expect(row.assignedAt).toBeInstanceOf(Date);
    expect(await unitRow(nearest.id)).toMatchObject({ dispatchState: 'assigned', bookingId: booking.id });
    for (const other of [lapsed, van, far]) expect((await unitRow(other.id)).dispatchState).toBe('available');

    // A retry of the activity returns the same unit and claims nothing more.
    expect((await activities.allocateUnit({ bookingId: booking.id }))?.unitId).toBe(nearest.id);
    expect((await unitRow(far.id)).dispatchState).toBe('available');
  });

  it('skips excluded units, and a detaching release hands the ride to the next one', async () => {
    await clearMarket();
    const first = await createTestUnit(db.orm, { state: 'available', position: near(1) });
    const second = await createTestUnit(db.orm, { state: 'available', position: near(3) });
    const booking = await insertTestBooking(db.orm, { partnerId });

    expect((await activities.allocateUnit({ bookingId: booking.id }))?.unitId).toBe(first.id);
    // The driver declines: release (detached from the booking, with what the allocation wrote), then allocate again
    // without them.
    await db.orm.em
      .getConnection()
      .execute(`update bookings set accepted_at = now(), eta_minutes = 5, eta_at = now() + interval '5 minutes' where id = ?`, [
        booking.id,
      ]);
    expect(await activities.releaseUnit({ bookingId: booking.id, unitId: first.id, detach: true })).toBe(true);
    expect(await activities.releaseUnit({ bookingId: booking.id, unitId: first.id, detach: true })).toBe(false);
    expect(await bookingRow(booking.id)).toMatchObject({
      unitId: null,
      driver: null,
      vehicle: null,
      assignedAt: null,
      acceptedAt: null,
      etaAt: null,
    });
    expect((await unitRow(first.id)).dispatchState).toBe('available');
    const next = await activities.allocateUnit({ bookingId: booking.id, exclude: [first.id] });
    expect(next?.unitId).toBe(second.id);
    // Nobody else left once both are excluded or busy.
    const other = await insertTestBooking(db.orm, { partnerId });
    expect(await activities.allocateUnit({ bookingId: other.id, exclude: [first.id] })).toBeNull();

    expect(await activities.unitOnTrip({ bookingId: booking.id, unitId: second.id })).toBe(true);
    expect((await unitRow(second.id)).dispatchState).toBe('on_trip');
    // At the end of the ride the booking keeps its driver; the unit is free again.
    expect(await activities.releaseUnit({ bookingId: booking.id, unitId: second.id, detach: false })).toBe(true);
    expect(await bookingRow(booking.id)).toMatchObject({ unitId: second.id, driver: { name: 'Jean Dupont' } });
    expect(await unitRow(second.id)).toMatchObject({ dispatchState: 'available', bookingId: null });
  });

  it('gives one unit to exactly one of many bookings claiming it at once', async () => {
    await clearMarket();
    const only = await createTestUnit(db.orm, { state: 'available', position: near(1) });
    const bookings = await Promise.all(Array.from({ length: 8 }, () => insertTestBooking(db.orm, { partnerId })));
    const results = await Promise.all(bookings.map((b) => activities.allocateUnit({ bookingId: b.id })));
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.unitId).toBe(only.id);
    const holders = await db.orm.em.fork().find(BookingSchema, { unitId: only.id });
    expect(holders).toHaveLength(1);
    expect((await unitRow(only.id)).bookingId).toBe(holders[0]!.id);
  });

  it('gives one booking exactly one unit when its allocation runs twice at once', async () => {
    await clearMarket();
    const units = await Promise.all([1, 2, 3].map((km) => createTestUnit(db.orm, { state: 'available', position: near(km) })));
    const booking = await insertTestBooking(db.orm, { partnerId });
    const [a, b] = await Promise.all([
      activities.allocateUnit({ bookingId: booking.id }),
      activities.allocateUnit({ bookingId: booking.id }),
    ]);
    expect(a?.unitId).toBe(b?.unitId);
    const held = (await Promise.all(units.map((u) => unitRow(u.id)))).filter((u) => u.dispatchState === 'assigned');
    expect(held.map((u) => u.id)).toEqual([a!.unitId]);
  });
});

describe('demo fleet seed', () => {
  it('seeds units in the demo markets once, however often it runs', async () => {
    const db = await freshDatabase();
    try {
      const first = await seedDemoFleet(db.orm);
      expect(first).toBeGreaterThan(5);
      expect(await seedDemoFleet(db.orm)).toBe(0);
      const units = await db.orm.em.fork().find(FleetUnitSchema, {});
      expect(units).toHaveLength(first);
      expect(new Set(units.map((u) => u.market))).toEqual(new Set(['PAR', 'LON', 'NYC']));
      expect(units.filter((u) => u.dispatchState === 'available' && u.positionAt).length).toBeGreaterThan(3);
    } finally {
      await db.close();
    }
  });
});
