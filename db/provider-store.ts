import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Where the simulated providers (the PSP and the payout rail of infra/, which stand in for systems outside the hub)
 * keep their own state: statements with `?` placeholders, each on a fresh fork. The hub's own statements are named
 * functions of db/; this is the simulators' door, so their callers need no executor of their own.
 */
export const providerStore =
  (orm: MikroORM) =>
  <T>(query: string, params: unknown[]): Promise<T[]> =>
    orm.em.fork().execute<T[]>(query, params);

/** A payment of the simulated PSP as its issuer's challenge page shows it (`/psp-sim/challenge/:id`), or undefined. */
export async function simulatedPspPayment(
  orm: MikroORM,
  id: string,
): Promise<{ status: string; amount_minor: string; currency: string } | undefined> {
  const [payment] = await providerStore(orm)<{ status: string; amount_minor: string; currency: string }>(
    'select status, amount_minor, currency from psp_sim_payments where id = ?',
    [id],
  );
  return payment;
}
