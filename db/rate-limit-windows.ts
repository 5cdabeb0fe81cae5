import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/**
 * The rate limits' fixed one-minute windows, shared by every API process (`api/middleware/rate-limit.ts` leases them;
 * docs/architecture.md#limits-and-idempotency-live-in-postgresql). `rate_limit_windows` is `UNLOGGED`.
 */

/** Adds a lease to its window's count and returns the count after it: the lease was granted up to the limit. */
const LEASE = `insert into rate_limit_windows (bucket, window_start, count) values ($1, to_timestamp($2), $3)
  on conflict (bucket, window_start) do update set count = rate_limit_windows.count + excluded.count
  returning count`;

/**
 * Leases `size` requests of `bucket`'s window starting at `windowStart` (epoch seconds) in one atomic upsert, through
 * `db/sql.ts` (a request may wait on it): the window's count after the lease, every process's leases included.
 */
export async function leaseRateLimitWindow(orm: MikroORM, bucket: string, windowStart: number, size: number): Promise<number> {
  const [row] = await sqlOf(orm)<{ count: number }>(LEASE, [bucket, windowStart, size]);
  return Number(row.count);
}

/** Drops the windows that ended more than a minute ago. */
export async function purgeEndedRateLimitWindows(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute(`delete from rate_limit_windows where window_start < now() - interval '2 minutes'`);
}
