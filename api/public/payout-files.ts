import { z } from 'zod';
import { importStatement } from '../../app/bank-statements';
import { findPayoutFile, readPayoutFiles, type PayoutFileRow } from '../../db/payout-files';
import { fromMinor } from '../../domain/money';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { multiLine } from '../request-text';
import { keysetCursor, keysetPage, PageLimit } from '../pagination';
import { requireAccountKind } from './account-kind';

const Cursor = keysetCursor((id) => /^pf_[a-z0-9]{26}$/.test(id));
const PayoutFile = z
  .object({
    id: z.string().meta({ example: 'pf_01jd8y3k2m4n5p6q7r8s9t0v1w' }),
    number: z.string().meta({ description: 'Gapless per year and environment: `PF-2026-000001`, sandbox `PF-TEST-2026-000001`.' }),
    format: z.string().meta({ example: 'pain.001.001.09' }),
    created_at: z.string(),
    execution_date: z
      .string()
      .meta({ description: 'The requested execution date (the next TARGET2 business day).', example: '2026-12-02' }),
    transactions: z.number().int().meta({ description: 'NbOfTxs: one credit transfer per settlement.' }),
    control_sum: z.number().meta({ description: 'CtrlSum: the sum of the transfers.' }),
    currency: z.string(),
    debtor_iban: z.string().meta({
      description:
        'The account the file is drawn on, masked (the country and the last four). A sandbox file is drawn on the sandbox account ' +
        '`DE00 0000 0000 0000 0000 00` and pays sandbox-range stand-ins: no bank executes it (docs/finance.md).',
      example: 'FR** **** **** **** **** ***0 189',
    }),
    sha256: z.string().meta({ description: 'SHA-256 of the file as served: what the bank receives is what the hub wrote.' }),
    livemode: z.boolean(),
  })
  .meta({ id: 'PayoutFile' });

const view = (r: PayoutFileRow): z.infer<typeof PayoutFile> => ({
  id: r.id,
  number: r.number,
  format: r.format,
  created_at: new Date(r.created_at).toISOString(),
  execution_date:
    typeof r.execution_date === 'string' ? r.execution_date.slice(0, 10) : new Date(r.execution_date).toISOString().slice(0, 10),
  transactions: r.transactions,
  control_sum: fromMinor(Number(r.control_sum_minor), r.currency),
  currency: r.currency,
  debtor_iban: r.debtor_iban_masked,
  sha256: r.sha256,
  livemode: r.livemode,
});

const ERRORS = ['invalid_api_key', 'insufficient_scope', 'account_kind_forbidden', 'rate_limited'] as const;

export const listPayoutFiles = defineOperation({
  operationId: 'listPayoutFiles',
  method: 'get',
  path: '/api/public/v1/payout-files',
  summary: 'List SEPA payout files (operator accounts)',
  description:
    'The pain.001.001.09 credit transfer files the settlement cycle wrote (PAYOUT_PROVIDER=sepa) in the key’s environment, newest first: one per ' +
    'run and debtor account, numbered, never changed. Upload each to the bank; import the bank’s statement with `POST /api/public/v1/bank-statements`.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payments.read' },
  request: { query: z.object({ limit: PageLimit, cursor: Cursor.optional() }).strict() },
  responses: {
    200: {
      description: 'One page of payout files.',
      schema: z
        .object({ data: z.array(PayoutFile), has_more: z.boolean(), next_cursor: z.string().nullable() })
        .meta({ id: 'PayoutFileList' }),
    },
  },
  errors: [...ERRORS, 'validation_failed'],
  async handler({ query, principal, deps, ctx }) {
    requireAccountKind(principal, 'operator', 'Payout files');
    const rows = await readPayoutFiles(deps.orm, { livemode: principal.livemode, before: query.cursor, limit: query.limit + 1 });
    return { status: 200, ...keysetPage(ctx, deps.publicBaseUrl, rows, query.limit, (r) => r.id, view) };
  },
});

async function findFile(deps: ApiDeps, idOrNumber: string, livemode: boolean) {
  const row = await findPayoutFile(deps.orm, deps.decryptionKeys, idOrNumber, livemode);
  if (!row) throw new ProblemError('not_found', { detail: `No payout file ${idOrNumber}.`, param: 'id' });
  return row;
}

export const getPayoutFile = defineOperation({
  operationId: 'getPayoutFile',
  method: 'get',
  path: '/api/public/v1/payout-files/:id',
  summary: 'Download a SEPA payout file (operator accounts)',
  description:
    'The pain.001.001.09 XML exactly as written (its SHA-256 is in the list), to upload to the bank. By id (`pf_…`) or number. It names ' +
    'every creditor’s IBAN in clear, so it needs the scope `payouts.read` (`payments.read` does not suffice); it is stored encrypted.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payouts.read' },
  request: {
    params: z.object({
      id: z.string().regex(/^(pf_[a-z0-9]{26}|PF(-TEST)?-\d{4}-\d{6})$/, 'expected a payout file id (pf_…) or number (PF-2026-000001)'),
    }),
  },
  responses: {
    200: { description: 'The pain.001.001.09 document.', contentType: 'application/xml', schema: z.string() },
  },
  errors: [...ERRORS, 'not_found', 'validation_failed'],
  async handler({ params, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Payout files');
    const file = await findFile(deps, params.id, principal.livemode);
    return {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${file.number}.xml"` },
      body: file.xml,
    };
  },
});

