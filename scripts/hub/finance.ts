import type { MikroORM } from '@mikro-orm/postgresql';
import { FinanceRefusal, listFinancePeriods, previewSettlementCycle, runSettlementCycle } from '../../app/finance';
import { fromMinor } from '../../domain/money';
import { AdjustmentRefusal, recordAdjustment } from '../../app/settlement-adjustments';
import { Failure, fields, flag, requiredFlag, table, UsageError, type Command, type Result } from './cli';
import { readFileSync } from 'node:fs';
import { importStatement } from '../../app/bank-statements';
import { ProblemError } from '../../app/problems';
import { environmentOf } from '../../domain/environment';
import { statementCommands } from './finance-statements';
import { findPayoutFile, readPayoutFiles } from '../../db/payout-files';

export const financeCommands: Record<string, Command> = {
  ...statementCommands,
  'payout-files': {
    usage: 'finance payout-files [--sandbox]',
    summary: 'list the SEPA payout files (pain.001.001.09) the settlement cycle wrote, newest first (PAYOUT_PROVIDER=sepa)',
    options: { sandbox: { type: 'boolean' } },
    async run({ orm, flags }) {
      const files = await readPayoutFiles(orm, { livemode: !flags.sandbox, limit: 50 });
      return {
        json: files,
        text: table(
          ['NUMBER', 'ID', 'WRITTEN', 'EXECUTION', 'TRANSFERS', 'TOTAL'],
          files.map((f) => [
            f.number,
            f.id,
            new Date(f.created_at).toISOString(),
            f.execution_date,
            String(f.transactions),
            `${fromMinor(Number(f.control_sum_minor), f.currency)} ${f.currency}`,
          ]),
        ),
      };
    },
  },
  'payout-file': {
    usage: 'finance payout-file <id|number>',
    summary: 'print a payout file (pain.001.001.09 XML, exactly as written) to upload to the bank; --json adds its facts',
    args: ['file'],
    async run({ orm, secrets, args: [file] }) {
      const row = await findPayoutFile(orm, secrets.decryptionKeys ?? [secrets.encryptionKey], file!);
      if (!row) throw new Failure(`no payout file ${file}`);
      return { json: row, text: row.xml.trimEnd() };
    },
  },
  'import-statement': {
    usage: 'finance import-statement <file> [--env live|test]',
    summary:
      "import the bank's camt.053 (.08 or .02) statement, camt.054.001.08 notification or pain.002 (.10 or .03) status report (live unless --env test): payouts booked become paid (a batch by its file), returns, reversals and rejections (RJCT) returned, other lines recorded, each line kept (`finance statement <id>`); a second import changes nothing",
    args: ['file'],
    options: { env: { type: 'string' } },
    async run({ orm, flags, args: [file], temporal, payouts }) {
      const env = flag(flags, 'env') ?? 'live';
      if (env !== 'live' && env !== 'test') throw new UsageError('--env must be live or test');
      let xml: string;
      try {
        xml = readFileSync(file!, 'utf8');
      } catch (err) {
        throw new Failure(`cannot read ${file}: ${(err as Error).message}`);
      }
      const imported = await importStatement(
        { orm, temporal: temporal ? await temporal() : undefined, debtorIban: payouts?.provider === 'sepa' ? payouts.debtor.iban : null },
        { xml, livemode: env === 'live' },
      ).catch((err: unknown) => {
        throw err instanceof ProblemError ? new Failure(err.message) : err;
      });
      const rows = imported.lines
        .filter((l) => l.outcome !== 'already_paid' && l.outcome !== 'already_returned')
        .map(
          (l) =>
            `${String(l.entry).padStart(5)}  ${l.outcome.padEnd(16)} ${l.end_to_end_id ?? '-'}  ${l.settlement ?? ''}${l.status ? ` ${l.status}` : ''}${l.reason ? ` ${l.reason}` : ''}`,
        );
      return {
        json: imported,
        text: `${fields([
          [
            'statement',
            `${imported.statement.message} ${imported.statement.message_id}${imported.statement.duplicate ? ' (imported before)' : ''}`,
          ],
          ...(imported.statement.original_message_id
            ? [
                [
                  'reports on',
                  `${imported.statement.original_message_id}${imported.statement.group_status ? ` (group ${imported.statement.group_status})` : ''}`,
                ] as [string, string],
              ]
            : []),
          ['environment', env],
          ['transactions', String(imported.transactions)],
          ['paid', String(imported.paid)],
          ['returned', String(imported.returned)],
          ['unchanged', String(imported.unchanged)],
          ['unmatched', String(imported.unmatched.length)],
          ...(imported.statement.message.startsWith('pain.002')
            ? [['statuses recorded', String(imported.status_recorded)] as [string, string]]
            : []),
        ])}${rows.length ? `\n${rows.join('\n')}` : ''}`,
      };
    },
  },
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
            ['environment', environmentOf(recorded.livemode)],
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
