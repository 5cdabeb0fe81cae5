import { ACCOUNT_KINDS, IntegratorAccountSchema, type AccountKind } from '../../db/entities';
import { BillingDetailsRefused, createIntegratorAccount, updateBillingDetails } from '../../app/accounts';
import { BILLING_FIELDS, billingFieldProblem, missingBillingDetails, type BillingDetails } from '../../domain/billing-details';
import { Failure, fields, flag, isoOrNull, requiredFlag, table, UsageError, when, type Command, type Flags } from './cli';

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

const billingText = (b: BillingDetails) => {
  const missing = missingBillingDetails(b);
  return missing.length ? `incomplete (missing ${missing.join(', ')})` : 'complete';
};

export const accountCommands: Record<string, Command> = {
  create: {
    usage: `accounts create --name N [--kind corporate|operator] ${BILLING_USAGE}`,
    summary:
      'create an integrator account (the owner of API keys); corporate (default): its own bookings only; operator: every account’s; with billing details for its invoices',
    options: { name: { type: 'string' }, kind: { type: 'string' }, ...BILLING_OPTIONS },
    async run({ orm, flags }) {
      const name = requiredFlag(flags, 'name');
      const account = await refusedAsUsage(() => createIntegratorAccount(orm, name, accountKind(flag(flags, 'kind')), billingFlags(flags)));
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

  update: {
    usage: `accounts update <account_id> ${BILLING_USAGE}`,
    summary: "set an account's billing details (a live invoice needs legal name, address, city, postal code, country and email)",
    args: ['account_id'],
    options: BILLING_OPTIONS,
    async run({ orm, flags, args: [accountId] }) {
      const billing = await refusedAsUsage(() => updateBillingDetails(orm, accountId!, billingFlags(flags)));
      if (!billing) throw new Failure(`no account ${accountId}`);
      return {
        json: { account_id: accountId, billing, billing_complete: missingBillingDetails(billing).length === 0 },
        text: `Billing details updated.\n${fields([
          ['account', accountId!],
          ['billing', billingText(billing)],
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
        json: accounts.map((a) => ({
          account_id: a.id,
          name: a.name,
          kind: a.kind,
          billing: a.billing,
          created_at: isoOrNull(a.createdAt),
        })),
        text: table(
          ['ID', 'NAME', 'KIND', 'BILLING', 'CREATED'],
          accounts.map((a) => [a.id, a.name, a.kind, billingText(a.billing), when(a.createdAt)]),
        ),
      };
    },
  },
};
