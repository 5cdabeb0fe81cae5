import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiKeySchema, type ApiKey } from '../db/entities';
import type { Environment } from '../domain/environment';
import { insertApiKey, revokeApiKey, type KeyOrigin, type Secrets } from './accounts';
import { ProblemError } from './problems';

/**
 * An account's API keys as the account manages them itself (`/api/public/v1/api-keys`, the console's keys page): in
 * one environment, newest first, revoked and expired ones left out. Creating goes through `createApiKey` (app/accounts.ts).
 */

/** A roll's overlap: the old key works at most this long after the new one is made (Stripe offers up to 7 days). */
export const MAX_ROLL_OVERLAP_HOURS = 168;

/** Neither revoked nor past its end at `now`. */
const standing = (now: Date) => ({ revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });

/** One page of the active keys of an account and environment, newest first, after the key `after` of a previous page. */
export async function listAccountKeys(
  orm: MikroORM,
  owner: { accountId: string; environment: Environment },
  page: { limit: number; after?: { createdAt: Date; id: string } },
  now = new Date(),
): Promise<ApiKey[]> {
  const after = page.after;
  return orm.em.fork().find(
    ApiKeySchema,
    {
      accountId: owner.accountId,
      environment: owner.environment,
      ...standing(now),
      ...(after
        ? { $and: [{ $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] }] }
        : {}),
    },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit },
  );
}

/** The active key `keyId` of the owner, or null (another account's, another environment's, revoked, expired, unknown). */
export async function findAccountKey(
  orm: MikroORM,
  owner: { accountId: string; environment: Environment },
  keyId: string,
  now = new Date(),
) {
  return orm.em.fork().findOne(ApiKeySchema, { id: keyId, accountId: owner.accountId, environment: owner.environment, ...standing(now) });
}

function refuseDemo(key: ApiKey, what: string): void {
  if (key.demo) {
    throw new ProblemError('demo_key_read_only', { detail: `${key.label} is a demo key: it reads, and is not ${what}.`, param: 'id' });
  }
}

/**
 * Revokes an account's own key and every key made from it (app/accounts.ts `revokeApiKey`): refused on every process
 * within milliseconds (the standing cache hears of it). A demo key is a display value and is never revoked here
 * (`403 demo_key_read_only`). Answers the key as revoked and how many keys were revoked with it.
 */
export async function revokeAccountKey(orm: MikroORM, key: ApiKey): Promise<{ key: ApiKey; alsoRevoked: string[] }> {
  refuseDemo(key, 'revoked');
  const revoked = await revokeApiKey(orm, key.id);
  return { key: await orm.em.fork().findOneOrFail(ApiKeySchema, { id: key.id }), alsoRevoked: revoked.filter((id) => id !== key.id) };
}

/**
 * Rolls a key as Stripe does: a new secret, issued as a new key with the old one's label, scopes, rate and end, which
 * takes the old key's place (the keys the old one made now die with the new one). The old key keeps working for
 * `overlapMs` (0: it ends now). `by` is who rolls it (null: ops): a key rolled by itself, or from a console login it
 * opened, keeps the old key's origin; rolled by another key, the new key is that key's, as a key it created would be.
 * A key already rolled is `409 conflict` (roll the new one).
 */
export async function rollApiKey(
  orm: MikroORM,
  secrets: Secrets,
  input: { keyId: string; by: KeyOrigin | null; overlapMs: number; now: Date },
) {
  return orm.em.fork().transactional(async (em) => {
    const old = await em.findOne(ApiKeySchema, { id: input.keyId, ...standing(input.now) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!old) throw new ProblemError('not_found', { detail: `No API key ${input.keyId}.`, param: 'id' });
    refuseDemo(old, 'rolled');
    const successor = await em.findOne(ApiKeySchema, { rolledFromApiKeyId: old.id });
    if (successor) {
      throw new ProblemError('conflict', {
        detail: `${old.id} was already rolled into ${successor.id}: roll that key instead.`,
        param: 'id',
      });
    }
    const own = !input.by || input.by.apiKeyId === old.id;
    const inherited = old.createdByApiKeyId || old.createdByConsoleLoginId;
    const origin = own
      ? inherited
        ? { apiKeyId: old.createdByApiKeyId ?? null, consoleLoginId: old.createdByConsoleLoginId ?? null }
        : null
      : input.by;
    const created = await insertApiKey(em, secrets, {
      accountId: old.accountId,
      environment: old.environment,
      label: old.label,
      scopes: old.scopes,
      ratePerMinute: old.ratePerMinute,
      expiresAt: old.expiresAt ?? null,
      createdBy: origin,
      rolledFrom: old.id,
    });
    const overlapEnd = input.now.getTime() + input.overlapMs;
    old.expiresAt = new Date(Math.min(overlapEnd, old.expiresAt?.getTime() ?? Infinity));
    await em.flush();
    await em.nativeUpdate(ApiKeySchema, { createdByApiKeyId: old.id, revokedAt: null }, { createdByApiKeyId: created.keyId });
    return { created, old };
  });
}
