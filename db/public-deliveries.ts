import type { MikroORM } from '@mikro-orm/postgresql';
import type { TestOrLive } from '../domain/environment';
import { idFloor, newId } from '../infra/ids';

/** The statements of public webhook deliveries: the event and its deliveries, each attempt, and the destination's state. */

/**
 * The destinations an event of (account, environment, type) goes to: the account's own that selected the type, and
 * those of every operator account in the same environment (an operator's ERP follows the whole business). Two
 * index-backed branches rather than an `or`, so each reads `webhook_destinations_account`.
 */
const SUBSCRIBED_DESTINATIONS = `
  select d.id from webhook_destinations d
   where d.account_id = ? and d.environment = ? and d.deleted_at is null and ? = any(d.event_types)
  union
  select d.id from webhook_destinations d join integrator_accounts a on a.id = d.account_id and a.kind = 'operator'
   where d.environment = ? and d.deleted_at is null and ? = any(d.event_types)`;

/** Records a public event once (unique per account, environment and dedupe key) and one delivery per subscribed destination. */
export async function recordEventAndDeliveries(
  orm: MikroORM,
  input: {
    id: string;
    accountId: string;
    environment: TestOrLive;
    type: string;
    dedupeKey: string;
    body: string;
    now: Date;
  },
): Promise<{ eventId: string; deliveries: { id: string; destination_id: string }[] }> {
  const { id, accountId, environment, body, now } = input;
  // One transaction: the event and one delivery per subscribed destination (unique per event and destination), so
  // a retry or a concurrent duplicate finds them all and never adds a second delivery.
  const recorded = await orm.em.fork().transactional(async (em) => {
    const conn = em.getConnection();
    const run = <T extends object[]>(query: string, params: unknown[]) => conn.execute<T>(query, params, 'all', em.getTransactionContext());
    await run<[]>(
      `insert into public_events (id, account_id, environment, type, dedupe_key, body, created_at)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (account_id, environment, dedupe_key) do nothing`,
      [id, accountId, environment, input.type, input.dedupeKey, body, now],
    );
    const [event] = await run<{ id: string }[]>(
      'select id from public_events where account_id = ? and environment = ? and dedupe_key = ?',
      [accountId, environment, input.dedupeKey],
    );
    const subscribed = await run<{ id: string }[]>(`${SUBSCRIBED_DESTINATIONS} order by id`, [
      accountId,
      environment,
      input.type,
      environment,
      input.type,
    ]);
    for (const d of subscribed) {
      await run<[]>(
        `insert into public_deliveries (id, event_id, destination_id, state, attempts, created_at, updated_at)
             values (?, ?, ?, 'pending', 0, now(), now()) on conflict (event_id, destination_id) where not redelivery do nothing`,
        [newId('dlv'), event!.id, d.id],
      );
    }
    const deliveries = await run<{ id: string; destination_id: string }[]>(
      'select id, destination_id from public_deliveries where event_id = ? and not redelivery order by destination_id',
      [event!.id],
    );
    return { eventId: event!.id, deliveries };
  });
  return recorded;
}

export interface AttemptRow {
  event_id: string;
  event_type: string;
  /** Raw rows carry timestamps as text. */
  event_created_at: string;
  body: string;
  environment: TestOrLive;
  /** The destination's account: its delivery log shows the attempt (an operator's destination gets others' events). */
  account_id: string;
  destination_id: string;
  url: string;
  status: 'active' | 'paused';
  deleted_at: string | null;
  failing_since: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: string | null;
  state: string;
  destination_updated_at: string;
  last_status: number | null;
  /** A test event sent on request (`webhook.test`, or any type's example): not counted towards the pause rule. */
  test: boolean;
}

/** A delivery with its event and destination, as one attempt needs them; undefined when there is no such delivery. */
export async function deliveryToAttempt(orm: MikroORM, deliveryId: string): Promise<AttemptRow | undefined> {
  const [row] = await orm.em.getConnection().execute<AttemptRow[]>(
    `select e.id as event_id, e.type as event_type, e.created_at as event_created_at, e.body, e.environment, w.account_id, w.id as destination_id, w.url,
            w.status, w.deleted_at, w.failing_since, w.updated_at as destination_updated_at, p.last_status, w.secret_enc, w.previous_secret_enc, w.previous_secret_expires_at, p.state,
            left(e.dedupe_key, 9) = 'test:evt_' as test
       from public_deliveries p join public_events e on e.id = p.event_id join webhook_destinations w on w.id = p.destination_id
      where p.id = ?`,
    [deliveryId],
  );
  return row;
}

