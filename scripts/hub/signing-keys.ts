import { SigningKeyStore } from '../../api/auth/signing-keys';
import { SigningKeySchema } from '../../db/entities';
import { isoOrNull, table, when, type Command } from './cli';

export const signingKeyCommands: Record<string, Command> = {
  rotate: {
    usage: 'signing-keys rotate',
    summary: 'new JWT signing key; the previous one retires but verifies until the tokens it signed expire',
    async run({ orm, secrets, tokenTtlSeconds }) {
      const kid = await new SigningKeyStore(orm, secrets.encryptionKey, tokenTtlSeconds, secrets.decryptionKeys).rotate();
      return {
        json: { kid },
        text: `Signing key ${kid} is now active; running API processes switch to it within a minute.`,
      };
    },
  },

  list: {
    usage: 'signing-keys list',
    summary: 'list JWT signing keys (newest last)',
    async run({ orm, tokenTtlSeconds }) {
      const keys = await orm.em.fork().find(SigningKeySchema, {}, { orderBy: { createdAt: 'asc' } });
      // Same rule as SigningKeyStore: the newest unretired key signs; a retired key verifies for one token lifetime.
      const signer = keys.filter((k) => !k.retiredAt).at(-1);
      const rows = keys.map((k) => {
        const verifiesUntil = k.retiredAt ? new Date(k.retiredAt.getTime() + tokenTtlSeconds * 1000) : null;
        const status = k === signer ? 'active' : !verifiesUntil || verifiesUntil > new Date() ? 'verifying' : 'expired';
        return { k, status, verifiesUntil };
      });
      return {
        json: rows.map(({ k, status, verifiesUntil }) => ({
          kid: k.kid,
          algorithm: k.algorithm,
          status,
          created_at: isoOrNull(k.createdAt),
          retired_at: isoOrNull(k.retiredAt),
          verifies_until: isoOrNull(verifiesUntil),
        })),
        text: table(
          ['KID', 'ALG', 'STATUS', 'CREATED', 'RETIRED', 'VERIFIES UNTIL'],
          rows.map(({ k, status, verifiesUntil }) => [
            k.kid,
            k.algorithm,
            status,
            when(k.createdAt),
            when(k.retiredAt),
            when(verifiesUntil),
          ]),
        ),
      };
    },
  },
};
