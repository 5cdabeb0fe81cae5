import { FinanceRefusal, listFinancePeriods, runSettlementCycle } from '../../app/finance';
import { fromMinor } from '../../domain/money';
import { Failure, fields, requiredFlag, type Command } from './cli';

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
    usage: 'finance run --period <id>',
    summary: "start or re-run a period's settlement cycle (needs Temporal) and print what it issued; a re-run issues nothing new",
    options: { period: { type: 'string' } },
    async run({ orm, flags, temporal, financePeriod }) {
      const id = requiredFlag(flags, 'period');
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
