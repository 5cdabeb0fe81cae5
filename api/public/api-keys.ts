import { environmentOf, testOrLive } from '../../domain/environment';
import { z } from 'zod';
import { createApiKey, ScopeCeilingExceeded, type KeyOrigin } from '../../app/accounts';
import { findAccountKey, listAccountKeys, revokeAccountKey } from '../../app/api-keys';
import type { ApiKey } from '../../db/entities';
import { scopesBeyond } from '../../domain/console-login';
import { maskApiKey } from '../../infra/credentials';
import { API_KEY_SCOPES } from '../../infra/scopes';
import { insufficientScope } from '../auth/api-key-auth';
import { consoleNow } from '../auth/console-session';
import type { Principal } from '../auth/principal';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { Instant } from '../wire-schemas';

const KEY_ID = /^[0-9A-Za-z]{12}$/;
export const ApiKeyId = z.string().regex(KEY_ID, 'expected an API key id (12 letters and digits)').meta({ example: 'a1B2c3D4e5F6' });

export const ApiKeyView = z
  .object({
    object: z.literal('api_key'),
    id: ApiKeyId.meta({ description: 'The id inside the key (`hub_<env>_<id>_…`); not secret.' }),
    label: z.string(),
    masked: z
      .string()
      .meta({ description: 'The key with its secret hidden: prefix, id and last four.', example: 'hub_test_a1B2c3D4e5F6_…wXyZ' }),
    livemode: z.boolean(),
    scopes: z.array(z.string()),
    rate_per_minute: z.number().int(),
    created_at: z.string(),
    last_used_at: z.string().nullable().meta({ description: 'To the minute: written at most once a minute per key.' }),
    revoked_at: z.string().nullable(),
    expires_at: z
      .string()
      .nullable()
      .meta({ description: 'When the key stops working (401 after it); null: never. A roll sets it on the key it replaces.' }),
    created_by: z
      .object({
        api_key: z
          .string()
          .nullable()
          .meta({ description: 'The key that made this one (itself, or through a console login it opened); this key is revoked with it.' }),
        console_login: z.string().nullable().meta({ description: 'The console login it was made through (`cls_…`), if any.' }),
      })
      .nullable()
      .meta({ description: 'Who made the key through the API, and via what; null: made by ops (the CLI).' }),
    rolled_from: z.string().nullable().meta({ description: 'The key this one replaced by a roll.' }),
    demo: z.boolean().meta({ description: "One of `npm start`'s demo keys: read-only, never revoked through the API." }),
  })
  .meta({ id: 'ApiKey' });

export const view = (k: ApiKey) => ({
  object: 'api_key' as const,
  id: k.id,
  label: k.label,
  masked: maskApiKey({ env: testOrLive(k.environment), id: k.id, last4: k.last4 }),
  livemode: k.environment === 'live',
  scopes: k.scopes,
  rate_per_minute: k.ratePerMinute,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
  expires_at: k.expiresAt ? k.expiresAt.toISOString() : null,
  created_by:
    k.createdByApiKeyId || k.createdByConsoleLoginId
      ? { api_key: k.createdByApiKeyId ?? null, console_login: k.createdByConsoleLoginId ?? null }
      : null,
  rolled_from: k.rolledFromApiKeyId ?? null,
  demo: Boolean(k.demo),
});

export const ApiKeyWithSecret = ApiKeyView.extend({
  secret: z.string().meta({ description: 'The whole key, `hub_<env>_…`: store it now.' }),
}).meta({ id: 'ApiKeyWithSecret' });

export const ownerOf = (p: Principal) => ({ accountId: p.ownerId, environment: environmentOf(p.livemode) });
export const API_KEY_ERRORS = ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'] as const;
const ERRORS = API_KEY_ERRORS;

/** Who is making a key: the calling key, or the console login and the key that opened it. */
export const originOf = (p: Principal): KeyOrigin =>
  p.console ? { apiKeyId: p.console.apiKeyId, consoleLoginId: p.console.sessionId } : { apiKeyId: p.credentialId, consoleLoginId: null };

/** The key in use by the caller: its own, or the one that opened its console login. */
export const keyInUse = (p: Principal) => (p.console ? p.console.apiKeyId : p.credentialId);

/** `403 insufficient_scope` for scopes beyond an account's ceiling. */
export function beyondCeiling(err: unknown): never {
  if (err instanceof ScopeCeilingExceeded) {
    throw insufficientScope(
      err.beyond,
      `The scope ceiling of ${err.accountId} does not grant ${err.beyond.join(', ')}: ops set it (hub accounts update --scope-ceiling).`,
    );
  }
  throw err;
}

/** The caller's rate, the most a key it makes may have. */
export function checkRate(rate: number, principal: Principal): void {
  if (rate <= principal.rateLimitPerMinute) return;
  const detail = `rate_per_minute is at most your own rate, ${principal.rateLimitPerMinute}.`;
  throw new ProblemError('validation_failed', {
    detail,
    param: 'rate_per_minute',
    errors: [{ param: 'rate_per_minute', code: 'too_big', detail }],
  });
}

/** A page's cursor: the last key's creation time (ms) and id. */
const CURSOR = /^(\d{1,15})\.([0-9A-Za-z]{12})$/;

