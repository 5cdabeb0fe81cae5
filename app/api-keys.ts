import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiKeySchema, type ApiKey, type KeyEnvironment } from '../db/entities';
import { revokeApiKey } from './accounts';
import { ProblemError } from './problems';

/**
 * An account's API keys as the account manages them itself (`/api/public/v1/api-keys`, the console's keys page): in
 * one environment, newest first, revoked ones left out. Creating goes through `createApiKey` (app/accounts.ts).
 */

/** One page of the active keys of an account and environment, newest first, after the key `after` of a previous page. */
export async function listAccountKeys(
  orm: MikroORM,
  owner: { accountId: string; environment: KeyEnvironment },
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<ApiKey[]> {
  const after = page.after;
  return orm.em.fork().find(
    ApiKeySchema,
    {
      accountId: owner.accountId,
      environment: owner.environment,
      revokedAt: null,
      ...(after ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] } : {}),
    },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit },
  );
}

/** The active key `keyId` of the owner, or null (another account's, another environment's, revoked, unknown). */
export async function findAccountKey(orm: MikroORM, owner: { accountId: string; environment: KeyEnvironment }, keyId: string) {
  return orm.em.fork().findOne(ApiKeySchema, { id: keyId, accountId: owner.accountId, environment: owner.environment, revokedAt: null });
}

/**
 * Revokes an account's own key: refused on every process within milliseconds (the standing cache hears of it). A demo
 * key is a display value and is never revoked here (`403 demo_key_read_only`).
 */
export async function revokeAccountKey(orm: MikroORM, key: ApiKey): Promise<ApiKey> {
  if (key.demo) {
    throw new ProblemError('demo_key_read_only', { detail: `${key.label} is a demo key: it reads, and is not revoked.`, param: 'id' });
  }
  await revokeApiKey(orm, key.id);
  return orm.em.fork().findOneOrFail(ApiKeySchema, { id: key.id });
}
