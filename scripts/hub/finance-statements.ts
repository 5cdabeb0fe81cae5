import { reissuePayouts } from '../../app/payout-reissue';
import { ProblemError } from '../../app/problems';
import { listStatements, resolveStatementLine, statementView, statementWithLines } from '../../app/statement-lines';
import { Failure, fields, flag, requiredFlag, table, UsageError, type Command } from './cli';

const orFailure = (err: unknown) => {
  throw err instanceof ProblemError ? new Failure(err.message) : err;
};
const money = (amount: number | null, currency: string | null) => (amount === null ? '-' : `${amount.toFixed(2)} ${currency ?? ''}`.trim());

/** `hub finance statements|statement|resolve-line|reissue`: the bank's answers kept line by line, and payouts sent again. */
export const statementCommands: Record<string, Command> = {
  statements: {
    usage: 'finance statements [--sandbox] [--open]',
    summary: 'list the imported bank statements and status reports, newest first, with their lines still open (--open: only those)',
    options: { sandbox: { type: 'boolean' }, open: { type: 'boolean' } },
    async run({ orm, flags }) {
      const rows = (await listStatements(orm, { livemode: !flags.sandbox, limit: 50, open: Boolean(flags.open) })).map(statementView);
      return {
        json: rows,
        text: table(
          ['ID', 'MESSAGE', 'MESSAGE ID', 'ACCOUNT', 'IMPORTED', 'LINES', 'OPEN'],
          rows.map((r) => [r.id, r.message, r.message_id, r.account ?? '-', r.imported_at, String(r.transactions), String(r.open_lines)]),
        ),
      };
    },
  },
  statement: {
    usage: 'finance statement <id> [--sandbox]',
    summary: 'show an imported statement and the outcome of every line (matched, returned, reversed, needs_review, unmatched, ignored)',
    args: ['id'],
    options: { sandbox: { type: 'boolean' } },
    async run({ orm, flags, args: [id] }) {
      const s = await statementWithLines(orm, id!, !flags.sandbox).catch(orFailure);
      const head = fields([
        ['statement', `${s.message} ${s.message_id}`],
        ['account', s.account ?? '-'],
        ['imported', s.imported_at],
        ['open lines', String(s.open_lines)],
      ]);
      const lines = table(
        ['LINE', 'ENTRY', 'OUTCOME', 'PAYOUTS', 'AMOUNT', 'DIFFERENCE', 'REASON', 'RESOLVED'],
        s.lines.map((l) => [
          l.id,
          String(l.entry),
          l.outcome,
          l.payouts.length > 2 ? `${l.payouts[0]} +${l.payouts.length - 1}` : l.payouts.join(' ') || (l.batch ?? l.end_to_end_id ?? '-'),
          money(l.amount, l.currency),
          l.difference === null ? '' : money(l.difference, l.currency),
          l.reason ?? '',
          l.resolution ? `${l.resolution.outcome} by ${l.resolution.by}` : '',
        ]),
      );
      return { json: s, text: `${head}\n${lines}` };
    },
  },
  'resolve-line': {
    usage:
      'finance resolve-line <line_id> --outcome matched|returned|ignored [--payouts P1,P2] [--reason AC04] --by NAME --note "why" [--sandbox]',
    summary:
      'resolve a statement line needing review (or unmatched) by hand, once: matched pays the named payouts, returned returns them, ignored dismisses it; who and why are kept',
    args: ['line'],
    options: {
      outcome: { type: 'string' },
      payouts: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
      note: { type: 'string' },
      sandbox: { type: 'boolean' },
    },
    async run({ orm, flags, args: [line], temporal }) {
      const outcome = requiredFlag(flags, 'outcome');
      if (outcome !== 'matched' && outcome !== 'returned' && outcome !== 'ignored')
        throw new UsageError('--outcome must be matched, returned or ignored');
      const resolved = await resolveStatementLine(
        { orm, temporal: temporal ? await temporal() : undefined },
        {
          lineId: line!,
          livemode: !flags.sandbox,
          outcome,
          payoutIds: (flag(flags, 'payouts') ?? '')
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
          reason: flag(flags, 'reason') ?? null,
          note: requiredFlag(flags, 'note'),
          by: requiredFlag(flags, 'by'),
        },
      ).catch(orFailure);
      return { json: resolved, text: `${resolved.id} resolved as ${resolved.resolution!.outcome} by ${resolved.resolution!.by}` };
    },
  },
  reissue: {
    usage: 'finance reissue (--payout <payout_id> --by NAME --note "why" | --due [--sandbox])',
    summary:
      'send returned payouts again now, in a payout file written at once: the one named (unless the bank refused that very account), or with --due every one whose driver changed their account since (PAYOUT_PROVIDER=sepa)',
    options: {
      payout: { type: 'string' },
      due: { type: 'boolean' },
      by: { type: 'string' },
      note: { type: 'string' },
      sandbox: { type: 'boolean' },
    },
    async run({ orm, flags, secrets, payouts }) {
      const payoutId = flag(flags, 'payout');
      if (!payoutId === !flags.due) throw new UsageError('give either --payout <payout_id> or --due');
      const keys = secrets.decryptionKeys?.length ? secrets.decryptionKeys : [secrets.encryptionKey];
      const done = await reissuePayouts(
        { orm, keys, payouts },
        payoutId
          ? { payoutId, by: requiredFlag(flags, 'by'), note: requiredFlag(flags, 'note') }
          : { livemode: !flags.sandbox, by: flag(flags, 'by') ?? 'hub finance reissue --due', note: flag(flags, 'note') ?? 'due' },
      ).catch(orFailure);
      const text = [
        ...done.reissued.map((r) => `${r.payout} → ${r.reissued_as} (${r.settlement})`),
        ...done.files.map((f) => `file ${f.number}: ${f.transactions} transfer(s)`),
        ...done.waiting.map((w) => `${w.payout} waits: ${w.why}`),
      ];
      return { json: done, text: text.join('\n') || 'nothing to re-issue' };
    },
  },
};