export const listApiKeys = defineOperation({
  operationId: 'listApiKeys',
  method: 'get',
  path: '/api/public/v1/api-keys',
  summary: "List the account's API keys",
  description:
    "The account's keys of the caller's environment that are not revoked, newest first, masked: the secret is never shown again.",
  tags: ['API keys'],
  security: { kind: 'apiKey', scope: 'keys.manage' },
  request: {
    query: z.object({ limit: PageLimit, cursor: keysetCursor((s) => CURSOR.test(s), 40).optional() }).strict(),
  },
  responses: {
    200: {
      description: 'One page of keys.',
      schema: z.object({ data: z.array(ApiKeyView), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id: 'ApiKeyList' }),
    },
  },
  errors: [...ERRORS],
  async handler({ query, principal, deps, ctx }) {
    const cursor = query.cursor ? CURSOR.exec(query.cursor) : null;
    const rows = await listAccountKeys(
      deps.orm,
      ownerOf(principal),
      { limit: query.limit + 1, after: cursor ? { createdAt: new Date(Number(cursor[1])), id: cursor[2]! } : undefined },
      consoleNow(deps),
    );
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (k) => `${k.createdAt.getTime()}.${k.id}`, view) };
  },
});

const CreateApiKeyBody = z
  .object({
    label: z.string().trim().min(1).max(100).meta({ description: 'What the key is for.', example: 'ERP sync' }),
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .min(1)
      .refine((a) => new Set(a).size === a.length, 'each scope once')
      .meta({ description: "What the key may do: some of the caller's own scopes, never more." }),
    rate_per_minute: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .meta({ description: "Requests per minute; at most the caller's own rate (600 when left out, or the caller's if lower)." }),
    expires_at: Instant.optional().meta({
      description:
        'When the key stops working (in the future); never when left out. No later than the key making it (or that opened the console login making it).',
      example: '2027-06-30T00:00:00Z',
    }),
  })
  .strict()
  .meta({ id: 'CreateApiKey' });

export const createApiKeyOperation = defineOperation({
  operationId: 'createApiKey',
  method: 'post',
  path: '/api/public/v1/api-keys',
  summary: 'Create an API key',
  description:
    "A key of the caller's account and environment. The answer carries the whole key (`secret`) this once; the hub keeps only a hash. " +
    "Its scopes and rate are at most the caller's, and its scopes within the account's scope ceiling. It records who made it " +
    '(`created_by`: the calling key, or the console login and the key that opened it), ends no later than that key, and is ' +
    'revoked with it. Accepts `Idempotency-Key` (the stored answer is kept encrypted).',
  tags: ['API keys'],
  security: { kind: 'apiKey', scope: 'keys.manage' },
  idempotent: true,
  request: {
    body: CreateApiKeyBody,
    bodyExample: { label: 'ERP sync', scopes: ['bookings.read', 'webhooks.manage'], rate_per_minute: 300 },
  },
  responses: {
    201: {
      description: 'Created; the key is shown this once.',
      schema: ApiKeyWithSecret,
    },
  },
  errors: [...ERRORS, 'idempotency_key_in_use', 'idempotency_key_reused'],
  async handler({ body, principal, deps }) {
    const beyond = scopesBeyond(body.scopes, principal.scopes);
    if (beyond.length) throw insufficientScope(beyond);
    const rate = body.rate_per_minute ?? Math.min(600, principal.rateLimitPerMinute);
    checkRate(rate, principal);
    const now = consoleNow(deps);
    const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      const detail = 'expires_at is in the future.';
      throw new ProblemError('validation_failed', {
        detail,
        param: 'expires_at',
        errors: [{ param: 'expires_at', code: 'too_small', detail }],
      });
    }
    const owner = ownerOf(principal);
    const created = await createApiKey(
      deps.orm,
      { encryptionKey: deps.encryptionKey, hashPepper: deps.hashPepper },
      { ...owner, label: body.label, scopes: body.scopes, ratePerMinute: rate, expiresAt, createdBy: originOf(principal) },
    ).catch(beyondCeiling);
    const key = (await findAccountKey(deps.orm, owner, created.keyId, now))!;
    return {
      status: 201,
      headers: { 'Cache-Control': 'no-store' },
      body: { ...view(key), secret: created.key },
    };
  },
});

export const revokeApiKeyOperation = defineOperation({
  operationId: 'revokeApiKey',
  method: 'delete',
  path: '/api/public/v1/api-keys/:id',
  summary: 'Revoke an API key',
  description:
    "Refuses the key on every API process within milliseconds, ends the console logins it opened, and revokes with it every key made from it through the API (directly or through a console login it opened), transitively. Another account's key, another environment's, one already revoked or expired is 404; a demo key is 403; the key making the call, or the one that opened the console login making it, is `409 api_key_in_use`. Accepts `Idempotency-Key`.",
  tags: ['API keys'],
  security: { kind: 'apiKey', scope: 'keys.manage' },
  idempotent: true,
  request: { params: z.object({ id: ApiKeyId }) },
  responses: { 200: { description: 'The key as revoked.', schema: ApiKeyView } },
  errors: [...ERRORS, 'not_found', 'api_key_in_use', 'demo_key_read_only', 'idempotency_key_in_use', 'idempotency_key_reused'],
  async handler({ params, principal, deps }) {
    const key = await findAccountKey(deps.orm, ownerOf(principal), params.id, consoleNow(deps));
    if (!key) throw new ProblemError('not_found', { detail: `No API key ${params.id}.`, param: 'id' });
    // No lock-out by accident: the key in use (or the one that opened this console login) is revoked by another.
    if (key.id === keyInUse(principal)) {
      throw new ProblemError('api_key_in_use', {
        detail: principal.console
          ? `${key.id} opened this console login: revoking it would end the login. Revoke it from a login another key opened, with another key of keys.manage, or with the CLI.`
          : 'A key does not revoke itself: revoke it with another key of keys.manage, or with the CLI.',
        param: 'id',
      });
    }
    const revoked = await revokeAccountKey(deps.orm, key);
    deps.apiKeys.forget();
    return { status: 200, body: view(revoked.key) };
  },
});
