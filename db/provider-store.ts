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
