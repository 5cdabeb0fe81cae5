/**
 * How the lines of a bank's statement settle payouts, as banks really report them (pure rules; the reader is
 * infra/iso20022.ts, the writes db/bank-statements.ts): a batch booked as one debit, returns known only by their bank
 * transaction code, reversals, returns that come back short of a fee. Each line ends in one stored outcome.
 */
import type { MatchOutcome } from './sepa';

/** What a statement line ended as, kept per line and listed. */
export type LineOutcome = 'matched' | 'returned' | 'reversed' | 'needs_review' | 'unmatched' | 'ignored';
export const LINE_OUTCOMES: readonly LineOutcome[] = ['matched', 'returned', 'reversed', 'needs_review', 'unmatched', 'ignored'];

/** The reason a return or reversal carries when the bank gives none. */
export const UNKNOWN_REASON = 'unknown';

/** An ISO bank transaction code (domain / family / sub-family) or the bank's proprietary one. */
export interface BankCode {
  domain: string | null;
  family: string | null;
  subFamily: string | null;
  proprietary: string | null;
  issuer: string | null;
}

/**
 * Sub-families of an issued credit transfer (PMNT/ICDT) that bring money back: RRTN a returned transfer, RPCR a
 * transfer returned after a recall (cancellation request).
 */
const RETURN_SUBFAMILIES = new Set(['RRTN', 'RPCR']);
/** German banks' proprietary code (issuer DK, `NTRF+159+…`): business transaction code 159 is a returned SEPA transfer. */
const DK_RETURN_GVC = new Set(['159']);

/** Whether a bank transaction code says "a credit transfer of yours came back", in ISO's form or a bank's proprietary one. */
export function isReturnCode(code: BankCode | null): boolean {
  if (!code) return false;
  if (code.domain === 'PMNT' && code.family === 'ICDT' && code.subFamily && RETURN_SUBFAMILIES.has(code.subFamily)) return true;
  const proprietary = code.proprietary?.toUpperCase() ?? '';
  if (!proprietary) return false;
  const parts = proprietary.split(/[+/ ]/);
  // SWIFT MT940 transaction type "RTI" (returned item), as many banks carry it into camt: NRTI, FRTI.
  if (parts[0] === 'NRTI' || parts[0] === 'FRTI' || parts[0] === 'RTI') return true;
  if ((code.issuer ?? '').toUpperCase() === 'DK') return parts.some((p) => DK_RETURN_GVC.has(p));
  return false;
}

/** A statement line as the rules read it. */
export interface StatementLineFacts {
  endToEndId: string | null;
  amountMinor: bigint | null;
  creditDebit: 'CRDT' | 'DBIT';
  status: string;
  returnReason: string | null;
  reversal: boolean;
  bankCode: BankCode | null;
}

/**
 * Whether a line brings a transfer's money back, and how: a `return` (a return reason, or a credit whose bank
 * transaction code is a return) or a `reversal` (a credit with RvslInd: the bank undid our debit). Null otherwise.
 */
export function moneyBack(line: StatementLineFacts): 'return' | 'reversal' | null {
  if (line.reversal && line.creditDebit === 'CRDT') return 'reversal';
  if (line.returnReason) return 'return';
  if (line.creditDebit === 'CRDT' && isReturnCode(line.bankCode)) return 'return';
  return null;
}

export interface TransferFacts {
  status: 'submitted' | 'paid' | 'returned';
  amountMinor: bigint;
}

/**
 * What a statement line does to the transfer it names: a booked debit of the transfer's amount pays it; money back
 * (a return, by its reason or only by its bank transaction code, or a reversal) returns it once, whether or not the
 * bank kept a fee (more back than was sent is for a person to review); a line naming no transfer of ours is unmatched,
 * never guessed; a debit of another amount needs review; pending and informational lines change nothing.
 */
export function matchStatementLine(line: StatementLineFacts, transfer: TransferFacts | null): MatchOutcome {
  if (!line.endToEndId || !transfer) return 'unmatched';
  if (line.status !== 'BOOK') return 'ignored';
  const back = moneyBack(line);
  if (back) {
    if (transfer.status === 'returned') return 'already_returned';
    if (line.amountMinor !== null && line.amountMinor > transfer.amountMinor) return 'amount_mismatch';
    return back === 'reversal' ? 'reversed' : 'returned';
  }
  if (line.creditDebit !== 'DBIT') return 'ignored';
  if (line.amountMinor !== null && line.amountMinor !== transfer.amountMinor) return 'amount_mismatch';
  if (transfer.status === 'submitted') return 'paid';
  return transfer.status === 'paid' ? 'already_paid' : 'already_returned';
}

