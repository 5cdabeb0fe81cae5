import type { Context } from 'koa';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { clientAddress, cidrList, inList } from './client-address';
import type { Principal } from './principal';
import { JWT_ALGORITHM } from './signing-keys';

export interface PartnerClaims extends JwtPayload {
  client_id: string;
  scope: string;
  partner_id: string;
  env: 'sandbox' | 'live';
}

function invalidToken(detail: string): ProblemError {
  return new ProblemError('invalid_token', {
    detail,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });
}

export async function verifyAccessToken(token: string, deps: ApiDeps): Promise<PartnerClaims> {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') throw invalidToken('The access token is malformed.');
  if (decoded.header.alg !== JWT_ALGORITHM || decoded.header.typ !== 'at+jwt' || !decoded.header.kid) {
    throw invalidToken('The access token was not issued by this server.');
  }
  const key = await deps.signingKeys.publicKey(decoded.header.kid, Number(decoded.payload.iat) || 0);
  if (!key) throw invalidToken('The access token was signed with an unknown key.');
  try {
    return jwt.verify(token, key, {
      algorithms: [JWT_ALGORITHM],
      audience: deps.oauth.audience,
      issuer: deps.oauth.issuer,
      clockTolerance: 5,
    }) as PartnerClaims;
  } catch (err) {
    const name = (err as Error).name;
    throw invalidToken(name === 'TokenExpiredError' ? 'The access token expired.' : 'The access token is invalid.');
  }
}

interface CredentialRow {
  environment: 'sandbox' | 'live';
  revoked_at: Date | null;
  partner_id: string;
  rate_limit_per_minute: number | null;
  ip_allowlist: string[];
  account_id: string | null;
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
  // One read per request, so a revoked client or a changed allow-list applies at once on every process.
  const [client]: CredentialRow[] = await deps.orm.em.getConnection().execute(
    `select c.environment, c.revoked_at, p.id as partner_id, p.rate_limit_per_minute, p.ip_allowlist, p.account_id
     from oauth_clients c join partners p on p.id = c.partner_id where c.id = ?`,
    [claims.client_id],
  );
  if (!client || client.revoked_at) throw invalidToken('The client of this access token has been revoked.');
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
    kind: 'partner',
    credentialId: claims.client_id,
    ownerId: client.partner_id,
    livemode: client.environment === 'live',
    scopes,
    rateLimitPerMinute: client.rate_limit_per_minute ?? deps.partnerRateLimitPerMinute,
    accountId: client.account_id,
  };
}
