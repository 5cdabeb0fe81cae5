import { NotFoundError } from '@mikro-orm/core';
import { maskApiKey } from '../../infra/credentials';
import { environmentOfTestOrLive, testOrLive } from '../../domain/environment';
import { API_KEY_SCOPES, unknownScopes } from '../../infra/scopes';
import { ApiKeySchema, IntegratorAccountSchema, type ApiKey } from '../../db/entities';
import { createApiKey, revokeApiKey, ScopeCeilingExceeded } from '../../app/accounts';
import { MAX_ROLL_OVERLAP_HOURS, rollApiKey } from '../../app/api-keys';
import { ProblemError } from '../../app/problems';
import { commaList, fields, Failure, flag, isoOrNull, positiveInt, requiredFlag, table, UsageError, when, type Command } from './cli';

const masked = (k: ApiKey) => maskApiKey({ env: testOrLive(k.environment), id: k.id, last4: k.last4 });

export function parseScopes(value: string, name = 'scopes'): string[] {
  const scopes = commaList(value);
  const unknown = unknownScopes(scopes, API_KEY_SCOPES);
  if (!scopes.length || unknown.length) {
    throw new UsageError(`--${name}: unknown scope(s) ${unknown.join(', ') || '(none given)'}; known: ${API_KEY_SCOPES.join(', ')}`);
  }
  return scopes;
}

/** Scopes beyond the account's ceiling: the command fails naming them and how ops widen it. */
function ceilingFailure(err: unknown): never {
  if (err instanceof ScopeCeilingExceeded) {
    throw new Failure(
      `${err.beyond.join(', ')} beyond the scope ceiling of ${err.accountId}; widen it first: hub accounts update ${err.accountId} --scope-ceiling …`,
    );
  }
  throw err;
}

/** A key id: the 12 characters after hub_<env>_, or the masked or whole key. */
const keyIdOf = (arg: string) => /^hub_(?:live|test)_([0-9A-Za-z]{12})_/.exec(arg)?.[1] ?? arg;
const DAY_MS = 86_400_000;

