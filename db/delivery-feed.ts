import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/** The live feed of an account's delivery attempts (`GET /api/public/v1/webhook-deliveries/stream`). */

export interface FeedAttemptRow {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  destination_id: string;
  url: string;
  sent_at: Date;
  attempt: number;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  succeeded: boolean;
}

/** The newest attempt id of the account and environment ('0' when none): a new stream starts after it. */
export async function latestAttemptId(orm: MikroORM, accountId: string, environment: string): Promise<string> {
  const [row] = await sqlOf(orm)<{ id: string | null }>(
    `select max(id)::text as id from public_delivery_attempts where account_id = $1 and environment = $2`,
    [accountId, environment],
  );
  return row?.id ?? '0';
}

/**
 * Up to `limit` attempts of the account and environment (and destination and event type, if given) with an id above
 * `after`, oldest first.
 */
export async function attemptsAfter(
  orm: MikroORM,
  filter: { accountId: string; environment: string; destinationId?: string; eventType?: string; after: string; limit: number },
): Promise<FeedAttemptRow[]> {
  return sqlOf(orm)<FeedAttemptRow>(
    `select id::text, delivery_id, event_id, event_type, destination_id, url, sent_at, attempt, duration_ms, response_status, error, succeeded
       from public_delivery_attempts
      where account_id = $1 and environment = $2 and id > $3::bigint and ($4::text is null or destination_id = $4)
        and ($6::text is null or event_type = $6)
      order by id limit $5`,
    [filter.accountId, filter.environment, filter.after, filter.destinationId ?? null, filter.limit, filter.eventType ?? null],
  );
}

/**
 * An attempt as the delivery log shows it (`GET /api/public/v1/webhook-deliveries`); on a single read, `body` (the
 * payload sent) and what the receiver answered.
 */
export interface LoggedAttemptRow extends Omit<FeedAttemptRow, 'sent_at'> {
  sent_at: string | Date;
  body?: string;
  response_headers?: Record<string, string> | null;
  response_body?: Buffer | null;
  response_truncated?: boolean;
}

/** The columns a listing reads: not the receiver's answers, which only the single read shows. */
const LISTED = `id, delivery_id, event_id, event_type, destination_id, url, sent_at, attempt, duration_ms, response_status, error, succeeded`;

export interface DeliveryLogQuery {
  accountId: string;
  environment: string;
  destinationId?: string;
  eventId?: string;
  /** The events of one booking (`public_events.booking_id`). */
  bookingId?: string;
  /** The attempts of one delivery. */
  deliveryId?: string;
  eventType?: string;
  succeeded?: boolean;
  /** Sent at or after. */
  from?: Date;
  /** Sent before. */
  to?: Date;
  /** The last attempt id of the previous page. */
  before?: string;
  limit: number;
}

/** One page of the account's delivery log in an environment, newest first. */
export async function readDeliveryLog(orm: MikroORM, q: DeliveryLogQuery): Promise<LoggedAttemptRow[]> {
  const where = ['account_id = ?', 'environment = ?'];
  const params: unknown[] = [q.accountId, q.environment];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (q.destinationId) add('destination_id = ?', q.destinationId);
  if (q.eventId) add('event_id = ?', q.eventId);
  if (q.bookingId) add('event_id in (select id from public_events where booking_id = ?)', q.bookingId);
  if (q.deliveryId) add('delivery_id = ?', q.deliveryId);
  if (q.eventType) add('event_type = ?', q.eventType);
  if (q.succeeded !== undefined) add('succeeded = ?', q.succeeded);
  if (q.from) add('sent_at >= ?', q.from);
  if (q.to) add('sent_at < ?', q.to);
  if (q.before) add('id < ?', q.before);
  return orm.em
    .getConnection()
    .execute<LoggedAttemptRow[]>(`select ${LISTED} from public_delivery_attempts where ${where.join(' and ')} order by id desc limit ?`, [
      ...params,
      q.limit,
    ]);
}

/** One attempt of the account's delivery log in an environment, with the payload sent; undefined when there is none. */
export async function loggedAttempt(
  orm: MikroORM,
  attemptId: string,
  accountId: string,
  environment: string,
): Promise<LoggedAttemptRow | undefined> {
  const [row] = await orm.em.getConnection().execute<LoggedAttemptRow[]>(
    `select a.*, e.body from public_delivery_attempts a join public_events e on e.id = a.event_id
      where a.id = ? and a.account_id = ? and a.environment = ?`,
    [attemptId, accountId, environment],
  );
  return row;
}
