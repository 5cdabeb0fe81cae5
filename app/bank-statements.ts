import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { applyStatement, type MatchedLine, type SettledPayout } from '../db/bank-statements';
import { maskIban, SANDBOX_DEBTOR } from '../domain/bank-accounts';
import { PLATFORM_ACCOUNT, settlementEventData } from '../domain/finance-events';
import { fromMinor } from '../domain/money';
import {
  declaredMessage,
  isStatusMessage,
  READ_MESSAGES,
  readStatement,
  readStatusReport,
  schemaErrors,
  type BankStatement,
  type StatementMessage,
  type StatusMessage,
} from '../infra/iso20022';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { queuePublicEvents } from '../db/public-event-outbox';
import { publishQueued } from './public-event-outbox';
import { ProblemError } from './problems';

export interface StatementImport {
  statement: {
    id: string;
    message: string;
    message_id: string;
    /** A pain.002's OrgnlMsgId: the payout file (PF-…) it reports on; null for a statement. */
    original_message_id: string | null;
    /** A pain.002's group status (ACCP, PART, RJCT…); null for a statement. */
    group_status: string | null;
    duplicate: boolean;
    livemode: boolean;
  };
  transactions: number;
  paid: number;
  returned: number;
  /** Lines naming a payout already settled by an earlier import (or earlier in this one). */
  unchanged: number;
  /** Lines that match no payout file transfer of this environment: listed, never guessed. */
  unmatched: { entry: number; end_to_end_id: string | null; amount: number | null }[];
  /** A pain.002's statuses other than RJCT (ACCP, ACSC, ACSP, PDNG…): recorded, never a payment. */
  status_recorded: number;
  lines: {
    entry: number;
    end_to_end_id: string | null;
    outcome: MatchedLine['outcome'];
    settlement: string | null;
    payouts: string[];
    amount: number | null;
    reason: string | null;
    booking_date: string | null;
    status: string | null;
  }[];
}

const amount = (minor: string | null) => (minor === null ? null : fromMinor(Number(minor), 'EUR'));

/** Refuses a statement of an account other than the payout rail's debtor account (each report of the file checked). */
function checkAccount(statement: BankStatement, debtorIban: string): string {
  const wanted = debtorIban.replace(/\s+/g, '').toUpperCase();
  for (const account of statement.accounts) {
    const iban = account.iban?.replace(/\s+/g, '').toUpperCase() ?? null;
    if (iban === wanted) continue;
    throw new ProblemError('bank_statement_wrong_account', {
      detail: iban
        ? `The statement is of ${maskIban(iban)}; payouts are drawn on ${maskIban(wanted)}. Nothing was imported.`
        : `The statement's account is not identified by an IBAN; payouts are drawn on ${maskIban(wanted)}. Nothing was imported.`,
      extensions: { account: iban ? maskIban(iban) : null },
    });
  }
  return maskIban(wanted);
}

/** `settlement.paid` / `settlement.failed` of payouts a bank file (or a person) settled, each published once. */
export function settledEvents(livemode: boolean, settled: readonly SettledPayout[]): PublishPublicEventInput[] {
  const environment = livemode ? ('live' as const) : ('test' as const);
  return settled.map((p) => ({
    type: p.status === 'paid' ? ('settlement.paid' as const) : ('settlement.failed' as const),
    dedupeKey: `settlement:${p.settlement}:${p.status === 'paid' ? 'paid' : 'returned'}:${p.reason ?? ''}:bank:${p.payout}`,
    accountId: PLATFORM_ACCOUNT,
    environment,
    data: settlementEventData(p),
  }));
}

/** Queues the settled payouts' events in the transaction that settled them (the outbox: none is lost after the commit). */
export const queueSettled = (livemode: boolean) => (em: EntityManager, settled: SettledPayout[]) =>
  queuePublicEvents(em, settledEvents(livemode, settled));

/** Publishes the settled payouts' events after the commit; what fails stays in the outbox for its sweep. */
export async function announceSettled(
  deps: { orm: MikroORM; temporal?: Client },
  livemode: boolean,
  settled: readonly SettledPayout[],
): Promise<void> {
  await publishQueued(deps, settledEvents(livemode, settled), { concurrency: 25 });
}