/** Ends a delivery as failed, with why. */
export async function failDelivery(orm: MikroORM, deliveryId: string, lastError: string): Promise<void> {
  await orm.em
    .getConnection()
    .execute(`update public_deliveries set state = 'failed', last_error = ?, updated_at = now() where id = ?`, [lastError, deliveryId]);
}

/** Parks a delivery while its destination is paused. */
export async function parkDelivery(orm: MikroORM, deliveryId: string): Promise<void> {
  await orm.em.getConnection().execute(`update public_deliveries set state = 'parked', updated_at = now() where id = ?`, [deliveryId]);
}

/** Logs one attempt (to the delivery log) and the delivery's state after it, in one statement. */
export async function logAttempt(
  orm: MikroORM,
  row: AttemptRow,
  a: {
    deliveryId: string;
    attempt: number;
    sentAt: Date;
    durationMs: number;
    status: number | null;
    error: string | null;
    succeeded: boolean;
    state: string;
    lastError: string | null;
    /** What the receiver answered, redacted (domain/webhook-response.ts). */
    response?: { headers: Record<string, string>; body: Buffer; truncated: boolean };
  },
): Promise<void> {
  await orm.em.getConnection().execute(
    `with logged as (
       insert into public_delivery_attempts
         (delivery_id, event_id, event_type, destination_id, account_id, environment, url, attempt, sent_at, duration_ms, response_status, error, succeeded,
          response_headers, response_body, response_truncated)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
     )
     update public_deliveries set state = ?, attempts = ?, last_status = ?, last_error = ?, updated_at = now() where id = ?`,
    [
      a.deliveryId,
      row.event_id,
      row.event_type,
      row.destination_id,
      row.account_id,
      row.environment,
      row.url,
      a.attempt,
      a.sentAt,
      a.durationMs,
      a.status,
      a.error,
      a.succeeded,
      a.response ? JSON.stringify(a.response.headers) : null,
      a.response?.body ?? null,
      a.response?.truncated ?? false,
      a.state,
      a.attempt,
      a.status,
      a.lastError,
      a.deliveryId,
    ],
  );
}

/** Notes that the destination is failing (from its first failure on), or no longer. */
export async function setDestinationFailing(orm: MikroORM, destinationId: string, failing: boolean): Promise<void> {
  await orm.em
    .getConnection()
    .execute(
      failing
        ? 'update webhook_destinations set failing_since = coalesce(failing_since, now()) where id = ?'
        : 'update webhook_destinations set failing_since = null where id = ?',
      [destinationId],
    );
}

/** Pauses an active destination, saying why. */
export async function pauseFailingDestination(orm: MikroORM, destinationId: string, reason: string): Promise<void> {
  await orm.em.getConnection().execute(
    `update webhook_destinations set status = 'paused', paused_reason = ?, paused_since = now(), updated_at = now()
      where id = ? and status = 'active'`,
    [reason, destinationId],
  );
}

/** The destination's status (`active`, `paused`), undefined when there is none. */
export async function destinationStatus(orm: MikroORM, destinationId: string): Promise<string | undefined> {
  const [dest] = await orm.em
    .getConnection()
    .execute<{ status: string }[]>('select status from webhook_destinations where id = ?', [destinationId]);
  return dest?.status;
}

/** The destination's parked deliveries after the event `after`, in event order. */
export async function parkedDeliveries(
  orm: MikroORM,
  destinationId: string,
  after: string,
  limit: number,
): Promise<{ id: string; event_id: string; attempts: number }[]> {
  return orm.em.getConnection().execute<{ id: string; event_id: string; attempts: number }[]>(
    `select id, event_id, attempts from public_deliveries
      where destination_id = ? and state = 'parked' and event_id > ? order by event_id, id limit ?`,
    [destinationId, after, limit],
  );
}

/** Takes a parked delivery back to pending: false when it was not parked (another drain took it). */
export async function unparkDelivery(orm: MikroORM, deliveryId: string): Promise<boolean> {
  const claimed: { affectedRows: number } = await orm.em
    .getConnection()
    .execute(`update public_deliveries set state = 'pending', updated_at = now() where id = ? and state = 'parked'`, [deliveryId], 'run');
  return claimed.affectedRows > 0;
}

