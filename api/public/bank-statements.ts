import { z } from 'zod';
import { listStatements, resolveStatementLine, statementView, statementWithLines } from '../../app/statement-lines';
import { LINE_OUTCOMES } from '../../domain/statement-lines';
import { defineOperation } from '../operation';
import { multiLine } from '../request-text';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { requireAccountKind } from './account-kind';

const Cursor = keysetCursor((id) => /^bst_[a-z0-9]{26}$/.test(id));
const StatementId = z.string().regex(/^bst_[a-z0-9]{26}$/, 'expected a bank statement id (bst_…)');
const LineId = z.string().regex(/^bsl_[a-z0-9]{26}$/, 'expected a statement line id (bsl_…)');

const Statement = z
  .object({
    id: z.string().meta({ example: 'bst_01jd8y3k2m4n5p6q7r8s9t0v1w' }),
    message: z.string().meta({ description: 'camt.053.001.08, camt.053.001.02, camt.054.001.08, pain.002.001.10 or pain.002.001.03.' }),
    message_id: z.string(),
    account: z.string().nullable().meta({ description: 'The statement’s account, masked; null for a status report.' }),
    imported_at: z.string(),
    transactions: z.number().int(),
    applied: z.number().int().meta({ description: 'Payouts the file paid or returned when imported.' }),
    unmatched: z.number().int(),
    open_lines: z.number().int().meta({ description: 'Lines needing review or unmatched, not yet resolved by hand.' }),
    sha256: z.string(),
    livemode: z.boolean(),
  })
  .meta({ id: 'BankStatement' });

const Resolution = z.object({
  outcome: z.enum(['matched', 'returned', 'ignored']),
  payouts: z.array(z.string()),
  reason: z.string().nullable(),
  by: z.string().meta({ description: 'Who resolved it: the API key id, or the name given to the CLI.' }),
  note: z.string().meta({ description: 'Why.' }),
  at: z.string(),
});

const StatementLine = z
  .object({
    id: z.string().meta({ example: 'bsl_01jd8y3k2m4n5p6q7r8s9t0v1w' }),
    position: z.number().int(),
    entry: z.number().int().meta({ description: 'The entry’s position in the file (a pain.002: the status’s).' }),
    end_to_end_id: z.string().nullable(),
    batch: z.string().nullable().meta({ description: 'A batch booking’s reference: the payout file’s PmtInfId or MsgId.' }),
    outcome: z.enum(LINE_OUTCOMES as [string, ...string[]]).meta({
      description:
        '`matched` (paid the payouts, or found them paid), `returned` or `reversed` (the money came back), `needs_review` (a batch or ' +
        'amount that disagrees: never guessed), `unmatched` (names no payout of this environment), `ignored` (pending, informational, ' +
        'a pain.002 status other than RJCT).',
    }),
    detail: z.string().meta({ description: 'The finer result: paid, already_paid, returned, amount_mismatch, status_recorded…' }),
    payouts: z.array(z.string()).meta({ description: 'The payouts the line names (a batch: every transfer of its file).' }),
    amount: z.number().nullable(),
    expected: z.number().nullable().meta({ description: 'What the hub sent: the transfer, or the batch’s total.' }),
    difference: z.number().nullable().meta({
      description: 'A return short of the transfer: what the bank kept (a recall’s fee); a batch: booked less expected.',
    }),
    currency: z.string().nullable(),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'The ISO return or rejection reason (`unknown` when none was given), or why review.' }),
    info: z.string().nullable(),
    status: z.string().nullable(),
    booking_date: z.string().nullable(),
    resolution: Resolution.nullable(),
  })
  .meta({ id: 'BankStatementLine' });

const ERRORS = ['invalid_api_key', 'insufficient_scope', 'account_kind_forbidden', 'rate_limited'] as const;

export const listBankStatements = defineOperation({
  operationId: 'listBankStatements',
  method: 'get',
  path: '/api/public/v1/bank-statements',
  summary: 'List imported bank statements and status reports (operator accounts)',
  description:
    'The camt.053, camt.054 and pain.002 files imported in the key’s environment, newest first, each with how many lines are still open ' +
    '(needing review or unmatched). `open=true` keeps only those.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: {
    query: z.object({ limit: PageLimit, cursor: Cursor.optional(), open: z.enum(['true', 'false']).optional() }).strict(),
  },
  responses: {
    200: {
      description: 'One page of bank statements.',
      schema: z
        .object({ data: z.array(Statement), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'BankStatementList' }),
    },
  },
  errors: [...ERRORS, 'validation_failed'],
  async handler({ query, principal, deps, ctx }) {
    requireAccountKind(principal, 'operator', 'Bank statements');
    const rows = await listStatements(deps.orm, {
      livemode: principal.livemode,
      before: query.cursor,
      limit: query.limit + 1,
      open: query.open === 'true',
    });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => r.id, statementView) };
  },
});

export const getBankStatement = defineOperation({
  operationId: 'getBankStatement',
  method: 'get',
  path: '/api/public/v1/bank-statements/:id',
  summary: 'A bank statement with the outcome of every line (operator accounts)',
  description:
    'The imported file and each of its lines in file order: outcome, payouts, amounts, reason and, once resolved by hand, who and why.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: { params: z.object({ id: StatementId }) },
  responses: {
    200: {
      description: 'The statement and its lines.',
      schema: Statement.extend({ lines: z.array(StatementLine) }).meta({ id: 'BankStatementWithLines' }),
    },
  },
  errors: [...ERRORS, 'not_found', 'validation_failed'],
  async handler({ params, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Bank statements');
    return { status: 200, body: await statementWithLines(deps.orm, params.id, principal.livemode) };
  },
});

export const resolveBankStatementLine = defineOperation({
  operationId: 'resolveBankStatementLine',
  method: 'post',
  path: '/api/public/v1/bank-statement-lines/:id/resolve',
  summary: 'Resolve a statement line by hand (operator accounts)',
  description:
    'A line needing review or unmatched, settled by a person once: `matched` pays the named payouts (submitted ones), `returned` returns ' +
    'them with `reason` (`unknown` if none; the payout is then re-issued like any return), `ignored` dismisses the line. The key and ' +
    '`note` are kept on the line. Asking the same again changes nothing; anything else on a resolved line is 409.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payouts.write' },
  request: {
    params: z.object({ id: LineId }),
    body: z
      .object({
        outcome: z.enum(['matched', 'returned', 'ignored']),
        payouts: z.array(z.string().min(1).max(35)).max(10_000).default([]),
        reason: z.string().min(1).max(35).optional(),
        note: multiLine(z.string().trim().min(1).max(500).meta({ description: 'Why: kept with the line; may span lines.' })),
      })
      .strict(),
    bodyExample: { outcome: 'matched', payouts: ['ST-2026-000042:1'], note: 'Bank confirmed by phone: batch split in two debits' },
  },
  responses: { 200: { description: 'The line as resolved.', schema: StatementLine } },
  errors: [...ERRORS, 'not_found', 'conflict', 'validation_failed'],
  async handler({ params, body, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Bank statements');
    const line = await resolveStatementLine(deps, {
      lineId: params.id,
      livemode: principal.livemode,
      outcome: body.outcome,
      payoutIds: body.payouts,
      reason: body.reason ?? null,
      note: body.note,
      by: `api_key:${principal.credentialId}`,
    });
    return { status: 200, body: line };
  },
});
