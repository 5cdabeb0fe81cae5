import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { BookingSchema, HubEventSchema } from '../../db/entities';
import { newId } from '../../infra/ids';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import type { RetentionInput, RetentionOutcome } from '../../contracts/retention';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { createTestPartner } from '../support/fixtures';
import { insertTestBooking } from '../support/fleet';
import { createTestWorkers } from '../support/hub';
import { timeSkippingEnvironment } from '../../stack/temporal';

const DAY = 86_400_000;

/** The passenger-data retention sweep on the time-skipping server, against a real database. */
describe('passenger data retention', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let running: ReturnType<typeof runWorkers>;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    running = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    running?.shutdown();
    await running?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** A ride that ended `daysAgo` days ago (null: still running), with a partner event whose body carries its passenger. */
  async function ride(partnerId: string, daysAgo: number | null) {
    const booking = await insertTestBooking(db.orm, { partnerId, status: daysAgo === null ? 'confirmed' : 'completed' });
    const passenger = { name: 'Ingrid Ostrovskaya', phone: '+33698765432', email: 'ingrid@example.com', pax: 2, luggage: 1 };
    await sql(`update bookings set passenger = ?::jsonb, ended_at = ? where id = ?`, [
      JSON.stringify(passenger),
      daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
      booking.id,
    ]);
    const body = JSON.stringify({ event: 'booking.created', booking_id: booking.id, booking: { id: booking.id, passenger } });
    await sql(
      `insert into events (id, booking_id, sequence, type, partner_id, environment, body, created_at)
       values (?, ?, 1, 'booking.created', ?, 'live', ?, now())`,
      [newId('evt'), booking.id, partnerId, body],
    );
    return booking.id;
  }
  const sweep = (retentionDays: number) =>
    env.client.workflow.execute('passengerDataRetentionWorkflow', {
      workflowId: `retention-test:${Math.random()}`,
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ retentionDays } satisfies RetentionInput],
    }) as Promise<RetentionOutcome>;

  it('erases the passenger of rides ended past the retention, in the booking and its event bodies, once', async () => {
    const { partnerId } = await createTestPartner(db.orm);
    const [old, recent, running] = [await ride(partnerId, 120), await ride(partnerId, 10), await ride(partnerId, null)];

    const outcome = await sweep(90);
    expect(outcome).toMatchObject({ bookings: 1, events: 1 });
    expect(Date.parse(outcome.endedBefore)).toBeLessThan(Date.now() - 89 * DAY);

    const erased = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: old });
    expect(erased.passenger).toEqual({ erased_at: expect.any(String), pax: 2, luggage: 1 });
    expect(erased.passengerErasedAt).toBeInstanceOf(Date);
    const [event] = await db.orm.em.fork().find(HubEventSchema, { bookingId: old });
    expect(event!.body).not.toMatch(/Ingrid|\+33698765432|ingrid@example\.com/);
    expect(JSON.parse(event!.body).booking.passenger).toEqual(erased.passenger);
    for (const kept of [recent, running]) {
      expect((await db.orm.em.fork().findOneOrFail(BookingSchema, { id: kept })).passenger).toMatchObject({ name: 'Ingrid Ostrovskaya' });
      const [body] = await db.orm.em.fork().find(HubEventSchema, { bookingId: kept });
      expect(body!.body).toContain('Ingrid Ostrovskaya');
    }

    // The next day's sweep finds nothing more; a shorter retention reaches the recent ride.
    expect(await sweep(90)).toMatchObject({ bookings: 0, events: 0 });
    expect(await sweep(7)).toMatchObject({ bookings: 1, events: 1 });
  });

  it('sweeps in batches until none is left', async () => {
    const { partnerId } = await createTestPartner(db.orm, { name: 'Many' });
    const first = await ride(partnerId, 400);
    // More rides than one batch (500): clones of the first, every column but the id.
    await sql(
      `insert into bookings
       select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object('id', 'bkg_' || lpad(g::text, 26, '0')))).*
         from bookings b, generate_series(1, 520) g where b.id = ?`,
      [first],
    );
    const due = async () =>
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from bookings where passenger_erased_at is null and ended_at < now() - interval '300 days'`,
        )
      )[0]!.n;
    expect(await due()).toBe(521);
    expect(await sweep(300)).toMatchObject({ bookings: 521, events: 1 });
    expect(await due()).toBe(0);
  });
});
