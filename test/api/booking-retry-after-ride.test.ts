import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApiKey, createIntegratorAccount } from '../../app/accounts';
import { newBookingRecord } from '../../app/bookings';
import { sweepUnstartedBookings } from '../../app/unstarted-bookings';
import { bookingWorkflowId } from '../../contracts/booking';
import { bookingRow } from '../../db/booking-rows';
import { BookingSchema } from '../../db/entities';
import { eventually } from '../../stack/eventually';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, sqlOn, type TestDatabase } from '../support/db';
import { getJson, postJson } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';

/**
 * Whether a booking's workflow ran is told by the column its first step sets, for every booking: an integrator's
 * booking writes no partner event, and was once deleted by a retry that came after its ride had ended.
 */
describe('a booking whose workflow ran is never deleted', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  const sql = sqlOn(() => db);

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env, { env: { SANDBOX_RIDE_SECONDS: '2', GPS_UPDATE_INTERVAL_SECONDS: '1' } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  async function corporateKey() {
    const { accountId } = await createIntegratorAccount(db.orm, 'Acme travel');
    const scopes = ['bookings.read', 'bookings.write'];
    return { accountId, key: (await createApiKey(db.orm, TEST_SECRETS, { accountId, environment: 'sandbox', label: 'erp', scopes })).key };
  }

  async function quoteFor(baseUrl: string, key: string): Promise<string> {
    const reply = await postJson(`${baseUrl}/api/public/v1/quotes`, key, {
      pickup_lat: 48.8566,
      pickup_lng: 2.3522,
      pickup_address: 'Hôtel de Ville, Paris',
      dropoff_lat: 49.0097,
      dropoff_lng: 2.5479,
      dropoff_place: { iata: 'CDG', terminal: '2E' },
      datetime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      vehicle_class: 'executive',
      pax: 1,
    });
    expect(reply.status).toBe(201);
    return reply.json.quote_id;
  }

  const bookingBody = (quoteId: string) => ({ quote_id: quoteId, passenger: { name: 'Ada Lovelace', phone: '+33612345678' } });

  /** Every `workflow.start` the shared client makes from now on, counted; `hold` keeps the first one's answer back. */
  function watchStarts({ hold = false } = {}) {
    const workflows = env.client.workflow;
    const real = workflows.start.bind(workflows);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const ids: string[] = [];
    workflows.start = (async (...args: Parameters<typeof real>) => {
      ids.push(args[1].workflowId);
      const result = await real(...args);
      started();
      if (hold && ids.length === 1) await released;
      return result;
    }) as typeof real;
    return { ids, firstStarted, release, restore: () => void (workflows.start = real) };
  }

  it('answers a retry that comes after the ride ended with the booking it made, keeping its row and billing entry', async () => {
    const { accountId, key } = await corporateKey();
    const quoteId = await quoteFor(hub.baseUrl, key);
    const idempotencyKey = randomUUID();

    // The first request commits its booking and starts its workflow, then its process dies before answering.
    const crashed = await startTestHub(db, env, { workers: false });
    const starts = watchStarts({ hold: true });
    const cut = postJson(`${crashed.baseUrl}/api/public/v1/bookings`, key, bookingBody(quoteId), { 'idempotency-key': idempotencyKey });
    try {
      await starts.firstStarted;
      starts.restore();
      const holder = await crashed.deps.lifeline.holder();
      await sql(`select pg_terminate_backend(?)`, [holder.pid]);
      await eventually(
        () => sql(`select 1 from pg_stat_activity where pid = ?`, [holder.pid]),
        (rows) => rows.length === 0,
        'the dead process releases its claim',
      );

      const [bookingId] = starts.ids.map((id) => id.replace(/^booking:/, ''));
      const ride = await env.client.workflow.getHandle(bookingWorkflowId(bookingId)).result();
      expect(ride.status).toBe('completed');
      const billed = await sql<{ booking_id: string }>(`select booking_id from billing_entries where booking_id = ?`, [bookingId]);
      expect(billed).toHaveLength(1);

      const retried = await postJson(`${hub.baseUrl}/api/public/v1/bookings`, key, bookingBody(quoteId), {
        'idempotency-key': idempotencyKey,
      });
      expect({ status: retried.status, ref: retried.json.ref, state: retried.json.status }).toEqual({
        status: 201,
        ref: bookingId,
        state: 'completed',
      });
      const read = await getJson(`${hub.baseUrl}/api/public/v1/bookings/${bookingId}`, key);
      expect({ status: read.status, state: read.json.status }).toEqual({ status: 200, state: 'completed' });
      expect(await sql(`select id from bookings where account_id = ?`, [accountId])).toEqual([{ id: bookingId }]);
      expect(await sql(`select booking_id from billing_entries where booking_id = ?`, [bookingId])).toEqual(billed);
    } finally {
      starts.restore();
      starts.release();
      await cut.catch(() => undefined);
      await crashed.close();
    }
  });

  it('sweeps only bookings whose workflow never ran: a started public booking is left alone', async () => {
    const { accountId, key } = await corporateKey();
    const booked = await postJson(`${hub.baseUrl}/api/public/v1/bookings`, key, bookingBody(await quoteFor(hub.baseUrl, key)), {
      'idempotency-key': randomUUID(),
    });
    expect(booked.status).toBe(201);
    const started = await eventually(
      () => sql<{ workflow_started_at: Date | null }>(`select workflow_started_at from bookings where id = ?`, [booked.json.ref]),
      ([row]) => row?.workflow_started_at != null,
      'the booking workflow marks its booking started',
    );
    expect(started).toHaveLength(1);

    // A booking row whose API process died before its start, made as the API makes them.
    const created = new Date(Date.now() - 2 * 60_000);
    const record = newBookingRecord(
      {
        pickup: { lat: 48.8566, lng: 2.3522, datetime: new Date(Date.now() + 2 * 86_400_000).toISOString() },
        dropoff: { lat: 49.0097, lng: 2.5479 },
        passenger: { name: 'Grace Hopper', phone: '+33612345679', pax: 1, luggage: 0 },
        vehicle_class: 'executive',
      },
      { partnerId: null, accountId, livemode: false },
      created,
    );
    await db.orm.em.fork().insert(BookingSchema, bookingRow(record));

    // Both are inside the sweep's window a minute from now; only the unstarted one is started, and only once.
    const now = new Date(Date.now() + 90_000);
    const starts = watchStarts();
    try {
      expect((await sweepUnstartedBookings(db.orm, env.client, { now })).started).toEqual([record.id]);
      expect(starts.ids).toEqual([bookingWorkflowId(record.id)]);
      await eventually(
        () => sql<{ workflow_started_at: Date | null }>(`select workflow_started_at from bookings where id = ?`, [record.id]),
        ([row]) => row?.workflow_started_at != null,
        'the swept booking marks itself started',
      );
      expect((await sweepUnstartedBookings(db.orm, env.client, { now })).started).toEqual([]);
      expect(starts.ids).toHaveLength(1);
    } finally {
      starts.restore();
    }
  });
});
