import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from '../db/sql';

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

export function createRetentionActivities({ orm }: { orm: MikroORM }) {
  const sql = sqlOf(orm);
  return {
    async erasePassengerData(input: {
      retentionDays: number;
      limit: number;
    }): Promise<{ bookings: number; events: number; endedBefore: string }> {
      const now = new Date();
      const [batch] = await sql<{ bookings: number; events: number; ended_before: Date }>(ERASE_BATCH, [
        now,
        input.limit,
        now,
        input.retentionDays,
      ]);
      return { bookings: batch!.bookings, events: batch!.events, endedBefore: new Date(batch!.ended_before).toISOString() };
    },
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