const ImportedLine = z.object({
  entry: z.number().int().meta({ description: 'The entry’s position in the file.' }),
  end_to_end_id: z.string().nullable().meta({ description: 'The EndToEndId: the payout id the hub wrote (`<settlement>:<attempt>`).' }),
  outcome: z
    .enum([
      'paid',
      'returned',
      'reversed',
      'already_paid',
      'already_returned',
      'unmatched',
      'amount_mismatch',
      'needs_review',
      'ignored',
      'status_recorded',
    ])
    .meta({
      description:
        'What the line did: paid or returned a payout (a pain.002 `RJCT` returns it; a reversal reverses it), found it already so, matched ' +
        'none, needs a person (an amount, or a batch whose count or total disagrees with its file), changed nothing (pending, ' +
        'informational), or recorded a pain.002 status other than `RJCT` (`ACCP`, `ACSC`, `ACSP`, `PDNG`…: never a payment). Each line is ' +
        'kept with its outcome: `GET /api/public/v1/bank-statements/{id}`.',
    }),
  settlement: z.string().nullable(),
  payouts: z.array(z.string()).meta({ description: 'The payouts the line names: one, or every transfer of a batch’s file.' }),
  amount: z.number().nullable(),
  reason: z.string().nullable().meta({
    description:
      'A return’s or rejection’s ISO 20022 reason code (AC04 closed account, AC01 wrong account number, AM04 insufficient funds…).',
  }),
  booking_date: z.string().nullable(),
  status: z.string().nullable().meta({
    description:
      'A pain.002 line’s transaction status (`RJCT`, `ACCP`, `ACSC`…, inherited from the payment or group when the transaction has none); null on a statement line.',
  }),
});

const StatementImport = z
  .object({
    statement: z.object({
      id: z.string(),
      message: z.enum(['camt.053.001.08', 'camt.053.001.02', 'camt.054.001.08', 'pain.002.001.10', 'pain.002.001.03']),
      message_id: z.string(),
      original_message_id: z.string().nullable().meta({
        description: 'A pain.002’s OrgnlMsgId: the number of the payout file it reports on (`PF-2026-000001`); null for a statement.',
      }),
      group_status: z
        .string()
        .nullable()
        .meta({ description: 'A pain.002’s group status (`ACCP`, `PART`, `RJCT`…); null for a statement.' }),
      duplicate: z.boolean().meta({ description: 'The same file was imported before: nothing changed this time.' }),
      livemode: z.boolean(),
    }),
    transactions: z.number().int(),
    paid: z.number().int(),
    returned: z.number().int(),
    unchanged: z.number().int(),
    unmatched: z.array(z.object({ entry: z.number().int(), end_to_end_id: z.string().nullable(), amount: z.number().nullable() })),
    status_recorded: z.number().int().meta({ description: 'pain.002 statuses other than `RJCT`: recorded, never a payment.' }),
    lines: z.array(ImportedLine),
  })
  .meta({ id: 'BankStatementImport' });

export const importBankStatement = defineOperation({
  operationId: 'importBankStatement',
  method: 'post',
  path: '/api/public/v1/bank-statements',
  summary: 'Import a bank statement or status report (operator accounts)',
  description:
    'A camt.053.001.08 or .02 statement or camt.054.001.08 notification of the debtor account (422 `bank_statement_wrong_account` for ' +
    'another account when the payout rail is SEPA), or a pain.002.001.10 or .03 Customer Payment Status Report answering a payout file, ' +
    'as the bank delivers it (`application/xml`, up to 32 MiB), for the key’s environment. Checked against the ISO 20022 schema (422 ' +
    '`bank_file_invalid` naming the first error), then each transaction is matched by EndToEndId (a pain.002’s OrgnlEndToEndId), a ' +
    'batch booked as one debit by its payout file (`Btch/PmtInfId` or `Btch/MsgId`) with its count and total: a booked debit marks the ' +
    'payouts and their settlements paid (`settlement.paid`); a return (with `RtrInf`, or known only by its bank transaction code), a ' +
    'reversal or a pain.002 rejection (`RJCT`) marks them returned with the ISO reason (`unknown` when none; `settlement.failed`; the ' +
    'payout is re-issued in the next payout file once due). A batch or amount that disagrees needs review, a line matching no payout is ' +
    'unmatched: never guessed. Every line is kept (`GET /api/public/v1/bank-statements/{id}`). Importing the same file again changes nothing.',
  tags: ['Settlements'],
  security: { kind: 'apiKey', scope: 'payouts.write' },
  request: {
    body: multiLine(z.string().meta({ description: 'The camt.053.001.08, camt.054.001.08 or pain.002.001.10 document.' })),
    bodyContentType: 'application/xml',
  },
  responses: { 200: { description: 'What each line of the statement or status report did.', schema: StatementImport } },
  errors: [...ERRORS, 'bank_file_invalid', 'bank_statement_wrong_account', 'payload_too_large', 'unsupported_media_type'],
  async handler({ body, principal, deps }) {
    requireAccountKind(principal, 'operator', 'Bank statements');
    return {
      status: 200,
      body: await importStatement({ ...deps, debtorIban: deps.payoutDebtorIban }, { xml: body, livemode: principal.livemode }),
    };
  },
});
