import type { MikroORM } from '@mikro-orm/postgresql';
import { FinanceRefusal, listFinancePeriods, previewSettlementCycle, runSettlementCycle } from '../../app/finance';
import { fromMinor } from '../../domain/money';
import { AdjustmentRefusal, recordAdjustment } from '../../app/settlement-adjustments';
import { Failure, fields, requiredFlag, UsageError, type Command, type Result } from './cli';

export const financeCommands: Record<string, Command> = {
  adjust: {
    usage: 'finance adjust --driver D --currency C --amount=A --description "…" [--fee] [--sandbox]',
    summary:
      "record a fee (--fee, a negative amount: --amount=-25.00) or an adjustment (either sign, decimal amount) for a driver: the driver's next settlement in that currency takes it as a line",
    options: {
      driver: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      description: { type: 'string' },
      fee: { type: 'boolean' },
      sandbox: { type: 'boolean' },
    },
    async run({ orm, flags }) {
      const amount = requiredFlag(flags, 'amount');
      if (!/^-?\d+(\.\d+)?$/.test(amount)) throw new UsageError('--amount must be a decimal amount, e.g. -25.00');
      const recorded = await recordAdjustment(orm, {
        driverId: requiredFlag(flags, 'driver'),
        livemode: !flags.sandbox,
        currency: requiredFlag(flags, 'currency').toUpperCase(),
        kind: flags.fee ? 'fee' : 'adjustment',
        amount: Number(amount),
        description: requiredFlag(flags, 'description'),
      }).catch((err: unknown) => {
        throw err instanceof AdjustmentRefusal ? new Failure(err.message) : err;
      });
      return {
        json: recorded,
        text: `${recorded.kind === 'fee' ? 'Fee' : 'Adjustment'} recorded: the next settlement of ${recorded.driver} in ${recorded.currency} takes it.\n${fields(
          [
            ['id', recorded.id],
            ['amount', `${fromMinor(Number(recorded.amount_minor), recorded.currency)} ${recorded.currency}`],
            ['description', recorded.description],
            ['environment', recorded.livemode ? 'live' : 'sandbox'],
          ],
        )}`,
      };
    },
  },
  periods: {
    usage: 'finance periods',
    summary: 'list the last 12 ended periods of FINANCE_PERIOD, whether the settlement cycle closed each and its invoices',
    async run({ orm, financePeriod }) {
      const periods = await listFinancePeriods(orm, financePeriod);
      const text = periods
        .map((p) => `${p.id.padEnd(22)} ${p.closedAt ? `closed ${p.closedAt}, ${p.invoices} invoices` : 'not run'}`)
        .join('\n');
      return { json: periods, text };
    },
  },
  run: {
    usage: 'finance run --period <id> [--dry-run]',
    summary:
      "start or re-run a period's settlement cycle (needs Temporal) and print what it issued; a re-run issues nothing new; --dry-run prints what it would issue and pay, writing nothing",
    options: { period: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    async run({ orm, flags, temporal, financePeriod }) {
      const id = requiredFlag(flags, 'period');
      if (flags['dry-run']) return dryRun(orm, financePeriod, id);
      if (!temporal) throw new Failure('no Temporal connection configured');
      const summary = await runSettlementCycle(await temporal(), orm, financePeriod, id).catch((err: unknown) => {
        throw err instanceof FinanceRefusal ? new Failure(err.message) : err;
      });
      const amount = (minor: string, currency: string) => `${fromMinor(Number(minor), currency)} ${currency}`;
      const lines = summary.invoices.map(
        (d) => `${d.number.padEnd(24)} ${d.partyKind} ${d.partyId}  ${amount(d.amountDue ?? d.gross, d.currency)} (${d.lines} lines)`,
      );
      return {
        json: summary,
        text: `${fields([
          ['period', `${summary.period.id} (${summary.period.start} – ${summary.period.end})`],
          ['closed at', summary.closedAt],
          ['invoices', String(summary.invoices.length)],
        ])}${lines.length ? `\n${lines.join('\n')}` : ''}`,
      };
    },
  },
};

async function dryRun(orm: MikroORM, financePeriod: string, id: string): Promise<Result> {
  const preview = await previewSettlementCycle(orm, financePeriod, id).catch((err: unknown) => {
    throw err instanceof FinanceRefusal ? new Failure(err.message) : err;
  });
  const amount = (minor: string, currency: string) => `${fromMinor(Number(minor), currency)} ${currency}`;
  const rows = [
    ...preview.invoices.map(
      (d) => `invoice     ${d.partyId}  ${amount(d.amountDue ?? d.gross, d.currency)} (${d.lines} lines)${d.livemode ? '' : ' sandbox'}`,
    ),
    ...preview.unbilled.map((u) => `not billed  ${u.partyId}  missing ${u.missing.join(', ')}`),
    ...preview.settlements.map((s) => `settlement  ${s.driverId}  pays ${amount(s.payable, s.currency)} (${s.lines} lines)`),
  ];
  return {
    json: preview,
    text: `Dry run: nothing issued, no number taken.\n${fields([
      ['period', `${preview.period.id} (${preview.period.start} – ${preview.period.end})`],
      ['invoices', String(preview.invoices.length)],
      ['settlements', String(preview.settlements.length)],
      ['payouts', String(preview.payouts)],
    ])}${rows.length ? `\n${rows.join('\n')}` : ''}`,
  };
}
