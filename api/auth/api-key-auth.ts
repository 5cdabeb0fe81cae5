import type { Context } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeListener } from '../../db/change-listener';
import { apiKeyStanding, markApiKeyUsed, type KeyStanding } from '../../db/credential-standings';
import { secretMatches } from '../../infra/secrets';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { parseApiKey } from '../../infra/credentials';
import { CredentialStandings } from './credential-standing';
import type { Principal } from './principal';

const LAST_USED_RESOLUTION_MS = 60_000;

export type { KeyStanding };

/** The API keys' standing, kept until a change of a key or its account is notified (api/auth/credential-standing.ts). */
export function apiKeyStandings(orm: MikroORM, changes: ChangeListener): CredentialStandings<KeyStanding> {
  return new CredentialStandings(changes, (id) => apiKeyStanding(orm, id));
}

/** Whether a key has passed its end (`expires_at`) at `now`. */
export const keyExpired = (key: Pick<KeyStanding, 'expires_at'>, now: Date) => key.expires_at !== null && now.getTime() >= key.expires_at;

function invalidKey(presented: boolean, detail?: string): ProblemError {
  return new ProblemError('invalid_api_key', {
    detail: detail ?? (presented ? 'The API key is mistyped, unknown or revoked.' : 'Send an API key as Authorization: Bearer <key>.'),
    headers: { 'WWW-Authenticate': presented ? 'Bearer realm="public-api", error="invalid_token"' : 'Bearer realm="public-api"' },
  });
}

/**
 * `403 insufficient_scope`: the key has none of `scopes` (one of them would do); `scope` names them space-separated.
 * `detail` says otherwise when the scopes are beyond something else (an account's scope ceiling).
 */
export function insufficientScope(scopes: readonly string[], detail?: string): ProblemError {
  const scope = scopes.join(' ');
  return new ProblemError('insufficient_scope', {
    detail:
      detail ??
      (scopes.length === 1
        ? `This API key lacks the scope ${scope}.`
        : `This API key has none of the scopes ${scopes.join(', ')} (one is enough).`),
    extensions: { scope },
    headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
  });
}

/**
 * `Authorization: Bearer hub_<env>_…`. The checksum refuses a mistyped key without a database read; the key's
 * standing is kept by each process until PostgreSQL notifies a change, so a revocation takes effect within
 * milliseconds on every process (and on the next request of a process that cannot hear notifications).
 */
export async function authenticateApiKey(ctx: Context, deps: ApiDeps, scope: string | readonly string[]): Promise<Principal> {
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  const parsed = match ? parseApiKey(match[1]) : null;
  if (!parsed) throw invalidKey(Boolean(match));
  const key = await deps.apiKeys.get(parsed.id);
  if (!key || key.revoked || key.environment !== parsed.env || !secretMatches(parsed.secret, key.secret_hash, deps.hashPepper)) {
    throw invalidKey(true);
  }
  if (keyExpired(key, deps.now?.() ?? new Date())) {
    throw invalidKey(
      true,
      `This API key expired at ${new Date(key.expires_at!).toISOString()}: use the key that replaced it, or make a new one.`,
    );
  }
  const principal: Principal = {
    kind: 'integrator',
    credentialId: key.id,
    ownerId: key.account_id,
    livemode: key.environment === 'live',
    scopes: key.scopes,
    rateLimitPerMinute: key.rate_per_minute,
    accountKind: key.account_kind,
  };
  ctx.state.identified = principal;
  const accepted = typeof scope === 'string' ? [scope] : scope;
  if (!accepted.some((s) => key.scopes.includes(s))) throw insufficientScope(accepted);
  if (Date.now() - key.used_at >= LAST_USED_RESOLUTION_MS) {
    key.used_at = Date.now();
    await markApiKeyUsed(deps.orm, key.id);
  }
  return principal;
}
