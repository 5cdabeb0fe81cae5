import type { Context } from 'koa';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { rateBucket } from '../middleware/rate-limit';
import { clientAddress, cidrList, inList } from './client-address';
import type { Principal } from './principal';
import { JWT_ALGORITHM } from './signing-keys';
import type { Environment } from '../../domain/environment';

export interface PartnerClaims extends JwtPayload {
  client_id: string;
  scope: string;
  partner_id: string;
  env: Environment;
}

function invalidToken(detail: string): ProblemError {
  return new ProblemError('invalid_token', {
    detail,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });
}

/** Tokens whose signature, issuer and audience were checked, per API: a partner sends one token for up to an hour. */
const verifiedTokens = new WeakMap<ApiDeps, Map<string, { kid: string; claims: PartnerClaims }>>();
const VERIFIED_TOKENS_KEPT = 10_000;
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * The claims of a valid access token. An ES256 signature check costs about half a millisecond of CPU, so a token
 * already verified by this process is only checked again for what can change: its expiry and its key's retirement.
 */
export async function verifyAccessToken(token: string, deps: ApiDeps): Promise<PartnerClaims> {
  let cache = verifiedTokens.get(deps);
  if (!cache) verifiedTokens.set(deps, (cache = new Map()));
  const known = cache.get(token);
  if (known) {
    const expired = Date.now() / 1000 > Number(known.claims.exp) + CLOCK_TOLERANCE_SECONDS;
    if (!expired && (await deps.signingKeys.publicKey(known.kid, Number(known.claims.iat) || 0))) return known.claims;
    cache.delete(token);
  }
  const verified = await verifySignedToken(token, deps);
  if (cache.size >= VERIFIED_TOKENS_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(token, verified);
  return verified.claims;
}

async function verifySignedToken(token: string, deps: ApiDeps): Promise<{ kid: string; claims: PartnerClaims }> {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') throw invalidToken('The access token is malformed.');
  if (decoded.header.alg !== JWT_ALGORITHM || decoded.header.typ !== 'at+jwt' || !decoded.header.kid) {
    throw invalidToken('The access token was not issued by this server.');
  }
  const key = await deps.signingKeys.publicKey(decoded.header.kid, Number(decoded.payload.iat) || 0);
  if (!key) throw invalidToken('The access token was signed with an unknown key.');
  try {
    const claims = jwt.verify(token, key, {
      algorithms: [JWT_ALGORITHM],
      audience: deps.oauth.audience,
      issuer: deps.oauth.issuer,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }) as PartnerClaims;
    return { kid: decoded.header.kid, claims };
  } catch (err) {
    const name = (err as Error).name;
    throw invalidToken(name === 'TokenExpiredError' ? 'The access token expired.' : 'The access token is invalid.');
  }
}

/** Bearer check of every /v1 call (RFC 6750), then the client's standing, the IP allow-list and the scope. */
export async function authenticatePartner(ctx: Context, deps: ApiDeps, scope: string): Promise<Principal> {
  const header = ctx.get('authorization');
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
  if (!match) {
    throw new ProblemError('unauthorized', {
      detail: 'Send an access token from POST /v1/oauth/token as Authorization: Bearer <token>.',
      headers: { 'WWW-Authenticate': 'Bearer realm="partner-api"' },
    });
  }
  const claims = await verifyAccessToken(match[1], deps);
  const principal = { kind: 'partner' as const, credentialId: claims.client_id };
  const client = await deps.standings.get(claims.client_id);
  if (!client || client.revoked_at) throw invalidToken('The client of this access token has been revoked.');
  const rateLimitPerMinute = client.rate_limit_per_minute ?? deps.partnerRateLimitPerMinute;
  ctx.state.rateDecision = await deps.rateLimiter.take(rateBucket(principal), rateLimitPerMinute);
  if (client.ip_allowlist.length > 0) {
    const address = clientAddress(ctx.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, deps.trustedProxies);
    if (!inList(cidrList(client.ip_allowlist), address)) {
      throw new ProblemError('ip_not_allowed', { detail: `Requests from ${address} are not on this partner's IP allow-list.` });
    }
  }
  const scopes = claims.scope.split(' ').filter(Boolean);
  if (!scopes.includes(scope)) {
    throw new ProblemError('insufficient_scope', {
      detail: `This call needs the scope ${scope}.`,
      extensions: { scope },
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
  return {
    ...principal,
    ownerId: client.partner_id,
    livemode: client.environment === 'live',
    scopes,
    rateLimitPerMinute,
    accountId: client.account_id,
    commission: client.commission,
  };
}
