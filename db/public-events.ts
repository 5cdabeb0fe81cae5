import type { MikroORM } from '@mikro-orm/postgresql';
import { idFloor } from '../infra/ids';
import { testOrLive, type Environment } from '../domain/environment';

export interface EventLogQuery {
  environment: Environment;
  /** The account whose events to read; absent: every account's (an operator's log). */
  accountId?: string;
  /** One booking's events only (its timeline). */
  bookingId?: string;
  /** One event only (its single read). */
  eventId?: string;
  types: readonly string[];
  /** Created at or after. */
  from?: Date;
  /** The last event id of the previous page. */
  after?: string;
  limit: number;
}

/**
 * One page of the event log, oldest first: a range scan of `public_events_account_log` (account, environment, id) or
 * `public_events_environment_log` (environment, id) from the cursor, or for one booking of `public_events_booking`
 * (booking_id, id). Ids begin with their creation time, so `from` bounds the scan too.
 */
export async function readEventLog(orm: MikroORM, q: EventLogQuery): Promise<{ id: string; body: string }[]> {
  if (q.types.length === 0) return [];
  // Test events sent on request (`test:<evt>`, of any type) are about a destination, not the account's data.
  const where = ['environment = ?', `type in (${q.types.map(() => '?').join(', ')})`, `left(dedupe_key, 9) <> 'test:evt_'`];
  const params: unknown[] = [testOrLive(q.environment), ...q.types];
  if (q.accountId) {
    where.push('account_id = ?');
    params.push(q.accountId);
  }
  if (q.bookingId) {
    where.push('booking_id = ?');
    params.push(q.bookingId);
  }
  if (q.eventId) {
    where.push('id = ?');
    params.push(q.eventId);
  }
  if (q.after) {
    where.push('id > ?');
    params.push(q.after);
  }
  if (q.from) {
    where.push('id >= ?', 'created_at >= ?');
    params.push(idFloor('evt', q.from.getTime()), q.from);
  }
  return orm.em
    .getConnection()
    .execute<{ id: string; body: string }[]>(`select id, body from public_events where ${where.join(' and ')} order by id limit ?`, [
      ...params,
      q.limit,
    ]);
}

/**
 * Deletes events created before `before` (at most `batch` a call) with their finished deliveries and the attempts
 * of those: an event that a delivery still waits to send (pending, or parked behind a paused destination) stays
 * until it is sent or given up. One statement: the foreign keys are checked at its end.
 */
export async function purgePublicEvents(orm: MikroORM, before: Date, batch = 1000): Promise<number> {
  const rows = await orm.em.getConnection().execute<{ id: string }[]>(
    `with old as (
       select e.id from public_events e
        where e.id < ?
          and not exists (select 1 from public_deliveries p where p.event_id = e.id and p.state in ('pending', 'parked'))
        order by e.id limit ?),
     attempts as (delete from public_delivery_attempts a using old where a.event_id = old.id),
     deliveries as (delete from public_deliveries p using old where p.event_id = old.id)
     delete from public_events e using old where e.id = old.id returning e.id`,
    [idFloor('evt', before.getTime()), batch],
  );
  return rows.length;
}
