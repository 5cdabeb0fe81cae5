import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BookingRecord } from '../contracts/booking';
import { bookingRow } from './booking-rows';
import { BookingSchema, type Booking } from './entities';
import { insertStatement, sqlOf, type Statement } from './sql';

/** A statement with its parameters, as `insertBookingStatement` builds it (for callers that run it in another statement). */
export type { Statement };

/**
 * The API's insert of a new booking row, made conditional by `condition` (the Idempotency-Key's claim, or `true`),
 * parameters numbered from `first`: it writes the row or nothing, and says so by returning one row.
 */
export function insertBookingStatement(orm: MikroORM, record: BookingRecord, condition: string, first: number): Statement {
  return insertStatement(orm, BookingSchema, bookingRow(record), {
    first,
    tail: `where ${condition} on conflict (id) do nothing returning 1`,
  });
}

/** Runs a statement of `insertBookingStatement` on its own: whether it wrote the row. */
export async function insertBooking(orm: MikroORM, statement: Statement): Promise<boolean> {
  return (await sqlOf(orm)(statement.text, statement.values)).length > 0;
}

/**
 * The booking workflow's first step: the row as the API wrote it (inserted if the API stopped before its insert, or
 * deleted it after a start it took for refused), marked as started. From then on the booking is never deleted.
 */
export async function markBookingStarted(orm: MikroORM, record: BookingRecord, at = new Date()): Promise<void> {
  const { text, values } = insertStatement(
    orm,
    BookingSchema,
    { ...bookingRow(record), workflowStartedAt: at },
    { tail: `on conflict (id) do update set workflow_started_at = coalesce(bookings.workflow_started_at, excluded.workflow_started_at)` },
  );
  await sqlOf(orm)(text, values);
}

/** Deletes a booking whose workflow never ran (a refused start); one whose workflow ran is kept. Whether it deleted. */
export async function deleteUnstartedBooking(orm: MikroORM, id: string): Promise<boolean> {
  const deleted = await sqlOf(orm)(`delete from bookings where id = $1 and workflow_started_at is null returning 1`, [id]);
  return deleted.length > 0;
}

/** Bookings created in [from, to) whose workflow never ran, oldest first: a range scan of the index `bookings_unstarted`. */
export async function unstartedBookings(orm: MikroORM, from: Date, to: Date, limit = 500): Promise<Booking[]> {
  return orm.em
    .fork()
    .find(BookingSchema, { workflowStartedAt: null, createdAt: { $gte: from, $lt: to } }, { orderBy: { createdAt: 'asc' }, limit });
}

/** The booking that holds a partner's `external_id` in an environment, or null when none does. */
export async function bookingWithExternalId(
  em: EntityManager,
  key: { partnerId: string; environment: string; externalId: string },
): Promise<string | null> {
  const [holder] = await em.execute<{ id: string }[]>(
    `select id from bookings where partner_id = ? and environment = ? and external_id = ?`,
    [key.partnerId, key.environment, key.externalId],
  );
  return holder?.id ?? null;
}

/** The booking as stored, or null. */
export async function findBooking(orm: MikroORM, id: string): Promise<Booking | null> {
  return orm.em.fork().findOne(BookingSchema, { id });
}

/**
 * One batch of the retention sweep, in one statement: the passenger of up to `limit` rides that ended more than
 * `retentionDays` ago (by the database's clock) becomes a marker (`erased_at`, and the party size and luggage, which
 * identify no one), and so does the booking's passenger in the partner event bodies that carried it. Rows already
 * erased are skipped, so a retried batch erases nothing twice; `skip locked` lets two sweeps share the work.
 */
const ERASE_BATCH = `
  with due as (
    select id from bookings
     where passenger_erased_at is null and ended_at < $1::timestamptz - make_interval(days => $4)
     order by ended_at limit $2 for update skip locked),
  erased as (
    update bookings b
       set passenger = jsonb_strip_nulls(jsonb_build_object('erased_at', to_jsonb($3::timestamptz), 'pax', b.passenger -> 'pax', 'luggage', b.passenger -> 'luggage')),
           passenger_erased_at = $3
      from due where b.id = due.id
    returning b.id, b.passenger),
  events as (
    update events e
       set body = jsonb_set(e.body::jsonb, '{booking,passenger}', erased.passenger)::text
      from erased
     where e.booking_id = erased.id and e.body::jsonb -> 'booking' ? 'passenger'
    returning e.id)
  select (select count(*) from erased)::int as bookings, (select count(*) from events)::int as events,
         $1::timestamptz - make_interval(days => $4) as ended_before`;

/** Runs one batch of the retention sweep (ERASE_BATCH): how many bookings and events it erased, and its cut-off. */
export async function erasePassengerBatch(
  orm: MikroORM,
  input: { retentionDays: number; limit: number; now: Date },
): Promise<{ bookings: number; events: number; endedBefore: Date }> {
  const [batch] = await sqlOf(orm)<{ bookings: number; events: number; ended_before: Date }>(ERASE_BATCH, [
    input.now,
    input.limit,
    input.now,
    input.retentionDays,
  ]);
  return { bookings: batch!.bookings, events: batch!.events, endedBefore: new Date(batch!.ended_before) };
}
