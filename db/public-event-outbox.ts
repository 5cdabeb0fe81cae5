import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';

/**
 * The public-event outbox (migration 20261207130000): the events a change made outside a workflow causes, written in
 * the change's own transaction, each kept until its `public-event:<dedupe key>` workflow has been started.
 */

/** Writes events in the caller's transaction; one already waiting under the same dedupe key is kept as it is. */
export async function queuePublicEvents(em: EntityManager, events: readonly PublishPublicEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await em.execute(
    `insert into public_event_outbox (dedupe_key, event)
       select e->>'dedupeKey', e from jsonb_array_elements(?::jsonb) e
     on conflict (dedupe_key) do nothing`,
    [JSON.stringify(events)],
  );
}

/** Events queued before `before` (by the database's clock: `now()` less `olderThanSeconds`), oldest first. */
export async function unpublishedPublicEvents(orm: MikroORM, olderThanSeconds: number, limit: number): Promise<PublishPublicEventInput[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ event: PublishPublicEventInput }[]>(
      `select event from public_event_outbox where created_at < now() - make_interval(secs => ?) order by created_at limit ?`,
      [olderThanSeconds, limit],
    );
  return rows.map((r) => r.event);
}

/** Drops events whose publishing workflow was started. */
export async function publishedPublicEvents(orm: MikroORM, dedupeKeys: readonly string[]): Promise<void> {
  if (dedupeKeys.length === 0) return;
  await orm.em.getConnection().execute(`delete from public_event_outbox where dedupe_key in (?)`, [dedupeKeys]);
}

/** Age in seconds of the oldest event still waiting in the outbox (0 when none), by the database's clock. */
export async function oldestUnpublishedPublicEventSeconds(orm: MikroORM): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ age: number | null }[]>(`select extract(epoch from now() - min(created_at))::float8 as age from public_event_outbox`);
  return Math.max(0, row?.age ?? 0);
}
