import { IntegratorAccountSchema } from '../../db/entities';
import { createIntegratorAccount } from '../../db/management';
import { fields, isoOrNull, requiredFlag, table, when, type Command } from './cli';

export const accountCommands: Record<string, Command> = {
  create: {
    usage: 'accounts create --name N',
    summary: 'create an integrator account (the owner of API keys)',
    options: { name: { type: 'string' } },
    async run({ orm, flags }) {
      const account = await createIntegratorAccount(orm, requiredFlag(flags, 'name'));
      return {
        json: { account_id: account.accountId, name: account.name },
        text: `Integrator account created.\n${fields([
          ['account', account.accountId],
          ['name', account.name],
        ])}`,
      };
    },
  },

  list: {
    usage: 'accounts list',
    summary: 'list integrator accounts',
    async run({ orm }) {
      const accounts = await orm.em.fork().find(IntegratorAccountSchema, {}, { orderBy: { createdAt: 'asc' } });
      return {
        json: accounts.map((a) => ({ account_id: a.id, name: a.name, created_at: isoOrNull(a.createdAt) })),
        text: table(
          ['ID', 'NAME', 'CREATED'],
          accounts.map((a) => [a.id, a.name, when(a.createdAt)]),
        ),
      };
    },
  },
};
