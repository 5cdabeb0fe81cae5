import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { HubEventSchema, type HubEvent } from './entities';
import type { Environment } from '../domain/environment';

/** A partner event as its delivery queue takes it. */
export interface PartnerEventRef {
  id: string;
  booking_id: string | null;
  type: string;
}

/** One attempt of the partner delivery log, with the event's type (and its body when asked for). */
export interface PartnerDeliveryRow {
  id: string;
  event_id: string;
  type: string;
  url: string;
  sent_at: string | Date;
  attempt: number;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  body?: string;
}

export interface PartnerDeliveryFilter {
  event?: string;
  status?: 'succeeded' | 'failed';
  from?: Date;
  to?: Date;
  /** Attempts older than this one (keyset). */
  before?: string;
  limit: number;
}

/** The partner's attempts of one environment, newest first, filtered. */
export async function partnerDeliveryAttempts(
  orm: MikroORM,
  partnerId: string,
  environment: Environment,
  filter: PartnerDeliveryFilter,
): Promise<PartnerDeliveryRow[]> {
  const where = ['e.partner_id = ?', 'e.environment = ?'];
  const params: unknown[] = [partnerId, environment];
  const add = (sql: string, value?: unknown) => {
    where.push(sql);
    if (value !== undefined) params.push(value);
  };
  if (filter.event) add('d.event_id = ?', filter.event);
  if (filter.status === 'succeeded') add('d.response_status between 200 and 299');
  if (filter.status === 'failed') add('(d.response_status is null or d.response_status not between 200 and 299)');
  if (filter.from) add('d.sent_at >= ?', filter.from);
  if (filter.to) add('d.sent_at < ?', filter.to);
  if (filter.before) add('d.id < ?', filter.before);
  return orm.em
    .getConnection()
    .execute<PartnerDeliveryRow[]>(
      `select d.*, e.type from webhook_deliveries d join events e on e.id = d.event_id where ${where.join(' and ')} order by d.id desc limit ?`,
      [...params, filter.limit],
    );
}

/** One attempt of the partner's environment with the body sent, or undefined. */
export async function partnerDeliveryAttempt(
  orm: MikroORM,
  id: string,
  partnerId: string,
  environment: Environment,
): Promise<PartnerDeliveryRow | undefined> {
  const [row] = await orm.em
    .getConnection()
    .execute<PartnerDeliveryRow[]>(
      'select d.*, e.type, e.body from webhook_deliveries d join events e on e.id = d.event_id where d.id = ? and e.partner_id = ? and e.environment = ?',
      [id, partnerId, environment],
    );
  return row;
}

/** The partner's event of that environment, or undefined. */
export async function partnerEvent(
  orm: MikroORM,
  id: string,
  partnerId: string,
  environment: Environment,
): Promise<PartnerEventRef | undefined> {
  const [row] = await orm.em
    .getConnection()
    .execute<PartnerEventRef[]>('select id, booking_id, type from events where id = ? and partner_id = ? and environment = ?', [
      id,
      partnerId,
      environment,
    ]);
  return row;
}

/** Events created in [from, to) that no attempt delivered (a 2xx), oldest first, at most 1000. */
export async function unacknowledgedPartnerEvents(
  orm: MikroORM,
  partnerId: string,
  environment: Environment,
  from: Date,
  to: Date,
): Promise<PartnerEventRef[]> {
  return orm.em.getConnection().execute<PartnerEventRef[]>(
    `select e.id, e.booking_id, e.type from events e where e.partner_id = ? and e.environment = ? and e.created_at >= ? and e.created_at < ?
       and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.response_status between 200 and 299)
     order by e.id limit 1000`,
    [partnerId, environment, from, to],
  );
}

/** Removes an event nobody was told of (its delivery could not be queued). */
export async function deletePartnerEvent(orm: MikroORM, id: string): Promise<void> {
  await orm.em.getConnection().execute('delete from events where id = ?', [id]);
}

/**
 * Writes a booking's partner event once per (booking, sequence): a concurrent or retried write of the same sequence
 * keeps the first, whose id is returned.
 */
export async function recordPartnerEvent(orm: MikroORM, em: EntityManager, event: HubEvent): Promise<string> {
  const inserted = await em
    .createQueryBuilder(HubEventSchema)
    .insert(event)
    .onConflict(['bookingId', 'sequence'])
    .ignore()
    .returning('id')
    .execute('all');
  if (inserted.length) return event.id;
  // A concurrent write of this event came first: use its id.
  return (await orm.em.fork().findOneOrFail(HubEventSchema, { bookingId: event.bookingId, sequence: event.sequence })).id;
}

/** Attempts of these events logged since `since`, by `<event id>:<attempt>`: whether each was acknowledged. */
export async function attemptsSince(em: EntityManager, eventIds: string[], since: Date): Promise<Map<string, boolean>> {
  const rows = await em
    .getConnection()
    .execute<{ event_id: string; attempt: number; ok: boolean }[]>(
      `select event_id, attempt, bool_or(response_status between 200 and 299) as ok from webhook_deliveries where event_id in (?) and sent_at >= ? group by event_id, attempt`,
      [eventIds, since],
    );
  return new Map(rows.map((r) => [`${r.event_id}:${r.attempt}`, r.ok === true]));
}

/**
 * Notes that an acknowledged event no longer waits (`hub_webhook_oldest_undelivered_seconds`); an acknowledged
 * `gps.update` settles the older ones of its booking too, which gave way to it in the queue.
 */
export async function settlePartnerEvent(
  em: EntityManager,
  event: Pick<HubEvent, 'id' | 'bookingId' | 'sequence' | 'type'>,
): Promise<void> {
  if (event.type === 'gps.update' && event.bookingId && event.sequence !== null) {
    await em.getConnection().execute(
      `update events set delivery_settled_at = now()
        where booking_id = ? and sequence <= ? and type = 'gps.update' and delivery_settled_at is null`,
      [event.bookingId, event.sequence],
    );
  } else {
    await em
      .getConnection()
      .execute(`update events set delivery_settled_at = now() where id = ? and delivery_settled_at is null`, [event.id]);
  }
}