/** The reason stored for money back: the bank's code, `unknown` when it gave none. */
export const returnReasonOf = (line: { returnReason: string | null }): string => line.returnReason ?? UNKNOWN_REASON;

/** What a return kept back: the transfer less what came back (a recall's fee); null when the amount is not known or whole. */
export function returnShortfall(transferMinor: bigint, returnedMinor: bigint | null): bigint | null {
  if (returnedMinor === null || returnedMinor >= transferMinor) return null;
  return transferMinor - returnedMinor;
}

/** A batch booking as the statement reports it. */
export interface BatchFacts {
  status: string;
  creditDebit: 'CRDT' | 'DBIT';
  /** NbOfTxs, when the bank gives it. */
  count: number | null;
  /** Btch/TtlAmt, else the entry's amount. */
  totalMinor: bigint | null;
}

/**
 * What a batch-booked debit does to the payout file it names (by PmtInfId or MsgId): paid when its count (if given)
 * and total agree with the file's transfers (all of them, or those left once the ones the bank rejected before
 * booking are taken out); otherwise it needs review, never guessed. Returns the fine outcome and, when it pays, which
 * transfers.
 */
export function matchBatch<T extends TransferFacts>(
  batch: BatchFacts,
  transfers: T[] | null,
): { outcome: MatchOutcome; pays: T[]; expectedMinor: bigint | null; problem: string | null } {
  if (!transfers?.length) return { outcome: 'unmatched', pays: [], expectedMinor: null, problem: null };
  const total = (ts: T[]) => ts.reduce((s, t) => s + t.amountMinor, 0n);
  if (batch.status !== 'BOOK') return { outcome: 'ignored', pays: [], expectedMinor: total(transfers), problem: null };
  if (batch.creditDebit !== 'DBIT')
    return {
      outcome: 'needs_review',
      pays: [],
      expectedMinor: total(transfers),
      problem: 'a batch credited back: which payouts is not said',
    };
  const notReturned = transfers.filter((t) => t.status !== 'returned');
  const agrees = (ts: T[]) => (batch.count === null || batch.count === ts.length) && batch.totalMinor === total(ts);
  const booked = agrees(transfers) ? transfers : agrees(notReturned) ? notReturned : null;
  if (!booked) {
    const problem = `the batch books ${batch.count ?? '?'} transfers for ${batch.totalMinor ?? '?'}; the file holds ${transfers.length} for ${total(transfers)}`;
    return { outcome: 'needs_review', pays: [], expectedMinor: total(transfers), problem };
  }
  const pays = booked.filter((t) => t.status === 'submitted');
  return { outcome: pays.length ? 'paid' : 'already_paid', pays, expectedMinor: total(booked), problem: null };
}

/** The stored outcome of a line's fine result. */
export function lineOutcome(detail: MatchOutcome): LineOutcome {
  switch (detail) {
    case 'paid':
    case 'already_paid':
      return 'matched';
    case 'returned':
    case 'already_returned':
      return 'returned';
    case 'reversed':
      return 'reversed';
    case 'amount_mismatch':
    case 'needs_review':
      return 'needs_review';
    case 'unmatched':
      return 'unmatched';
    default:
      return 'ignored';
  }
}

/** Lines a person may settle by hand, and what they may settle them as. */
export const OPEN_OUTCOMES: readonly LineOutcome[] = ['needs_review', 'unmatched'];
export type Resolution = 'matched' | 'returned' | 'ignored';

/** Why a line cannot be resolved so, or null: only open lines, once; matched or returned name payouts, ignored none. */
export function resolutionProblem(
  line: { outcome: LineOutcome; resolvedAt: unknown },
  r: { outcome: Resolution; payoutIds: string[]; note: string; by: string },
): string | null {
  if (!OPEN_OUTCOMES.includes(line.outcome))
    return `the line is ${line.outcome}: only lines needing review or unmatched are resolved by hand`;
  if (line.resolvedAt) return 'the line was resolved already';
  if (!r.by.trim()) return 'who resolves it must be named';
  if (!r.note.trim()) return 'say why';
  if (r.outcome === 'ignored' && r.payoutIds.length) return 'an ignored line names no payout';
  if (r.outcome !== 'ignored' && !r.payoutIds.length) return `resolving as ${r.outcome} names the payouts`;
  return null;
}
