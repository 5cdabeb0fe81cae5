import { NotFoundError } from '@mikro-orm/core';
import { maskApiKey } from '../../infra/credentials';
import { API_KEY_SCOPES, unknownScopes } from '../../infra/scopes';
import { ApiKeySchema, IntegratorAccountSchema, type ApiKey } from '../../db/entities';
import { createApiKey, revokeApiKey } from '../../app/accounts';
import { commaList, fields, Failure, flag, isoOrNull, positiveInt, requiredFlag, table, UsageError, when, type Command } from './cli';

const masked = (k: ApiKey) => maskApiKey({ env: k.environment, id: k.id, last4: k.last4 });

function parseScopes(value: string): string[] {
  const scopes = commaList(value);
  const unknown = unknownScopes(scopes, API_KEY_SCOPES);
  if (!scopes.length || unknown.length) {
    throw new UsageError(`--scopes: unknown scope(s) ${unknown.join(', ') || '(none given)'}; known: ${API_KEY_SCOPES.join(', ')}`);
  }
  return scopes;
}

export const keyCommands: Record<string, Command> = {
  create: {
    usage: 'keys create --account ID --env test|live --label L --scopes a,b [--rate N]',
    summary: `create an API key (printed once); scopes: ${API_KEY_SCOPES.join(', ')}`,
    options: {
      account: { type: 'string' },
      env: { type: 'string' },
      label: { type: 'string' },
      scopes: { type: 'string' },
      rate: { type: 'string' },
    },
    async run({ orm, secrets, flags }) {
      const env = requiredFlag(flags, 'env');
      if (env !== 'test' && env !== 'live') throw new UsageError('--env must be test or live');
      const rate = flag(flags, 'rate');
      const accountId = requiredFlag(flags, 'account');
      const key = await createApiKey(orm, secrets, {
        accountId,
        environment: env,
        label: requiredFlag(flags, 'label'),
        scopes: parseScopes(requiredFlag(flags, 'scopes')),
        ratePerMinute: rate === undefined ? undefined : positiveInt(rate, 'rate'),
      }).catch((err) => {
        throw err instanceof NotFoundError ? new Failure(`no integrator account ${accountId}`) : err;
      });
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
          ['KEY', 'ACCOUNT', 'LABEL', 'SCOPES', 'RATE', 'CREATED', 'LAST USED', 'REVOKED'],
          keys.map((k) => [
            masked(k),
            k.accountId,
            k.demo ? `${k.label} (demo)` : k.label,
            k.scopes.join(','),
            `${k.ratePerMinute}/min`,
            when(k.createdAt),
            when(k.lastUsedAt),
            when(k.revokedAt),
          ]),
        ),
      };
    },
  },

  revoke: {
    usage: 'keys revoke <key_id>',
    summary: 'revoke an API key (key_id: the 12 characters after hub_<env>_, or the masked key as listed)',
    args: ['key_id'],
    async run({ orm, args: [arg] }) {
      const keyId = /^hub_(?:live|test)_([0-9A-Za-z]{12})_/.exec(arg!)?.[1] ?? arg!;
      const em = orm.em.fork();
      const key = await em.findOne(ApiKeySchema, { id: keyId });
      if (!key) throw new Failure(`no API key ${keyId}`);
      // Revoking again would move revoked_at; keep the original time.
      const already = Boolean(key.revokedAt);
      if (!already) await revokeApiKey(orm, keyId);
      const after = already ? key : await orm.em.fork().findOneOrFail(ApiKeySchema, { id: keyId });
      return {
        json: keyJson(after),
        text: already ? `API key ${masked(key)} was already revoked (${when(key.revokedAt)}).` : `API key ${masked(key)} revoked.`,
      };
    },
  },
};

function keyJson(k: ApiKey) {
  return {
    key_id: k.id,
    masked: masked(k),
    account_id: k.accountId,
    environment: k.environment,
    label: k.label,
    scopes: k.scopes,
    rate_per_minute: k.ratePerMinute,
    created_at: isoOrNull(k.createdAt),
    last_used_at: isoOrNull(k.lastUsedAt),
    revoked_at: isoOrNull(k.revokedAt),
    demo: Boolean(k.demo),
  };
}