/** A delivery's state and attempts made. */
export async function deliveryProgress(orm: MikroORM, deliveryId: string): Promise<{ state: string; attempts: number } | undefined> {
  const [d] = await orm.em
    .getConnection()
    .execute<{ state: string; attempts: number }[]>('select state, attempts from public_deliveries where id = ?', [deliveryId]);
  return d;
}

/** An event and a destination it went to: a pair a redelivery sends again. */
export interface DeliveredPair {
  event_id: string;
  destination_id: string;
}

/**
 * Whether an event of the environment is the account's to redeliver: its own, or one that went to one of its
 * destinations. Returns the event's id, or null.
 */
export async function eventOfAccount(orm: MikroORM, accountId: string, environment: TestOrLive, eventId: string): Promise<string | null> {
  const [event] = await orm.em.getConnection().execute<{ id: string }[]>(
    `select e.id from public_events e where e.id = ? and e.environment = ?
        and (e.account_id = ? or exists (select 1 from public_deliveries p join webhook_destinations w on w.id = p.destination_id
                                          where p.event_id = e.id and w.account_id = ?))`,
    [eventId, environment, accountId, accountId],
  );
  return event?.id ?? null;
}

/** The account's destinations (not deleted) that the event went to, or the one named if it did. */
export async function destinationsEventWentTo(
  orm: MikroORM,
  accountId: string,
  eventId: string,
  destinationId?: string,
): Promise<DeliveredPair[]> {
  return orm.em.getConnection().execute<DeliveredPair[]>(
    `select distinct p.event_id, p.destination_id from public_deliveries p join webhook_destinations w on w.id = p.destination_id
      where p.event_id = ? and w.account_id = ? and w.deleted_at is null ${destinationId ? 'and p.destination_id = ?' : ''}`,
    destinationId ? [eventId, accountId, destinationId] : [eventId, accountId],
  );
}

/**
 * The deliveries to the account's destinations (or the one named) of events created in [from, to) that failed for good
 * and were not delivered, parked or retried since: at most 1000, by event.
 */
export async function failedDeliveriesToRedeliver(
  orm: MikroORM,
  q: { accountId: string; environment: TestOrLive; from: Date; to: Date; destinationId?: string },
): Promise<DeliveredPair[]> {
  return orm.em.getConnection().execute<DeliveredPair[]>(
    `select distinct p.event_id, p.destination_id from public_deliveries p
       join public_events e on e.id = p.event_id join webhook_destinations w on w.id = p.destination_id
      where w.account_id = ? and w.environment = ? and e.created_at >= ? and e.created_at < ? and p.state = 'failed'
        and w.deleted_at is null ${q.destinationId ? 'and p.destination_id = ?' : ''}
        and not exists (select 1 from public_deliveries q where q.event_id = p.event_id and q.destination_id = p.destination_id
                        and q.state in ('pending', 'parked', 'delivered'))
      order by p.event_id limit 1000`,
    [q.accountId, q.environment, q.from, q.to, ...(q.destinationId ? [q.destinationId] : [])],
  );
}

/** The `delivery_attempted` notification key (`<account>:<environment>`) of the destination's attempts. */
export async function destinationAttemptsKey(orm: MikroORM, destinationId: string): Promise<string | undefined> {
  const [dest] = await orm.em
    .getConnection()
    .execute<{ key: string }[]>(`select account_id || ':' || environment as key from webhook_destinations where id = ?`, [destinationId]);
  return dest?.key;
}

/**
 * Clears what receivers answered to attempts sent before `before` (up to `limit`; returns how many). The events they
 * belong to are older still, and the housekeeping has purged every such event whose deliveries are over
 * (db/public-events.ts): what is left is found through the few old events still kept, by existing indexes.
 */
export async function clearAttemptResponses(orm: MikroORM, before: Date, limit: number): Promise<number> {
  const done: { affectedRows: number } = await orm.em.getConnection().execute(
    `update public_delivery_attempts set response_headers = null, response_body = null
      where id in (select a.id from public_events e join public_delivery_attempts a on a.event_id = e.id
                    where e.id < ? and a.sent_at < ? and a.response_headers is not null limit ?)`,
    [idFloor('evt', before.getTime()), before, limit],
    'run',
  );
  return done.affectedRows;
}
