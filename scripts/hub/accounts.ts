import { ACCOUNT_KINDS, IntegratorAccountSchema, type AccountKind } from '../../db/entities';
import { createIntegratorAccount } from '../../app/accounts';
import { fields, flag, isoOrNull, requiredFlag, table, UsageError, when, type Command } from './cli';

function accountKind(value: string | undefined): AccountKind {
  if (value === undefined) return 'corporate';
  if (!(ACCOUNT_KINDS as readonly string[]).includes(value)) {
    throw new UsageError(`--kind must be one of ${ACCOUNT_KINDS.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as AccountKind;
}

export const accountCommands: Record<string, Command> = {
  create: {
    usage: 'accounts create --name N [--kind corporate|operator]',
    summary: 'create an integrator account (the owner of API keys); corporate (default): its own bookings only; operator: every account’s',
    options: { name: { type: 'string' }, kind: { type: 'string' } },
    async run({ orm, flags }) {
      const name = requiredFlag(flags, 'name');
      const account = await createIntegratorAccount(orm, name, accountKind(flag(flags, 'kind')));
      return {
        json: { account_id: account.accountId, name: account.name, kind: account.kind },
        text: `Integrator account created.\n${fields([
          ['account', account.accountId],
          ['name', account.name],
          ['kind', account.kind],
        ])}`,
      };
    },
  },

  list: {
    usage: 'accounts list',
    summary: 'list integrator accounts with their kind',
    async run({ orm }) {
      const accounts = await orm.em.fork().find(IntegratorAccountSchema, {}, { orderBy: { createdAt: 'asc' } });
      return {
        json: accounts.map((a) => ({ account_id: a.id, name: a.name, kind: a.kind, created_at: isoOrNull(a.createdAt) })),
        text: table(
          ['ID', 'NAME', 'KIND', 'CREATED'],
          accounts.map((a) => [a.id, a.name, a.kind, when(a.createdAt)]),
        ),
      };
    },
  },
};
