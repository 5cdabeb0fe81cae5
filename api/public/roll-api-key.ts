import { z } from 'zod';
import { MAX_ROLL_OVERLAP_HOURS, findAccountKey, rollApiKey } from '../../app/api-keys';
import { scopesBeyond } from '../../domain/console-login';
import { insufficientScope } from '../auth/api-key-auth';
import { consoleNow } from '../auth/console-session';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { API_KEY_ERRORS, ApiKeyId, ApiKeyWithSecret, beyondCeiling, checkRate, keyInUse, originOf, ownerOf, view } from './api-keys';

const RollApiKeyBody = z
  .object({
    expires_in_hours: z
      .number()
      .int()
      .min(0)
      .max(MAX_ROLL_OVERLAP_HOURS)
      .optional()
      .meta({
        description: `How long the old key keeps working beside the new one: 0 (the default) ends it now; at most ${MAX_ROLL_OVERLAP_HOURS} (7 days).`,
        example: 24,
      }),
  })
  .strict()
  .meta({ id: 'RollApiKey' });

export const rollApiKeyOperation = defineOperation({
  operationId: 'rollApiKey',
  method: 'post',
  path: '/api/public/v1/api-keys/:id/roll',
  summary: 'Roll an API key',
  description:
    'Issues a new secret as a new key with the same label, scopes, rate and end (`rolled_from` names the old one), shown this once; ' +
    'the old key keeps working for `expires_in_hours` (0, the default: it ends now) and then answers `401`, as do the console ' +
    'logins it opened. Keys made from the old key are revoked with the new one from now on. Rolled by another key (or a login ' +
    "another key opened), the new key is that key's as a key it created would be: it ends no later and is revoked with it. " +
    "The old key's scopes and rate must be within the caller's. A key already rolled is `409 conflict`; ending the key in use " +
    'at once (`expires_in_hours` 0 on the calling key, or on the one that opened this console login) is `409 api_key_in_use`. ' +
    'Accepts `Idempotency-Key` (a retry answers the same new secret; the stored answer is kept encrypted).',
  tags: ['API keys'],
  security: { kind: 'apiKey', scope: 'keys.manage' },
  idempotent: true,
  request: { params: z.object({ id: ApiKeyId }), body: RollApiKeyBody, bodyExample: { expires_in_hours: 24 }, bodyOptional: true },
  responses: { 201: { description: 'The new key, its secret shown this once.', schema: ApiKeyWithSecret } },
  errors: [
    ...API_KEY_ERRORS,
    'not_found',
    'conflict',
    'api_key_in_use',
    'demo_key_read_only',
    'idempotency_key_in_use',
    'idempotency_key_reused',
  ],
  async handler({ params, body, principal, deps }) {
    const now = consoleNow(deps);
    const owner = ownerOf(principal);
    const key = await findAccountKey(deps.orm, owner, params.id, now);
    if (!key) throw new ProblemError('not_found', { detail: `No API key ${params.id}.`, param: 'id' });
    const hours = body.expires_in_hours ?? 0;
    if (hours === 0 && key.id === keyInUse(principal)) {
      throw new ProblemError('api_key_in_use', {
        detail: `${key.id} is the key in use by this caller: roll it with expires_in_hours above 0, or from another key.`,
        param: 'id',
      });
    }
    // Whoever rolls a key gets its secret: never a key that can do more than the caller.
    const beyond = scopesBeyond(key.scopes, principal.scopes);
    if (beyond.length) throw insufficientScope(beyond);
    checkRate(key.ratePerMinute, principal);
    const rolled = await rollApiKey(
      deps.orm,
      { encryptionKey: deps.encryptionKey, hashPepper: deps.hashPepper },
      { keyId: key.id, by: originOf(principal), overlapMs: hours * 3_600_000, now },
    ).catch(beyondCeiling);
    deps.apiKeys.forget();
    const created = (await findAccountKey(deps.orm, owner, rolled.created.keyId, now))!;
    return { status: 201, headers: { 'Cache-Control': 'no-store' }, body: { ...view(created), secret: rolled.created.key } };
  },
});
