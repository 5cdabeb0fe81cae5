import { createHmac, createPublicKey, generateKeyPairSync, verify as verifySignature, type KeyObject } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import jwt, { type JwtHeader, type JwtPayload } from 'jsonwebtoken';
import { revokeClient, updatePartner } from '../../app/accounts';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { eventually } from '../../stack/eventually';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { localEnvironment } from '../../stack/temporal';
import { ANONYMOUS_LIMITS } from '../../api/middleware/rate-limit';

/**
 * The partner OAuth surface against real PostgreSQL and the Temporal dev server: the token endpoint (RFC 6749 §4.4,
 * §5.2), the JWKS and RFC 8414 metadata, bearer checks (RFC 6750 / RFC 9068), scopes, sandbox/live isolation, the IP
 * allow-list and signing-key rotation.
 */

const ALL_SCOPES = 'bookings.read bookings.write quotes.read tracking.read webhooks.manage';
/** A well-formed booking id that no booking has: an authenticated GET answers 404 `not_found`. */
const UNKNOWN_BOOKING = newId('bkg');

type Client = { clientId: string; clientSecret: string };
type TestPartner = Awaited<ReturnType<typeof createTestPartner>>;

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function tokenCall(baseUrl: string, init: { headers?: Record<string, string>; body?: string | URLSearchParams }) {
  const body = init.body;
  const response = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      ...(body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...init.headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

function decodeToken(token: string): { header: JwtHeader; payload: JwtPayload } {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') throw new Error(`not a JWT: ${token}`);
  return { header: decoded.header, payload: decoded.payload };
}

function expectInvalidToken(response: { status: number; headers: Headers; json: { code: string } }) {
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.json.code).toBe('invalid_token');
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
}

/** The token was accepted: the call went through to the handler, which answers 404 for the unknown booking. */
function expectAccepted(response: { status: number; json: { code?: string } }) {
  expect(response.status).toBe(404);
  expect(response.json.code).toBe('not_found');
}

describe('partner OAuth', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let partner: TestPartner;
  let other: TestPartner;

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
    hub = await startTestHub(db, env);
    [partner, other] = await Promise.all([
      createTestPartner(db.orm, { name: 'Partner A' }),
      createTestPartner(db.orm, { name: 'Partner B' }),
    ]);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** Signs a token with the hub's current private key: everything valid unless `claims`/`header` say otherwise. */
  async function craftToken(
    client: Client & { partnerId?: string },
    claims: Record<string, unknown> = {},
    header: Record<string, unknown> = {},
  ) {
    const signer = await hub.deps.signingKeys.currentSigner();
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: hub.deps.oauth.issuer,
      aud: hub.deps.oauth.audience,
      sub: client.clientId,
      iat: now,
      exp: now + 600,
      jti: `jti-${Math.random()}`,
      client_id: client.clientId,
      scope: ALL_SCOPES,
      partner_id: partner.partnerId,
      env: 'sandbox',
      ...claims,
    };
    return jwt.sign(payload, signer.privateKey, {
      algorithm: 'ES256',
      header: { alg: 'ES256', typ: 'at+jwt', kid: signer.kid, ...header } as JwtHeader,
    });
  }

  const getUnknown = (token: string) => getJson(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, token);

  describe('token endpoint (RFC 6749 §4.4, §5.2)', () => {
    it('issues an ES256 at+jwt access token to a client authenticated with HTTP Basic', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
      expect(Object.keys(res.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
      expect(res.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: ALL_SCOPES });

      const { header, payload } = decodeToken(res.json.access_token);
      expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
      expect(header.kid).toMatch(/^key_[0-9a-z]{26}$/);
      expect(payload).toMatchObject({
        iss: 'http://hub.test',
        aud: 'http://hub.test/v1',
        sub: partner.sandbox.clientId,
        client_id: partner.sandbox.clientId,
        scope: ALL_SCOPES,
        partner_id: partner.partnerId,
        env: 'sandbox',
      });
      expect(payload.iat).toBeGreaterThanOrEqual(before - 1);
      expect(payload.iat).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);

      // A second token gets a new jti.
      const again = decodeToken(await requestToken(hub.baseUrl, partner.sandbox)).payload;
      expect(again.jti).not.toBe(payload.jti);

      // The token verifies against the published JWKS, with jsonwebtoken and with plain node:crypto (JOSE r||s).
      const jwks = await getJson(`${hub.baseUrl}/.well-known/jwks.json`);
      const jwk = jwks.json.keys.find((k: { kid: string }) => k.kid === header.kid);
      expect(jwk).toBeDefined();
      const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
      expect(() =>
        jwt.verify(res.json.access_token, publicKey, { algorithms: ['ES256'], issuer: 'http://hub.test', audience: 'http://hub.test/v1' }),
      ).not.toThrow();
      const [h, p, s] = res.json.access_token.split('.');
      expect(
        verifySignature('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')),
      ).toBe(true);

      // And the API accepts it.
      expectAccepted(await getUnknown(res.json.access_token));
    });

    it('accepts client_secret_post', async () => {
      const res = await tokenCall(hub.baseUrl, {
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: partner.live.clientId,
          client_secret: partner.live.clientSecret,
        }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.json.token_type).toBe('Bearer');
      expect(decodeToken(res.json.access_token).payload).toMatchObject({
        client_id: partner.live.clientId,
        env: 'live',
        partner_id: partner.partnerId,
      });
    });

    it('refuses both client authentication methods at once with 400 invalid_request', async () => {
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: partner.sandbox.clientId,
          client_secret: partner.sandbox.clientSecret,
        }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('invalid_request');
      expect(typeof res.json.error_description).toBe('string');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.json.access_token).toBeUndefined();
    });

    it('answers a wrong secret over HTTP Basic with 401 invalid_client and WWW-Authenticate: Basic', async () => {
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, `${partner.sandbox.clientSecret}x`) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+"/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('answers a wrong secret sent with client_secret_post with 401 invalid_client', async () => {
      const res = await tokenCall(hub.baseUrl, {
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: partner.sandbox.clientId, client_secret: 'cs_wrong' }),
      });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe('invalid_client');
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    });

    it('answers an unknown client exactly as a wrong secret (no client enumeration)', async () => {
      const unknown = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic('cli_sandbox_0000000000000000', partner.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      const wrong = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, 'cs_wrong') },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(unknown.status).toBe(401);
      expect(unknown.json.error).toBe('invalid_client');
      expect(unknown.json).toEqual(wrong.json);
      expect(unknown.headers.get('www-authenticate')).toBe(wrong.headers.get('www-authenticate'));
    });

    it('answers a request without client authentication, or with a malformed Basic header, with 401 invalid_client', async () => {
      const none = await tokenCall(hub.baseUrl, { body: new URLSearchParams({ grant_type: 'client_credentials' }) });
      expect(none.status).toBe(401);
      expect(none.json.error).toBe('invalid_client');
      expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);

      const malformed = await tokenCall(hub.baseUrl, {
        headers: { authorization: `Basic ${Buffer.from('no-colon-here').toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(malformed.status).toBe(401);
      expect(malformed.json.error).toBe('invalid_client');
    });

    it('answers a missing grant_type with 400 invalid_request', async () => {
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({ scope: 'bookings.read' }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('invalid_request');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('limits token requests per client and address, with a 429 problem and Retry-After, sparing other clients', async () => {
      const guessed = await createTestPartner(db.orm, { name: 'Guessed' });
      // Fixed one-minute windows: a burst of twice the limit and one more is over it in one window, wherever it starts.
      let refused: Awaited<ReturnType<typeof tokenCall>> | undefined;
      for (let i = 0; i <= 2 * ANONYMOUS_LIMITS.tokenPerClient && !refused; i++) {
        const res = await tokenCall(hub.baseUrl, {
          headers: { authorization: basic(guessed.sandbox.clientId, `cs_guess_${i}`) },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        });
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(401);
      }
      expect(refused?.json).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(other.status).toBe(200);
    });

    it('answers grant_type=password with 400 unsupported_grant_type', async () => {
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'password', username: 'u', password: 'p' }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('unsupported_grant_type');
      expect(res.json.access_token).toBeUndefined();
    });

    it('answers an unknown scope with 400 invalid_scope, even next to known ones', async () => {
      for (const scope of ['bookings.delete', 'bookings.read admin']) {
        const res = await tokenCall(hub.baseUrl, {
          headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
        });
        expect(res.status).toBe(400);
        expect(res.json.error).toBe('invalid_scope');
        expect(res.json.access_token).toBeUndefined();
      }
    });

    it('honours a requested subset of scopes, in the response and in the token', async () => {
      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'bookings.read tracking.read bookings.read' }),
      });
      expect(res.status).toBe(200);
      expect(res.json.scope).toBe('bookings.read tracking.read');
      expect(decodeToken(res.json.access_token).payload.scope).toBe('bookings.read tracking.read');
      // The subset is enforced: reading works, writing is refused.
      expectAccepted(await getUnknown(res.json.access_token));
      const write = await postJson(`${hub.baseUrl}/v1/bookings`, res.json.access_token, bookingBody());
      expect(write.status).toBe(403);
      expect(write.json.code).toBe('insufficient_scope');
    });

    it('refuses a JSON body with 400 invalid_request (the endpoint documents form encoding) and text/plain with 415', async () => {
      const json = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret), 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
      expect(json.status).toBe(400);
      expect(json.json.error).toBe('invalid_request');
      expect(json.json.error_description).toMatch(/x-www-form-urlencoded/);
      expect(json.json.access_token).toBeUndefined();

      const text = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret), 'content-type': 'text/plain' },
        body: 'grant_type=client_credentials',
      });
      expect(text.status).toBe(415);
      expect(text.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(text.json.code).toBe('unsupported_media_type');
    });

    it('refuses a revoked client new tokens (401 invalid_client) and its tokens already issued (401 invalid_token)', async () => {
      const victim = await createTestPartner(db.orm, { name: 'Revoked' });
      const issued = await requestToken(hub.baseUrl, victim.sandbox);
      expectAccepted(await getUnknown(issued));

      await revokeClient(db.orm, victim.sandbox.clientId);

      const res = await tokenCall(hub.baseUrl, {
        headers: { authorization: basic(victim.sandbox.clientId, victim.sandbox.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe('invalid_client');
      // The API processes keep each client's standing until PostgreSQL notifies them of a change: milliseconds.
      expectInvalidToken(
        await eventually(
          () => getUnknown(issued),
          (r) => r.status === 401,
          'the revocation reaches the API',
        ),
      );
      // The partner's other client is untouched.
      expectAccepted(await getUnknown(await requestToken(hub.baseUrl, victim.live)));
    });
  });

  describe('well-known documents', () => {
    it('publishes the public signing keys as a JWKS, without private parts', async () => {
      const res = await getJson(`${hub.baseUrl}/.well-known/jwks.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.json.keys.length).toBeGreaterThanOrEqual(1);
      const signer = await hub.deps.signingKeys.currentSigner();
      const current = res.json.keys.find((k: { kid: string }) => k.kid === signer.kid);
      expect(current).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        use: 'sig',
        kid: signer.kid,
        x: expect.any(String),
        y: expect.any(String),
      });
      for (const key of res.json.keys) expect(key.d).toBeUndefined();
    });

    it('publishes RFC 8414 metadata whose issuer, endpoints and scopes match what the server does', async () => {
      const res = await getJson(`${hub.baseUrl}/.well-known/oauth-authorization-server`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        issuer: 'http://hub.test',
        token_endpoint: 'http://hub.test/v1/oauth/token',
        jwks_uri: 'http://hub.test/.well-known/jwks.json',
        grant_types_supported: ['client_credentials'],
      });
      expect([...res.json.token_endpoint_auth_methods_supported].sort()).toEqual(['client_secret_basic', 'client_secret_post']);
      expect([...res.json.scopes_supported].sort()).toEqual(ALL_SCOPES.split(' ').sort());
      // The issuer in the metadata is the `iss` of the tokens.
      expect(decodeToken(await requestToken(hub.baseUrl, partner.sandbox)).payload.iss).toBe(res.json.issuer);
    });
  });

  describe('bearer checks (RFC 6750, RFC 9068)', () => {
    it('answers a call without Authorization with 401 problem+json and WWW-Authenticate: Bearer', async () => {
      const res = await getJson(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      // RFC 6750 §3.1: no error code when the request carried no credentials.
      expect(res.headers.get('www-authenticate')).not.toMatch(/error=/);
      expect(res.json).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
    });

    it('answers a non-Bearer scheme and a garbage token with 401', async () => {
      const basicCall = await fetch(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, {
        headers: { authorization: basic(partner.sandbox.clientId, partner.sandbox.clientSecret) },
      });
      expect(basicCall.status).toBe(401);
      expect(basicCall.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expectInvalidToken(await getUnknown('not.a.jwt'));
    });

    it('accepts a token crafted with the current key and valid claims (control for the cases below)', async () => {
      expectAccepted(await getUnknown(await craftToken(partner.sandbox)));
    });

    it('refuses an expired token with 401 invalid_token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await getUnknown(await craftToken(partner.sandbox, { iat: now - 3700, exp: now - 60 }));
      expectInvalidToken(res);
      expect(res.json.detail).toMatch(/expired/i);
    });

    it('refuses a token that expires after it was accepted (verified tokens are remembered, their expiry is not)', async () => {
      const now = Math.floor(Date.now() / 1000);
      // Expired 2 s ago: still inside the 5 s clock tolerance, for 3 more seconds.
      const exp = now - 2;
      const token = await craftToken(partner.sandbox, { iat: now - 3600, exp });
      expectAccepted(await getUnknown(token));
      await new Promise((r) => setTimeout(r, (exp + 6) * 1000 - Date.now()));
      const res = await getUnknown(token);
      expectInvalidToken(res);
      expect(res.json.detail).toMatch(/expired/i);
    });

    it('refuses a token whose payload was tampered with', async () => {
      const token = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.read');
      const [h, p, s] = token.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
      const forged = `${h}.${b64url({ ...payload, scope: ALL_SCOPES, partner_id: other.partnerId })}.${s}`;
      expectInvalidToken(await getUnknown(forged));
      // The untouched token still works.
      expectAccepted(await getUnknown(token));
    });

    it('refuses a token for another audience', async () => {
      expectInvalidToken(await getUnknown(await craftToken(partner.sandbox, { aud: 'https://elsewhere.example/v1' })));
    });

    it('refuses a token from another issuer', async () => {
      expectInvalidToken(await getUnknown(await craftToken(partner.sandbox, { iss: 'https://evil.example' })));
    });

    it('refuses a token without typ at+jwt (RFC 9068 §4)', async () => {
      expectInvalidToken(await getUnknown(await craftToken(partner.sandbox, {}, { typ: 'JWT' })));
    });

    it('refuses a token signed by a key the server does not know, whether under a new kid or the current one', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const signer = await hub.deps.signingKeys.currentSigner();
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: hub.deps.oauth.issuer,
        aud: hub.deps.oauth.audience,
        sub: partner.sandbox.clientId,
        iat: now,
        exp: now + 600,
        jti: 'x',
        client_id: partner.sandbox.clientId,
        scope: ALL_SCOPES,
        partner_id: partner.partnerId,
        env: 'sandbox',
      };
      for (const kid of [newId('key'), signer.kid]) {
        const token = jwt.sign(claims, privateKey, { algorithm: 'ES256', header: { alg: 'ES256', typ: 'at+jwt', kid } });
        expectInvalidToken(await getUnknown(token));
      }
    });

    it('refuses an unsigned token (alg: none)', async () => {
      const valid = decodeToken(await craftToken(partner.sandbox));
      const unsigned = `${b64url({ ...valid.header, alg: 'none' })}.${b64url(valid.payload)}.`;
      expectInvalidToken(await getUnknown(unsigned));
    });

    it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
      const valid = decodeToken(await craftToken(partner.sandbox));
      const jwks = await getJson(`${hub.baseUrl}/.well-known/jwks.json`);
      const jwk = jwks.json.keys.find((k: { kid: string }) => k.kid === valid.header.kid);
      const publicKey: KeyObject = createPublicKey({ key: jwk, format: 'jwk' });
      const secrets = [
        publicKey.export({ format: 'pem', type: 'spki' }).toString(),
        publicKey.export({ format: 'der', type: 'spki' }),
        JSON.stringify(jwk),
      ];
      for (const secret of secrets) {
        const signingInput = `${b64url({ alg: 'HS256', typ: 'at+jwt', kid: valid.header.kid })}.${b64url(valid.payload)}`;
        const token = `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
        expectInvalidToken(await getUnknown(token));
      }
    });

    it('answers a token without the needed scope with 403 insufficient_scope naming the scope', async () => {
      const token = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.read');
      const before = await db.orm.em.getConnection().execute(`select count(*)::int as n from bookings`);
      const res = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="bookings.write"');
      expect(res.json).toMatchObject({ status: 403, code: 'insufficient_scope', scope: 'bookings.write' });
      const after = await db.orm.em.getConnection().execute(`select count(*)::int as n from bookings`);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('sandbox/live and partner isolation', () => {
    it('hides a sandbox booking from the live token and from another partner, with the body of an unknown id', async () => {
      const sandboxToken = await requestToken(hub.baseUrl, partner.sandbox);
      const created = await postJson(`${hub.baseUrl}/v1/bookings`, sandboxToken, bookingBody({ external_id: 'ISO-1' }));
      expect(created.status).toBe(201);
      expect(created.json.livemode).toBe(false);
      const id: string = created.json.id;

      const own = await getJson(`${hub.baseUrl}/v1/bookings/${id}`, sandboxToken);
      expect(own.status).toBe(200);
      expect(own.json).toMatchObject({ id, livemode: false, external_id: 'ISO-1' });

      const live = await getJson(`${hub.baseUrl}/v1/bookings/${id}`, await requestToken(hub.baseUrl, partner.live));
      const foreign = await getJson(`${hub.baseUrl}/v1/bookings/${id}`, await requestToken(hub.baseUrl, other.sandbox));
      const unknown = await getJson(`${hub.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, sandboxToken);

      const shape = (res: { json: Record<string, unknown> }, bookingId: string) =>
        JSON.parse(JSON.stringify({ ...res.json, request_id: 'x' }).replaceAll(bookingId, '<id>'));
      for (const res of [live, foreign]) {
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(res.json.code).toBe('not_found');
        expect(shape(res, id)).toEqual(shape(unknown, UNKNOWN_BOOKING));
        expect(res.text).not.toContain('ISO-1');
      }
      expect(unknown.status).toBe(404);
    });
  });

  describe('IP allow-list', () => {
    const call = async (baseUrl: string, token: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      return { status: response.status, headers: response.headers, json: (await response.json()) as { code?: string } };
    };

    it('refuses 127.0.0.1 when the list holds only 10.0.0.0/8, and accepts it when a block covers it', async () => {
      const fenced = await createTestPartner(db.orm, { name: 'Fenced', ipAllowlist: ['10.0.0.0/8'] });
      const token = await requestToken(hub.baseUrl, fenced.sandbox);

      const refused = await call(hub.baseUrl, token);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.json.code).toBe('ip_not_allowed');

      // Each change reaches the API once PostgreSQL notifies it (milliseconds), and then holds.
      const allowList = async (list: string[], accepted: boolean) => {
        await updatePartner(db.orm, fenced.partnerId, { ipAllowlist: list });
        await eventually(
          () => call(hub.baseUrl, token),
          (r) => (r.status === 403) !== accepted,
          `allow-list ${list.join(', ')}`,
        );
        const again = await call(hub.baseUrl, token);
        if (accepted) expectAccepted(again);
        else expect(again.json.code).toBe('ip_not_allowed');
      };
      // Each step flips the answer, so waiting for it proves the new list applied.
      await allowList(['127.0.0.1/32'], true);
      await allowList(['::1/128'], false);
      await allowList(['::1/128', '127.0.0.0/8'], true);
    });

    describe('behind a trusted proxy', () => {
      let proxied: TestHub;
      beforeAll(async () => {
        proxied = await startTestHub(db, env, { workers: false, env: { TRUSTED_PROXIES: '127.0.0.1/32' } });
      });
      afterAll(async () => {
        await proxied?.close();
      });

      it('ignores X-Forwarded-For unless the peer is a trusted proxy, and then takes the right-most untrusted hop', async () => {
        const fenced = await createTestPartner(db.orm, { name: 'Behind proxy', ipAllowlist: ['203.0.113.0/24'] });
        const token = await requestToken(hub.baseUrl, fenced.sandbox);
        const xff = (value: string) => ({ 'x-forwarded-for': value });

        // No trusted proxies configured: the header is ignored, the peer 127.0.0.1 is refused.
        expect((await call(hub.baseUrl, token)).json.code).toBe('ip_not_allowed');
        expect((await call(hub.baseUrl, token, xff('203.0.113.7'))).json.code).toBe('ip_not_allowed');

        // 127.0.0.1 is a trusted proxy: the forwarded address counts.
        expect((await call(proxied.baseUrl, token)).json.code).toBe('ip_not_allowed');
        expectAccepted(await call(proxied.baseUrl, token, xff('203.0.113.7')));
        expectAccepted(await call(proxied.baseUrl, token, xff('203.0.113.7, 127.0.0.1')));
        // A client-supplied left-most entry is not trusted: the proxy appended the real client on the right.
        const spoofed = await call(proxied.baseUrl, token, xff('203.0.113.7, 198.51.100.23'));
        expect(spoofed.status).toBe(403);
        expect(spoofed.json.code).toBe('ip_not_allowed');
      });
    });
  });

  describe('signing-key rotation', () => {
    it('keeps tokens of the previous key valid, signs new ones with the new key, and publishes both', async () => {
      const oldToken = await requestToken(hub.baseUrl, partner.sandbox);
      const oldKid = decodeToken(oldToken).header.kid!;

      const newKid = await hub.deps.signingKeys.rotate();
      expect(newKid).not.toBe(oldKid);

      expectAccepted(await getUnknown(oldToken));
      const newToken = await requestToken(hub.baseUrl, partner.sandbox);
      expect(decodeToken(newToken).header.kid).toBe(newKid);
      expectAccepted(await getUnknown(newToken));

      const jwks = await getJson(`${hub.baseUrl}/.well-known/jwks.json`);
      const kids = jwks.json.keys.map((k: { kid: string }) => k.kid);
      expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));

      // Once the old key has been retired for longer than a token lives, it neither verifies nor is published.
      await db.orm.em.getConnection().execute(`update signing_keys set retired_at = now() - interval '2 hours' where kid = ?`, [oldKid]);
      const newestKid = await hub.deps.signingKeys.rotate(); // also reloads the keys
      expectInvalidToken(await getUnknown(oldToken));
      expectAccepted(await getUnknown(newToken));
      const after = (await getJson(`${hub.baseUrl}/.well-known/jwks.json`)).json.keys.map((k: { kid: string }) => k.kid);
      expect(after).toEqual(expect.arrayContaining([newKid, newestKid]));
      expect(after).not.toContain(oldKid);
    });

    describe('across API processes', () => {
      let peer: TestHub;
      beforeAll(async () => {
        peer = await startTestHub(db, env, { workers: false });
      });
      afterAll(async () => {
        await peer?.close();
      });

      it('a token signed with a key just rotated on one process is accepted by another at once', async () => {
        // A token under a kid nobody knows makes the peer reload its keys.
        const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
        const unknownKid = jwt.sign({ scope: ALL_SCOPES }, stranger, {
          algorithm: 'ES256',
          header: { alg: 'ES256', typ: 'at+jwt', kid: newId('key') },
        });
        const probe = () => getJson(`${peer.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, unknownKid);
        expectInvalidToken(await probe()); // the peer has just reloaded its keys and remembers the miss

        const newKid = await hub.deps.signingKeys.rotate();
        const token = await requestToken(hub.baseUrl, partner.sandbox);
        expect(decodeToken(token).header.kid).toBe(newKid);
        const reply = await getJson(`${peer.baseUrl}/v1/bookings/${UNKNOWN_BOOKING}`, token);
        expect({ status: reply.status, code: reply.json.code, detail: reply.json.detail }).toEqual({
          status: 404,
          code: 'not_found',
          detail: `No booking ${UNKNOWN_BOOKING}.`,
        });
      });
    });
  });
});
