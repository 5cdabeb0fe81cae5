import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from './sql';

/**
 * Revokes the key `keyId` and every key made from its authority, transitively: the keys it created through the API,
 * directly or through a console login it opened (`created_by_api_key_id`), theirs, and so on. One statement, so one
 * notification tells every API process; the logins those keys opened end at their next request. Keys already revoked
 * keep their time. Answers the ids revoked now (none when the key was revoked already and made nothing since).
 */
export async function revokeKeyAndDescendants(orm: MikroORM, keyId: string, now: Date): Promise<string[]> {
  const rows = await sqlOf(orm)<{ id: string }>(
    `with recursive lineage(id) as (
       select id from api_keys where id = $1
       union
       select k.id from api_keys k join lineage l on k.created_by_api_key_id = l.id)
     update api_keys set revoked_at = $2 where id in (select id from lineage) and revoked_at is null returning id`,
    [keyId, now],
  );
  return rows.map((r) => r.id);
}
