import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { OAuthClientSchema } from '../../db/entities';
import { secretMatches } from '../../infra/secrets';
import { PARTNER_SCOPES, unknownScopes } from '../../infra/scopes';
import { JWT_ALGORITHM } from '../auth/signing-keys';
import { defineOperation, type OperationResult } from '../operation';
import { clientAddress } from '../auth/client-address';
import { ANONYMOUS_LIMITS, limitAnonymous } from '../middleware/rate-limit';

export const TokenRequest = z
  .object({
    grant_type: z.string().optional().meta({ description: 'Must be `client_credentials`.', example: 'client_credentials' }),
    scope: z
      .string()
      .optional()
      .meta({ description: 'Space-separated scopes; all partner scopes when absent.', example: 'bookings.read bookings.write' }),
    client_id: z.string().optional().meta({ description: 'For `client_secret_post`; prefer HTTP Basic.' }),
    client_secret: z.string().optional().meta({ description: 'For `client_secret_post`; prefer HTTP Basic.' }),
  })
  .meta({ id: 'TokenRequest' });

export const TokenResponse = z
  .object({
    access_token: z.string().meta({ description: 'A JWT (RFC 9068) signed ES256; verify it with /.well-known/jwks.json.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ example: 3600 }),
    scope: z.string().meta({ example: 'bookings.read bookings.write quotes.read tracking.read' }),
  })
  .meta({ id: 'TokenResponse' });

export const OAuthError = z
  .object({
    error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope', 'unauthorized_client']),
    error_description: z.string(),
  })
  .meta({ id: 'OAuthError', description: 'RFC 6749 §5.2 error.' });

function oauthError(status: number, error: z.infer<typeof OAuthError>['error'], description: string): OperationResult {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="partner-api"';
  return { status, body: { error, error_description: description }, headers };
}

/** RFC 6749 §2.3.1: HTTP Basic with form-urlencoded id and secret. */
function basicCredentials(header: string): { id: string; secret: string } | null | 'malformed' {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!header) return null;
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

export const issueToken = defineOperation({
  operationId: 'issueToken',
  method: 'post',
  path: '/v1/oauth/token',
  summary: 'Get an access token (OAuth 2.0 client credentials)',
  description:
    'RFC 6749 §4.4. Send `application/x-www-form-urlencoded` with `grant_type=client_credentials` and authenticate the client with HTTP Basic (or `client_id`/`client_secret` in the body). A sandbox client gets a token for sandbox data only, a live client for live data only.',
  tags: ['OAuth'],
  security: { kind: 'none', clientAuthentication: 'basic' },
  request: {
    body: TokenRequest,
    bodyContentType: 'application/x-www-form-urlencoded',
    bodyExample: { grant_type: 'client_credentials', scope: 'bookings.read bookings.write' },
  },
  responses: {
    200: { description: 'A bearer token.', schema: TokenResponse },
    400: { description: 'invalid_request, unsupported_grant_type or invalid_scope.', schema: OAuthError },
    401: { description: 'invalid_client.', schema: OAuthError },
  },
  errors: ['unsupported_media_type', 'payload_too_large', 'rate_limited'],
  async handler({ body, ctx, deps }) {
    if (!ctx.request.is('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
    }
    const basic = basicCredentials(ctx.get('authorization'));
    if (basic === 'malformed') return oauthError(401, 'invalid_client', 'The Authorization header is not valid HTTP Basic.');
    if (basic && (body.client_id || body.client_secret)) {
      return oauthError(400, 'invalid_request', 'Use one client authentication method, not both.');
    }
    const credentials = basic ?? (body.client_id && body.client_secret ? { id: body.client_id, secret: body.client_secret } : null);
    const address = clientAddress(ctx.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, deps.trustedProxies);
    await limitAnonymous(ctx, deps.rateLimiter, `token-address:${address}`, ANONYMOUS_LIMITS.tokenPerAddress);
    // Per client and address: a secret guessed at from one host stops there, and never locks the partner out elsewhere.
    if (credentials)
      await limitAnonymous(ctx, deps.rateLimiter, `token-client:${credentials.id}:${address}`, ANONYMOUS_LIMITS.tokenPerClient);
    if (!body.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required.');
    if (!credentials) return oauthError(401, 'invalid_client', 'Client authentication is required.');

    const client = await deps.orm.em.fork().findOne(OAuthClientSchema, { id: credentials.id });
    if (!client || client.revokedAt || !secretMatches(credentials.secret, client.secretHash, deps.hashPepper)) {
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    }
    if (body.grant_type !== 'client_credentials') {
      return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
    }
    const requested = body.scope?.split(' ').filter(Boolean) ?? [...PARTNER_SCOPES];
    const unknown = unknownScopes(requested, PARTNER_SCOPES);
    if (unknown.length || requested.length === 0) {
      return oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(' ') || '(empty)'}. Known: ${PARTNER_SCOPES.join(' ')}.`);
    }
    const scope = [...new Set(requested)].join(' ');
    const signer = await deps.signingKeys.currentSigner();
    const accessToken = jwt.sign(
      { client_id: client.id, scope, partner_id: client.partnerId, env: client.environment },
      signer.privateKey,
      {
        algorithm: JWT_ALGORITHM,
        keyid: signer.kid,
        header: { alg: JWT_ALGORITHM, typ: 'at+jwt', kid: signer.kid },
        issuer: deps.oauth.issuer,
        audience: deps.oauth.audience,
        subject: client.id,
        expiresIn: deps.oauth.tokenTtlSeconds,
        jwtid: randomUUID(),
      },
    );
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      body: { access_token: accessToken, token_type: 'Bearer', expires_in: deps.oauth.tokenTtlSeconds, scope },
    };
  },
});
