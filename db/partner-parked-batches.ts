import type { MikroORM } from '@mikro-orm/postgresql';
import type { PartnerBatchParkInput } from '../contracts/partner-webhook';
import type { NewPartnerEvent } from '../domain/partner-delivery-queue';
import type { Environment } from '../domain/environment';
import { newId } from '../infra/ids';

/** A partner batch its shard parked (migration 20261207130500). */
export interface ParkedPartnerBatch {
  id: string;
  partner_id: string;
  environment: Environment;
  shard: number;
  events: NewPartnerEvent[];
  reason: string;
  tries: number;
  first_failed_at: Date;
  parked_at: Date;
  replayed_at: Date | null;
}

/** Records a parked batch once per `parkKey` (a retried write finds the first); its id. */
export async function parkPartnerBatch(orm: MikroORM, parkKey: string, batch: PartnerBatchParkInput): Promise<string> {
  const [row] = await orm.em.getConnection().execute<{ id: string }[]>(
    `with inserted as (
       insert into partner_parked_batches (id, park_key, partner_id, environment, shard, events, reason, tries, first_failed_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?) on conflict (park_key) do nothing returning id)
     select id from inserted union all select id from partner_parked_batches where park_key = ? limit 1`,
    [
      newId('pkb'),
      parkKey,
      batch.partnerId,
      batch.environment,
      batch.shard,
      JSON.stringify(batch.events),
      batch.reason,
      batch.rounds,
      new Date(batch.failingSince),
      parkKey,
    ],
  );
  return row.id;
}

/** Parked batches, newest first: those not replayed yet only, unless `all`. */
export async function parkedPartnerBatches(orm: MikroORM, options: { all?: boolean; limit?: number } = {}): Promise<ParkedPartnerBatch[]> {
  return orm.em.getConnection().execute<ParkedPartnerBatch[]>(
    `select id, partner_id, environment, shard, events, reason, tries, first_failed_at, parked_at, replayed_at from partner_parked_batches
        ${options.all ? '' : 'where replayed_at is null'} order by parked_at desc, id desc limit ?`,
    [options.limit ?? 100],
  );
}

export async function parkedPartnerBatch(orm: MikroORM, id: string): Promise<ParkedPartnerBatch | undefined> {
  const [row] = await orm.em
    .getConnection()
    .execute<ParkedPartnerBatch[]>(
      `select id, partner_id, environment, shard, events, reason, tries, first_failed_at, parked_at, replayed_at from partner_parked_batches where id = ?`,
      [id],
    );
  return row;
}

/** Stamps the batch replayed, once: false when it already was. */
export async function markPartnerBatchReplayed(orm: MikroORM, id: string): Promise<boolean> {
  const rows = await orm.em
    .getConnection()
    .execute<{ id: string }[]>(`update partner_parked_batches set replayed_at = now() where id = ? and replayed_at is null returning id`, [
      id,
    ]);
  return rows.length === 1;
}

/** Parked batches not replayed yet, by environment (`sandbox`, `live`); both always present. */
export async function waitingParkedBatchCounts(orm: MikroORM): Promise<Record<Environment, number>> {
  const rows = await orm.em
    .getConnection()
    .execute<{ environment: Environment; n: number }[]>(
      `select environment, count(*)::int as n from partner_parked_batches where replayed_at is null group by environment`,
    );
  const counts: Record<Environment, number> = { sandbox: 0, live: 0 };
  for (const row of rows) counts[row.environment] = row.n;
  return counts;
}

/** Those of `eventIds` that no attempt acknowledged (a 2xx). */
export async function unacknowledgedOf(orm: MikroORM, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await orm.em.getConnection().execute<{ id: string }[]>(
    `select e.id from events e where e.id in (?)
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.response_status between 200 and 299)`,
    [eventIds],
  );
  return new Set(rows.map((r) => r.id));
}
