import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * What the crash and uptime proofs (scripts/crash-test.ts, bench/uptime.ts) read to check the hub from outside: the
 * sessions of one application (`application_name`, which node-postgres takes from PGAPPNAME) still running a statement,
 * the idempotency claims held open, and a partner's bookings and events.
 */
export async function runningStatements(orm: MikroORM, applicationName: string): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ n: number }[]>(
      `select count(*)::int as n from pg_stat_activity where application_name = ? and state = 'active' and pid <> pg_backend_pid()`,
      [applicationName],
    );
  return row.n;
}

/** Idempotency claims `in_progress`: of the keys given, or all of them. */
export async function claimsInProgress(orm: MikroORM, keys?: string[]): Promise<number> {
  if (keys && keys.length === 0) return 0;
  const [row] = await orm.em
    .getConnection()
    .execute<{ n: number }[]>(
      `select count(*)::int as n from idempotency_keys where state = 'in_progress'${keys ? ' and key in (?)' : ''}`,
      keys ? [keys] : [],
    );
  return row.n;
}

/** A partner's bookings as the read model has them. */
export function partnerBookingRows(orm: MikroORM, partnerId: string): Promise<{ id: string; external_id: string }[]> {
  return orm.em.getConnection().execute(`select id, external_id from bookings where partner_id = ?`, [partnerId]);
}

/** A partner's events (each is delivered to its webhook endpoint), with the booking each is about. */
export function partnerEventRefs(orm: MikroORM, partnerId: string): Promise<{ id: string; booking_id: string | null }[]> {
  return orm.em.getConnection().execute(`select id, booking_id from events where partner_id = ?`, [partnerId]);
}
