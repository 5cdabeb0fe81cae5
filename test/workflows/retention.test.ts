import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { BookingSchema, HubEventSchema } from '../../db/entities';
import { newId } from '../../infra/ids';
import { createIntegratorAccount } from '../../app/accounts';
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

  it("clears receivers' answers after 30 days and deletes API requests after 7, keeping the recent ones", async () => {
    const account = (await createIntegratorAccount(db.orm, 'Retention')).accountId;
    await sql(
      `insert into webhook_destinations (id, account_id, environment, url, event_types, secret_enc, secret_last4, status, created_at, updated_at)
       values ('whd_retention', ?, 'test', 'https://hooks.example.com/in', '{booking.status_changed}', 'x', 'abcd', 'active', now(), now())`,
      [account],
    );
    /** An attempt `daysAgo` days ago of an event as old, with its receiver's answer; a pending delivery keeps the event. */
    async function attempt(daysAgo: number) {
      const at = new Date(Date.now() - daysAgo * DAY);
      const eventId = newId('evt', at.getTime());
      const deliveryId = newId('dlv', at.getTime());
      await sql(
        `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at) values (?, ?, 'test', 'booking.status_changed', ?, '{}', ?)`,
        [eventId, account, `retention:${eventId}`, at],
      );
      await sql(
        `insert into public_deliveries (id, event_id, destination_id, state, attempts, created_at, updated_at) values (?, ?, 'whd_retention', 'parked', 1, ?, ?)`,
        [deliveryId, eventId, at, at],
      );
      const [row] = await sql<{ id: string }>(
        `insert into public_delivery_attempts (delivery_id, event_id, event_type, destination_id, account_id, environment, url, attempt, sent_at,
           duration_ms, response_status, succeeded, response_headers, response_body, response_truncated)
         values (?, ?, 'booking.status_changed', 'whd_retention', ?, 'test', 'https://hooks.example.com/in', 1, ?, 12, 500, false,
           '{"content-type":"text/plain"}', 'oops'::bytea, false) returning id::text`,
        [deliveryId, eventId, account, at],
      );
      return row!.id;
    }
    const request = (daysAgo: number) =>
      sql(
        `insert into api_request_log (account_id, environment, key_id, console, method, path, status, request_id, latency_ms, created_at)
         values (?, 'test', 'a1B2c3D4e5F6', false, 'GET', '/api/public/v1/bookings', 200, 'req_1', 3, ?)`,
        [account, new Date(Date.now() - daysAgo * DAY)],
      );
    const [old, recent] = [await attempt(31), await attempt(29)];
    await Promise.all([request(8), request(8), request(6)]);

    const outcome = await sweep(90);
    expect(outcome).toMatchObject({ attemptResponses: 1, apiRequests: 2 });
    const kept = await sql<{ id: string; headers: unknown; body: Buffer | null; status: number }>(
      `select id::text, response_headers as headers, response_body as body, response_status as status from public_delivery_attempts
        where destination_id = 'whd_retention' order by id`,
    );
    expect(kept).toEqual([
      { id: old, headers: null, body: null, status: 500 },
      { id: recent, headers: { 'content-type': 'text/plain' }, body: Buffer.from('oops'), status: 500 },
    ]);
    const requests = await sql<{ n: number }>(`select count(*)::int as n from api_request_log where account_id = ?`, [account]);
    expect(requests[0]!.n).toBe(1);
    expect(await sweep(90)).toMatchObject({ attemptResponses: 0, apiRequests: 0 });
  });
});
