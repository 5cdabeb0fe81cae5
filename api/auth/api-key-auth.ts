import type { Context } from 'koa';
import { ApiKeySchema, type AccountKind } from '../../db/entities';
import { sqlOf } from '../../db/sql';
import { secretMatches } from '../../infra/secrets';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { parseApiKey } from '../../infra/credentials';
import type { Principal } from './principal';

const LAST_USED_RESOLUTION_MS = 60_000;

interface KeyRow {
  id: string;
  account_id: string;
  account_kind: AccountKind;
  environment: string;
  scopes: string[];
  rate_per_minute: number;
  secret_hash: string;
  /** The key's `last_used_at` is older than LAST_USED_RESOLUTION_MS (or unset). */
  use_stale: boolean;
  revoked: boolean;
}

/** The key and its account's kind in one statement (every public request runs it). */
const KEY_WITH_ACCOUNT = `select k.id, k.account_id, a.kind as account_kind, k.environment, k.scopes, k.rate_per_minute,
  k.secret_hash, k.revoked_at is not null as revoked,
  coalesce(k.last_used_at < now() - make_interval(secs => $2), true) as use_stale
  from api_keys k join integrator_accounts a on a.id = k.account_id where k.id = $1`;

function invalidKey(presented: boolean): ProblemError {
  return new ProblemError('invalid_api_key', {
    detail: presented ? 'The API key is mistyped, unknown or revoked.' : 'Send an API key as Authorization: Bearer <key>.',
    headers: { 'WWW-Authenticate': presented ? 'Bearer realm="public-api", error="invalid_token"' : 'Bearer realm="public-api"' },
  });
}

/** `403 insufficient_scope`: the key has none of `scopes` (one of them would do); `scope` names them space-separated. */
export function insufficientScope(scopes: readonly string[]): ProblemError {
  const scope = scopes.join(' ');
  return new ProblemError('insufficient_scope', {
    detail:
      scopes.length === 1
        ? `This API key lacks the scope ${scope}.`
        : `This API key has none of the scopes ${scopes.join(', ')} (one is enough).`,
    extensions: { scope },
    headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
  });
}

/**
 * `Authorization: Bearer hub_<env>_…`. The checksum refuses a mistyped key without a database read; the key row is
 * read on every request, so a revocation takes effect on the very next one, on every process.
 */
export async function authenticateApiKey(ctx: Context, deps: ApiDeps, scope: string | readonly string[]): Promise<Principal> {
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  const parsed = match ? parseApiKey(match[1]) : null;
  if (!parsed) throw invalidKey(Boolean(match));
  const [key] = await sqlOf(deps.orm)<KeyRow>(KEY_WITH_ACCOUNT, [parsed.id, LAST_USED_RESOLUTION_MS / 1000]);
  if (!key || key.revoked || key.environment !== parsed.env || !secretMatches(parsed.secret, key.secret_hash, deps.hashPepper)) {
    throw invalidKey(true);
  }
  const accepted = typeof scope === 'string' ? [scope] : scope;
  if (!accepted.some((s) => key.scopes.includes(s))) throw insufficientScope(accepted);
  if (key.use_stale) {
    await deps.orm.em.fork().nativeUpdate(ApiKeySchema, { id: key.id }, { lastUsedAt: new Date() });
  }
  return {
    kind: 'integrator',
    credentialId: key.id,
    ownerId: key.account_id,
    livemode: key.environment === 'live',
    scopes: key.scopes,
    rateLimitPerMinute: key.rate_per_minute,
    accountKind: key.account_kind,
  };
}
