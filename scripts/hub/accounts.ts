import { ACCOUNT_KINDS, IntegratorAccountSchema, type AccountKind, type IntegratorAccount } from '../../db/entities';
import {
  BillingDetailsRefused,
  createIntegratorAccount,
  defaultScopeCeiling,
  updateBillingDetails,
  updateScopeCeiling,
} from '../../app/accounts';
import { BILLING_FIELDS, billingFieldProblem, missingBillingDetails, type BillingDetails } from '../../domain/billing-details';
import { Failure, fields, flag, isoOrNull, requiredFlag, table, UsageError, when, type Command, type Flags } from './cli';
import { parseScopes } from './keys';
import { API_KEY_SCOPES } from '../../infra/scopes';

const CEILING_USAGE = '[--scope-ceiling a,b,c]';
/** `--scope-ceiling`: the scopes ops grant the account; no key or console login of it holds more. */
const ceilingFlag = (flags: Flags) => {
  const value = flag(flags, 'scope-ceiling');
  return value === undefined ? undefined : parseScopes(value, 'scope-ceiling');
};

function accountKind(value: string | undefined): AccountKind {
  if (value === undefined) return 'corporate';
  if (!(ACCOUNT_KINDS as readonly string[]).includes(value)) {
    throw new UsageError(`--kind must be one of ${ACCOUNT_KINDS.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as AccountKind;
}

const BILLING_OPTIONS = Object.fromEntries(BILLING_FIELDS.map((f) => [f.replace('_', '-'), { type: 'string' as const }]));
const BILLING_USAGE =
  '[--legal-name N] [--address A] [--city C] [--postal-code P] [--country CC] [--tax-id T] [--email E] [--terms-days D] [--invoice-passengers yes|no] [--peppol-id SCHEME:ID] [--siren S] [--siret S] [--vat-regime normal|franchise]';

/** Runs a change of billing details; contradicting fields are a usage error naming each. */
async function refusedAsUsage<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof BillingDetailsRefused) throw new UsageError(err.message);
    throw err;
  }
}

/** The billing fields given on the command line, each checked. */
function billingFlags(flags: Flags): BillingDetails {
  const details: Record<string, string | number | boolean> = {};
  for (const field of BILLING_FIELDS) {
    const value = flag(flags, field.replace('_', '-'));
    if (value === undefined) continue;
    const problem = billingFieldProblem(field, value);
    if (problem) throw new UsageError(problem);
    details[field] = field === 'terms_days' ? Number(value) : field === 'invoice_passengers' ? value === 'yes' : value;
  }
  return details as BillingDetails;
}

/** A ceiling as a table cell: `all`, `all but …` when few are left out, or the list. */
const ceilingText = (ceiling: readonly string[]) => {
  const missing = API_KEY_SCOPES.filter((s) => !ceiling.includes(s));
  if (!missing.length) return 'all';
  return missing.length <= 3 ? `all but ${missing.join(',')}` : ceiling.join(',');
};

const accountJson = (a: IntegratorAccount) => ({
  account_id: a.id,
  name: a.name,
  kind: a.kind,
  scope_ceiling: a.scopeCeiling,
  billing: a.billing,
  created_at: isoOrNull(a.createdAt),
});

const billingText = (b: BillingDetails) => {
  const missing = missingBillingDetails(b);
  return missing.length ? `incomplete (missing ${missing.join(', ')})` : 'complete';
};

export const accountCommands: Record<string, Command> = {
  create: {
    usage: `accounts create --name N [--kind corporate|operator] ${CEILING_USAGE} ${BILLING_USAGE}`,
    summary:
      'create an integrator account (the owner of API keys); corporate (default): its own bookings only; operator: every account’s; with billing details for its invoices; --scope-ceiling: the most its keys and console logins may hold (default: every scope, passengers.read for operators only)',
    options: { name: { type: 'string' }, kind: { type: 'string' }, 'scope-ceiling': { type: 'string' }, ...BILLING_OPTIONS },
    async run({ orm, flags }) {
      const name = requiredFlag(flags, 'name');
      const kind = accountKind(flag(flags, 'kind'));
      const ceiling = ceilingFlag(flags) ?? defaultScopeCeiling(kind);
      const account = await refusedAsUsage(() => createIntegratorAccount(orm, name, kind, billingFlags(flags), ceiling));
      return {
        json: { account_id: account.accountId, name: account.name, kind: account.kind, scope_ceiling: account.scopeCeiling },
        text: `Integrator account created.\n${fields([
          ['account', account.accountId],
          ['name', account.name],
          ['kind', account.kind],
          ['scope ceiling', account.scopeCeiling.join(', ')],
        ])}`,
      };
    },
  },

  update: {
    usage: `accounts update <account_id> ${CEILING_USAGE} ${BILLING_USAGE}`,
    summary:
      "set an account's billing details (a live invoice needs legal name, address, city, postal code, country and email) or its scope ceiling (its keys and logins lose scopes beyond it at once)",
    args: ['account_id'],
    options: { 'scope-ceiling': { type: 'string' }, ...BILLING_OPTIONS },
    async run({ orm, flags, args: [accountId] }) {
      const ceiling = ceilingFlag(flags);
      const billing = await refusedAsUsage(() => updateBillingDetails(orm, accountId!, billingFlags(flags)));
      if (!billing) throw new Failure(`no account ${accountId}`);
      const scopeCeiling = ceiling ? await updateScopeCeiling(orm, accountId!, ceiling) : undefined;
      const account = await orm.em.fork().findOneOrFail(IntegratorAccountSchema, { id: accountId! });
      return {
        json: {
          account_id: accountId,
          billing,
          billing_complete: missingBillingDetails(billing).length === 0,
          scope_ceiling: scopeCeiling ?? account.scopeCeiling,
        },
        text: `Account updated.\n${fields([
          ['account', accountId!],
          ['billing', billingText(billing)],
          ['scope ceiling', account.scopeCeiling.join(', ')],
        ])}`,
      };
    },
  },

  show: {
    usage: 'accounts show <account_id>',
    summary: 'an account: kind, scope ceiling, billing details',
    args: ['account_id'],
    async run({ orm, args: [accountId] }) {
      const a = await orm.em.fork().findOne(IntegratorAccountSchema, { id: accountId! });
      if (!a) throw new Failure(`no account ${accountId}`);
      return {
        json: accountJson(a),
        text: fields([
          ['account', a.id],
          ['name', a.name],
          ['kind', a.kind],
          ['scope ceiling', a.scopeCeiling.join(', ')],
          ['billing', billingText(a.billing)],
          ['created', when(a.createdAt)],
        ]),
      };
    },
  },

  list: {
    usage: 'accounts list',
    summary: 'list integrator accounts with their kind and scope ceiling',
    async run({ orm }) {
      const accounts = await orm.em.fork().find(IntegratorAccountSchema, {}, { orderBy: { createdAt: 'asc' } });
      return {
        json: accounts.map(accountJson),
        text: table(
          ['ID', 'NAME', 'KIND', 'SCOPE CEILING', 'BILLING', 'CREATED'],
          accounts.map((a) => [a.id, a.name, a.kind, ceilingText(a.scopeCeiling), billingText(a.billing), when(a.createdAt)]),
        ),
      };
    },
  },
};