export const keyCommands: Record<string, Command> = {
  create: {
    usage: 'keys create --account ID --env test|live --label L --scopes a,b [--rate N] [--expires-in-days N]',
    summary: `create an API key (printed once) within its account's scope ceiling; scopes: ${API_KEY_SCOPES.join(', ')}`,
    options: {
      account: { type: 'string' },
      env: { type: 'string' },
      label: { type: 'string' },
      scopes: { type: 'string' },
      rate: { type: 'string' },
      'expires-in-days': { type: 'string' },
    },
    async run({ orm, secrets, flags }) {
      const env = requiredFlag(flags, 'env');
      if (env !== 'test' && env !== 'live') throw new UsageError('--env must be test or live');
      const rate = flag(flags, 'rate');
      const accountId = requiredFlag(flags, 'account');
      const days = flag(flags, 'expires-in-days');
      const key = await createApiKey(orm, secrets, {
        accountId,
        environment: environmentOfTestOrLive(env),
        label: requiredFlag(flags, 'label'),
        scopes: parseScopes(requiredFlag(flags, 'scopes')),
        ratePerMinute: rate === undefined ? undefined : positiveInt(rate, 'rate'),
        expiresAt: days === undefined ? null : new Date(Date.now() + positiveInt(days, 'expires-in-days') * DAY_MS),
      })
        .catch((err) => {
          throw err instanceof NotFoundError ? new Failure(`no integrator account ${accountId}`) : err;
        })
        .catch(ceilingFailure);
      const stored = await orm.em.fork().findOneOrFail(ApiKeySchema, { id: key.keyId });
      return {
        json: { ...keyJson(stored), key: key.key },
        text: [
          'API key created.',
          fields([
            ['key', key.key],
            ['account', accountId],
            ['label', stored.label],
            ['scopes', stored.scopes.join(', ')],
            ['rate', `${stored.ratePerMinute}/min`],
            ['expires', when(stored.expiresAt)],
          ]),
          'The key is shown only this once: store it now (the hub keeps only a hash).',
        ].join('\n'),
      };
    },
  },

  list: {
    usage: 'keys list [--account ID]',
    summary: 'list API keys, masked',
    options: { account: { type: 'string' } },
    async run({ orm, flags }) {
      const em = orm.em.fork();
      const accountId = flag(flags, 'account');
      if (accountId && !(await em.findOne(IntegratorAccountSchema, { id: accountId })))
        throw new Failure(`no integrator account ${accountId}`);
      const keys = await em.find(ApiKeySchema, accountId ? { accountId } : {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
      return {
        json: keys.map(keyJson),
        text: table(
          ['KEY', 'ACCOUNT', 'LABEL', 'SCOPES', 'RATE', 'CREATED', 'CREATED BY', 'LAST USED', 'EXPIRES', 'REVOKED'],
          keys.map((k) => [
            masked(k),
            k.accountId,
            k.demo ? `${k.label} (demo)` : k.label,
            k.scopes.join(','),
            `${k.ratePerMinute}/min`,
            when(k.createdAt),
            createdByText(k),
            when(k.lastUsedAt),
            when(k.expiresAt),
            when(k.revokedAt),
          ]),
        ),
      };
    },
  },

  revoke: {
    usage: 'keys revoke <key_id>',
    summary:
      'revoke an API key and every key made from it through the API, transitively (key_id: the 12 characters after hub_<env>_, or the masked key as listed)',
    args: ['key_id'],
    async run({ orm, args: [arg] }) {
      const keyId = keyIdOf(arg!);
      const key = await orm.em.fork().findOne(ApiKeySchema, { id: keyId });
      if (!key) throw new Failure(`no API key ${keyId}`);
      // Revoking again keeps the original time, and still reaches keys made from it since (none can be: it is refused).
      const revoked = await revokeApiKey(orm, keyId);
      const also = revoked.filter((id) => id !== keyId);
      const after = await orm.em.fork().findOneOrFail(ApiKeySchema, { id: keyId });
      const cascade = also.length ? ` With it, ${also.length} key${also.length === 1 ? '' : 's'} made from it: ${also.join(', ')}.` : '';
      return {
        json: { ...keyJson(after), also_revoked: also },
        text: key.revokedAt
          ? `API key ${masked(key)} was already revoked (${when(key.revokedAt)}).${cascade}`
          : `API key ${masked(key)} revoked.${cascade}`,
      };
    },
  },

  roll: {
    usage: 'keys roll <key_id> [--overlap-hours N]',
    summary: `replace a key's secret: a new key (printed once) with its label, scopes, rate and end; the old one works --overlap-hours more (default 0, at most ${MAX_ROLL_OVERLAP_HOURS})`,
    args: ['key_id'],
    options: { 'overlap-hours': { type: 'string' } },
    async run({ orm, secrets, flags, args: [arg] }) {
      const given = flag(flags, 'overlap-hours');
      const hours = given === undefined || given === '0' ? 0 : positiveInt(given, 'overlap-hours');
      if (hours > MAX_ROLL_OVERLAP_HOURS) throw new UsageError(`--overlap-hours is at most ${MAX_ROLL_OVERLAP_HOURS} (7 days)`);
      const rolled = await rollApiKey(orm, secrets, { keyId: keyIdOf(arg!), by: null, overlapMs: hours * 3_600_000, now: new Date() })
        .catch((err) => {
          throw err instanceof ProblemError ? new Failure(err.message) : err;
        })
        .catch(ceilingFailure);
      const stored = await orm.em.fork().findOneOrFail(ApiKeySchema, { id: rolled.created.keyId });
      return {
        json: { ...keyJson(stored), key: rolled.created.key, old_key_expires_at: isoOrNull(rolled.old.expiresAt) },
        text: [
          'API key rolled.',
          fields([
            ['key', rolled.created.key],
            ['replaces', `${masked(rolled.old)} (works until ${when(rolled.old.expiresAt)})`],
            ['scopes', stored.scopes.join(', ')],
            ['expires', when(stored.expiresAt)],
          ]),
          'The key is shown only this once: store it now (the hub keeps only a hash).',
        ].join('\n'),
      };
    },
  },
};

const createdByText = (k: ApiKey) =>
  k.createdByApiKeyId || k.createdByConsoleLoginId
    ? [k.createdByApiKeyId, k.createdByConsoleLoginId && `via ${k.createdByConsoleLoginId}`].filter(Boolean).join(' ')
    : 'ops';

function keyJson(k: ApiKey) {
  return {
    key_id: k.id,
    masked: masked(k),
    account_id: k.accountId,
    environment: testOrLive(k.environment),
    label: k.label,
    scopes: k.scopes,
    rate_per_minute: k.ratePerMinute,
    created_at: isoOrNull(k.createdAt),
    last_used_at: isoOrNull(k.lastUsedAt),
    revoked_at: isoOrNull(k.revokedAt),
    expires_at: isoOrNull(k.expiresAt),
    created_by:
      k.createdByApiKeyId || k.createdByConsoleLoginId
        ? { api_key: k.createdByApiKeyId ?? null, console_login: k.createdByConsoleLoginId ?? null }
        : null,
    rolled_from: k.rolledFromApiKeyId ?? null,
    demo: Boolean(k.demo),
  };
}
