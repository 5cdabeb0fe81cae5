import type { MikroORM } from '@mikro-orm/postgresql';
import { FinanceRefusal, listFinancePeriods, previewSettlementCycle, runSettlementCycle } from '../../app/finance';
import { fromMinor } from '../../domain/money';
import { Failure, fields, requiredFlag, type Command, type Result } from './cli';

export const financeCommands: Record<string, Command> = {
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
        (d) => `${d.number.padEnd(24)} ${d.partyKind} ${d.partyId}  ${amount(d.gross, d.currency)} (${d.lines} lines)`,
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
      (d) => `invoice     ${d.partyId}  ${amount(d.gross, d.currency)} (${d.lines} lines)${d.livemode ? '' : ' sandbox'}`,
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
