import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  findStatement,
  readStatements,
  ResolutionRefused,
  resolveLine,
  type StatementLineRow,
  type StatementRow,
} from '../db/statement-lines';
import { maskIban } from '../domain/bank-accounts';
import { fromMinor } from '../domain/money';
import type { Resolution } from '../domain/statement-lines';
import { announceSettled, queueSettled } from './bank-statements';
import { ProblemError } from './problems';

const decimal = (minor: string | null, currency: string | null) => (minor === null ? null : fromMinor(Number(minor), currency ?? 'EUR'));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An imported bank file as the API and the CLI show it. */
export function statementView(r: StatementRow) {
  return {
    id: r.id,
    message: r.message,
    message_id: r.message_id,
    account: r.account_iban_masked === null ? null : maskIban(r.account_iban_masked),
    imported_at: iso(r.imported_at)!,
    transactions: r.transactions,
    applied: r.applied,
    unmatched: r.unmatched,
    open_lines: r.open_lines,
    sha256: r.sha256,
    livemode: r.livemode,
  };
}

/** A stored line: its outcome, the payouts, the amounts (what the bank booked, what the hub expected, the difference). */
export function lineView(l: StatementLineRow) {
  return {
    id: l.id,
    position: l.position,
    entry: l.entry,
    end_to_end_id: l.end_to_end_id,
    batch: l.batch_ref,
    outcome: l.outcome,
    detail: l.detail,
    payouts: l.payout_ids,
    amount: decimal(l.amount_minor, l.currency),
    expected: decimal(l.expected_minor, l.currency),
    difference: decimal(l.difference_minor, l.currency),
    currency: l.currency,
    reason: l.reason,
    info: l.info,
    status: l.status,
    booking_date: l.booking_date,
    resolution: l.resolved_at
      ? {
          outcome: l.resolved_outcome!,
          payouts: l.resolved_payout_ids ?? [],
          reason: l.resolved_reason,
          by: l.resolved_by!,
          note: l.resolution_note ?? '',
          at: iso(l.resolved_at)!,
        }
      : null,
  };
}

export const listStatements = (orm: MikroORM, q: { livemode: boolean; before?: string; limit: number; open?: boolean }) =>
  readStatements(orm, q);

/** A statement of the environment with its lines, or 404. */
export async function statementWithLines(orm: MikroORM, id: string, livemode: boolean) {
  const found = await findStatement(orm, id, livemode);
  if (!found) throw new ProblemError('not_found', { detail: `No bank statement ${id}.`, param: 'id' });
  return { ...statementView(found), lines: found.lines.map(lineView) };
}

/**
 * Resolves a line needing review (or unmatched) by hand: `matched` pays the named payouts, `returned` returns them
 * (the driver's payout is then re-issued like any return), `ignored` dismisses the line; who and why are kept on the
 * line, and the settlements' events go out once. 404 for a line of another environment, 409 when the line or a payout
 * cannot be resolved so.
 */
export async function resolveStatementLine(
  deps: { orm: MikroORM; temporal?: Client },
  input: { lineId: string; livemode: boolean; outcome: Resolution; payoutIds: string[]; reason: string | null; note: string; by: string },
) {
  try {
    const { line, settled } = await resolveLine(deps.orm, input, queueSettled(input.livemode));
    await announceSettled(deps, input.livemode, settled);
    return lineView(line);
  } catch (err) {
    if (err instanceof ResolutionRefused) throw new ProblemError(err.kind, { detail: err.message });
    throw err;
  }
}