/**
 * Imports a bank's camt.053 (.08 or .02) statement, camt.054.001.08 notification or pain.002 (.10 or .03) status report
 * for one environment: refused (422 `bank_file_invalid`, naming the first error) unless it is one of those and valid
 * against its published XSD, and (422 `bank_statement_wrong_account`) when a statement is of an account other than the
 * account the environment's payout files are drawn on (when a rail is configured: `debtorIban` for live, the sandbox
 * files' SANDBOX_DEBTOR for sandbox, so a sandbox statement of the company's account is refused); then each line is
 * matched (db/bank-statements.ts) and stored with its outcome, and each payout it settles announces `settlement.paid` or
 * `settlement.failed` (with the ISO return or rejection reason) once. Importing it again changes nothing.
 */
export async function importStatement(
  deps: { orm: MikroORM; temporal?: Client; debtorIban?: string | null },
  input: { xml: string; livemode: boolean },
): Promise<StatementImport> {
  const message = declaredMessage(input.xml) as StatementMessage | StatusMessage | null;
  if (!message || !READ_MESSAGES.includes(message)) {
    throw new ProblemError('bank_file_invalid', {
      detail: `Expected a camt.053.001.08 or .02 statement, camt.054.001.08 notification or pain.002.001.10 or .03 status report; the document declares ${message ?? 'no ISO 20022 message'}.`,
    });
  }
  // The XSD validation runs on its own thread: the document is read meanwhile, and used only once it proves valid.
  const validation = schemaErrors(input.xml, message);
  let statement: ReturnType<typeof readStatusReport> | ReturnType<typeof readStatement> | null = null;
  try {
    statement = isStatusMessage(message) ? readStatusReport(input.xml, message) : readStatement(input.xml, message);
  } catch {
    // Not well-formed: the validator names the first error.
  }
  const [first] = await validation;
  if (first || !statement) {
    throw new ProblemError('bank_file_invalid', {
      detail: `Not valid against the ${message} schema${first?.line ? `, line ${first.line}` : ''}: ${first?.message ?? 'unreadable document'}`,
      extensions: { message, line: first?.line ?? null },
    });
  }
  const drawnOn = deps.debtorIban && (input.livemode ? deps.debtorIban : SANDBOX_DEBTOR.iban);
  const accountIbanMasked = drawnOn && !isStatusMessage(statement.message) ? checkAccount(statement as BankStatement, drawnOn) : null;
  const sha256 = createHash('sha256').update(input.xml).digest('hex');
  const applied = await applyStatement(
    deps.orm,
    { livemode: input.livemode, statement, sha256, accountIbanMasked },
    queueSettled(input.livemode),
  );
  await announceSettled(deps, input.livemode, applied.settled);
  const count = (...outcomes: MatchedLine['outcome'][]) => applied.lines.filter((l) => outcomes.includes(l.outcome)).length;
  return {
    statement: {
      id: applied.id,
      message,
      message_id: statement.messageId,
      original_message_id: 'originalMessageId' in statement ? statement.originalMessageId : null,
      group_status: 'groupStatus' in statement ? statement.groupStatus : null,
      duplicate: applied.duplicate,
      livemode: input.livemode,
    },
    transactions: applied.lines.length,
    // Payouts, not lines: a batch line pays every transfer of its file.
    paid: applied.settled.filter((p) => p.status === 'paid').length,
    returned: applied.settled.filter((p) => p.status === 'failed').length,
    unchanged: count('already_paid', 'already_returned'),
    unmatched: applied.lines
      .filter((l) => l.outcome === 'unmatched')
      .map((l) => ({ entry: l.entry, end_to_end_id: l.endToEndId, amount: amount(l.amountMinor) })),
    status_recorded: count('status_recorded'),
    lines: applied.lines.map((l) => ({
      entry: l.entry,
      end_to_end_id: l.endToEndId,
      outcome: l.outcome,
      settlement: l.settlement,
      payouts: l.payouts,
      amount: amount(l.amountMinor),
      reason: l.reason,
      booking_date: l.bookingDate,
      status: l.status,
    })),
  };
}
