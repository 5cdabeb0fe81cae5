import type { MikroORM } from '@mikro-orm/postgresql';
import { withConnection } from './sql';

/**
 * Runs `work` only if no other session holds the PostgreSQL advisory lock named `name`, holding it meanwhile: for work
 * that one process of the whole deployment should do at a time (a housekeeping sweep every API process schedules).
 * The lock is a session lock on a pool connection kept aside for the work, not a transaction: nothing waits idle in a
 * transaction while `work` calls other services. A process that dies ends its session and so frees the lock. Resolves
 * to `{ ran: false }` at once when another session holds it.
 */
export async function whileHoldingLock<T>(
  orm: MikroORM,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return withConnection(orm, async (connection) => {
    const { rows } = await connection.query({
      text: `select pg_try_advisory_lock(hashtextextended($1, 0)) as locked`,
      values: [name],
    });
    if (!(rows[0] as { locked: boolean }).locked) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await connection
        .query({ text: `select pg_advisory_unlock(hashtextextended($1, 0))`, values: [name] })
        // A session that cannot say it unlocked must not go back to the pool still holding the lock: end it.
        .catch(() => connection.end().catch(() => undefined));
    }
  });
}
