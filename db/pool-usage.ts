import type { MikroORM } from '@mikro-orm/postgresql';
import type { PoolUsage } from '../infra/metrics';

/** The few members of knex's tarn pool that tell its use (knex creates the pool with its first query). */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * The process's PostgreSQL pool as `hub_db_pool_connections` shows it: connections checked out (`used`), open and
 * idle, and acquisitions waiting (for a free connection or one being opened). Undefined until the pool exists.
 */
export function poolUsage(orm: MikroORM): PoolUsage | undefined {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  if (!pool) return undefined;
  return {
    used: pool.numUsed(),
    idle: pool.numFree(),
    pending: pool.numPendingAcquires() + pool.numPendingCreates(),
    max: pool.max,
  };
}
