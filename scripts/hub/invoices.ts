import { creditInvoice } from '../../app/credit-notes';
import { CREDIT_REASONS, CreditRefusal, type CreditReason } from '../../db/credit-notes';
import { fromMinor } from '../../domain/money';
import { Failure, fields, flag, requiredFlag, UsageError, type Command } from './cli';

function positions(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(,\d+)*$/.test(value)) throw new UsageError(`--lines must be line positions such as 1,3 (got ${JSON.stringify(value)})`);
  return value.split(',').map(Number);
}

export const invoiceCommands: Record<string, Command> = {
  credit: {
    usage: `invoices credit --invoice <number> --reason ${CREDIT_REASONS.join('|')} [--lines 1,3]`,
    summary:
      'issue a credit note against an invoice, reversing the given lines (all not yet credited by default); sends credit_note.created (needs Temporal)',
    options: { invoice: { type: 'string' }, reason: { type: 'string' }, lines: { type: 'string' } },
    async run({ orm, flags, temporal }) {
      const invoiceNumber = requiredFlag(flags, 'invoice');
      const reason = requiredFlag(flags, 'reason');
      if (!(CREDIT_REASONS as readonly string[]).includes(reason))
        throw new UsageError(`--reason must be one of ${CREDIT_REASONS.join(', ')}`);
      const lines = positions(flag(flags, 'lines'));
      if (!temporal) throw new Failure('no Temporal connection configured');
      const note = await creditInvoice(orm, await temporal(), { invoiceNumber, positions: lines, reason: reason as CreditReason }).catch(
        (err: unknown) => {
          throw err instanceof CreditRefusal ? new Failure(err.message) : err;
        },
      );
      return {
        json: note,
        text: `Credit note issued.\n${fields([
          ['number', note.number],
          ['credits', note.credits],
          ['lines', String(note.lines)],
          ['gross', `${fromMinor(Number(note.gross), note.currency)} ${note.currency}`],
          ['amount due', `${fromMinor(Number(note.amountDue ?? note.gross), note.currency)} ${note.currency}`],
        ])}`,
      };
    },
  },
};
