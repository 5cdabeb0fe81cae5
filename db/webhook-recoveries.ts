import type { MikroORM } from '@mikro-orm/postgresql';
import type { KeyEnvironment } from './entities';
import { sqlOf } from './sql';

/** Recoveries of a destination's failed deliveries since a time, and the deliveries they redeliver (docs/console.md). */

export interface RecoveryRow {
  id: string;
  account_id: string;
  environment: KeyEnvironment;
  destination_id: string;
  since: Date;
  until: Date;
  status: 'running' | 'completed';
  count: number;
  redelivered: number;
  created_at: Date;
  completed_at: Date | null;
}

/**
 * Events created in [since, until) whose delivery to the destination failed for good and that have no delivery to
 * it under way or done since: what a recovery redelivers, oldest event first.
 */
const RECOVERABLE = `from public_deliveries p join public_events e on e.id = p.event_id
  where p.destination_id = $1 and p.state = 'failed' and e.created_at >= $2 and e.created_at < $3
    and not exists (select 1 from public_deliveries q where q.event_id = p.event_id and q.destination_id = p.destination_id
                    and q.state in ('pending', 'parked', 'delivered'))`;

export async function countRecoverable(orm: MikroORM, destinationId: string, since: Date, until: Date): Promise<number> {
  const [row] = await sqlOf(orm)<{ n: number }>(`select count(distinct p.event_id)::int as n ${RECOVERABLE}`, [
    destinationId,
    since,
    until,
  ]);
  return row?.n ?? 0;
}

export async function recoverableBatch(
  orm: MikroORM,
  r: { destinationId: string; since: Date; until: Date; afterEventId: string; limit: number },
): Promise<string[]> {
  const rows = await sqlOf(orm)<{ event_id: string }>(
    `select distinct p.event_id ${RECOVERABLE} and p.event_id > $4 order by p.event_id limit $5`,
    [r.destinationId, r.since, r.until, r.afterEventId, r.limit],
  );
  return rows.map((row) => row.event_id);
}

export async function insertRecovery(orm: MikroORM, r: Omit<RecoveryRow, 'redelivered' | 'completed_at'>): Promise<void> {
  await sqlOf(orm)(
    `insert into webhook_recoveries (id, account_id, environment, destination_id, since, until, status, count, created_at, completed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $7 = 'completed' then $9::timestamptz end)`,
    [r.id, r.account_id, r.environment, r.destination_id, r.since, r.until, r.status, r.count, r.created_at],
  );
}

export async function deleteRecovery(orm: MikroORM, id: string): Promise<void> {
  await sqlOf(orm)(`delete from webhook_recoveries where id = $1`, [id]);
}

export async function findRecovery(orm: MikroORM, id: string): Promise<RecoveryRow | undefined> {
  const [row] = await sqlOf(orm)<RecoveryRow>(`select * from webhook_recoveries where id = $1`, [id]);
  return row;
}

/** A new pending delivery of a past event (a redelivery row); false when one is under way already. */
export async function insertRedelivery(orm: MikroORM, deliveryId: string, eventId: string, destinationId: string): Promise<void> {
  await sqlOf(orm)(
    `insert into public_deliveries (id, event_id, destination_id, state, attempts, redelivery, created_at, updated_at)
     values ($1, $2, $3, 'pending', 0, true, now(), now())`,
    [deliveryId, eventId, destinationId],
  );
}

export async function deleteDelivery(orm: MikroORM, deliveryId: string): Promise<void> {
  await sqlOf(orm)(`delete from public_deliveries where id = $1 and attempts = 0`, [deliveryId]);
}

export async function addRedelivered(orm: MikroORM, recoveryId: string, started: number, done: boolean): Promise<void> {
  await sqlOf(orm)(
    `update webhook_recoveries set redelivered = redelivered + $2,
       status = case when $3 then 'completed' else status end, completed_at = case when $3 then now() else completed_at end
     where id = $1`,
    [recoveryId, started, done],
  );
}
