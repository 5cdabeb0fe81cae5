import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The statements behind the gauges a worker reads at each Prometheus scrape (workers/outage-gauges.ts): each is one
 * cheap query, so a scrape costs PostgreSQL next to nothing.
 */

/** Whether PostgreSQL answers `select 1` within `timeoutMs` (a pool that waits for a connection counts as no answer). */
export async function databaseAnswers(orm: MikroORM, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answer = orm.em
    .getConnection()
    .execute('select 1 as one')
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Public webhook destinations paused (not deleted), by environment (`live`, `test`); both always present. */
export async function pausedDestinationsByEnvironment(orm: MikroORM): Promise<Record<'live' | 'test', number>> {
  const rows = await orm.em
    .getConnection()
    .execute<{ environment: 'live' | 'test'; n: number }[]>(
      `select environment, count(*)::int as n from webhook_destinations where status = 'paused' and deleted_at is null group by environment`,
    );
  const counts = { live: 0, test: 0 };
  for (const row of rows) counts[row.environment] = row.n;
  return counts;
}

export interface UnacknowledgedPayoutFile {
  id: string;
  /** `YYYY-MM-DD`: the day the file asked the bank to execute it. */
  executionDate: string;
  createdAt: Date;
}

/**
 * Live payout files the bank has not acknowledged: none of their transfers booked, returned or rejected by a statement
 * yet. The oldest `limit`, oldest first.
 */
export async function unacknowledgedPayoutFiles(orm: MikroORM, limit = 100): Promise<UnacknowledgedPayoutFile[]> {
  const rows = await orm.em.getConnection().execute<{ id: string; execution_date: string; created_at: Date }[]>(
    `select f.id, f.execution_date::text as execution_date, f.created_at from payout_files f
      where f.livemode and not exists (select 1 from bank_transfers t where t.file_id = f.id and t.status <> 'submitted')
      order by f.created_at limit ?`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, executionDate: r.execution_date, createdAt: new Date(r.created_at) }));
}

/** Counting stops here: past it the number only says "in bulk", and the count stays a bounded index range scan. */
export const UNSTARTED_COUNT_CAP = 10_000;

/**
 * Booking rows whose workflow never ran, created more than `afterSeconds` ago (by the database's clock): `sweep`
 * within the last `windowMinutes` (the unstarted-bookings sweep starts them), `beyond` older (it never will). Each
 * is a range scan of the partial index `bookings_unstarted`, counted up to `UNSTARTED_COUNT_CAP`.
 */
export async function unstartedBookingCounts(
  orm: MikroORM,
  afterSeconds: number,
  windowMinutes: number,
): Promise<{ sweep: number; beyond: number }> {
  const [row] = await orm.em.getConnection().execute<{ sweep: number; beyond: number }[]>(
    `select
       (select count(*) from (select 1 from bookings where workflow_started_at is null
          and created_at >= now() - make_interval(mins => ?) and created_at < now() - make_interval(secs => ?) limit ?) s)::int as sweep,
       (select count(*) from (select 1 from bookings where workflow_started_at is null
          and created_at < now() - make_interval(mins => ?) limit ?) b)::int as beyond`,
    [windowMinutes, afterSeconds, UNSTARTED_COUNT_CAP, windowMinutes, UNSTARTED_COUNT_CAP],
  );
  return row;
}
