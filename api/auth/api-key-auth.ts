import type { Context } from 'koa';
import { ApiKeySchema } from '../../db/entities';
import { secretMatches } from '../../infra/secrets';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { parseApiKey } from '../../infra/credentials';
import type { Principal } from './principal';

const LAST_USED_RESOLUTION_MS = 60_000;

function invalidKey(presented: boolean): ProblemError {
  return new ProblemError('invalid_api_key', {
    detail: presented ? 'The API key is mistyped, unknown or revoked.' : 'Send an API key as Authorization: Bearer <key>.',
    headers: { 'WWW-Authenticate': presented ? 'Bearer realm="public-api", error="invalid_token"' : 'Bearer realm="public-api"' },
  });
}

/**
 * `Authorization: Bearer hub_<env>_…`. The checksum refuses a mistyped key without a database read; the key row is
 * read on every request, so a revocation takes effect on the very next one, on every process.
 */
export async function authenticateApiKey(ctx: Context, deps: ApiDeps, scope: string): Promise<Principal> {
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  const parsed = match ? parseApiKey(match[1]) : null;
  if (!parsed) throw invalidKey(Boolean(match));
  const em = deps.orm.em.fork();
  const key = await em.findOne(ApiKeySchema, { id: parsed.id });
  if (!key || key.revokedAt || key.environment !== parsed.env || !secretMatches(parsed.secret, key.secretHash, deps.hashPepper)) {
    throw invalidKey(true);
  }
  if (!key.scopes.includes(scope)) {
    throw new ProblemError('insufficient_scope', {
      detail: `This API key lacks the scope ${scope}.`,
      extensions: { scope },
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await em.nativeUpdate(ApiKeySchema, { id: key.id }, { lastUsedAt: new Date() });
  }
  return {
    kind: 'integrator',
    credentialId: key.id,
    ownerId: key.accountId,
    livemode: key.environment === 'live',
    scopes: key.scopes,
    rateLimitPerMinute: key.ratePerMinute,
  };
}
