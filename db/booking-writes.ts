import type { MikroORM } from '@mikro-orm/postgresql';
import type { BookingRecord } from '../contracts/booking';
import { bookingRow } from './booking-rows';
import { BookingSchema, type Booking } from './entities';
import { insertStatement, sqlOf, type Statement } from './sql';

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

/** The booking as stored, or null. */
export async function findBooking(orm: MikroORM, id: string): Promise<Booking | null> {
  return orm.em.fork().findOne(BookingSchema, { id });
}
