import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { matchStatus, type MatchOutcome } from '../domain/sepa';
import {
  lineOutcome,
  matchBatch,
  matchStatementLine,
  moneyBack,
  returnReasonOf,
  returnShortfall,
  type LineOutcome,
} from '../domain/statement-lines';
import { newId } from '../infra/ids';
import { isStatusMessage, type BankStatement, type StatementTransaction, type StatusReport } from '../infra/iso20022';

/** One statement transaction (or status report status) and what it did. */
export interface MatchedLine {
  entry: number;
  endToEndId: string | null;
  amountMinor: string | null;
  outcome: MatchOutcome;
  /** The settlement the transfer paid (absent when unmatched; the first of a batch). */
  settlement: string | null;
  /** The payouts the line named or settled (a batch: every transfer of its file). */
  payouts: string[];
  reason: string | null;
  returnInfo: string | null;
  bookingDate: string | null;
  /** A pain.002 status (RJCT, ACCP, ACSC…); null on a statement line. */
  status: string | null;
}

/** A settlement whose payout the statement settled: for `settlement.paid` and `settlement.failed`. */
export interface SettledPayout {
  settlement: string;
  /** The payout (transfer) the bank settled: a re-issued payout returned again is news again. */
  payout: string;
  driverId: string;
  driverName: string;
  livemode: boolean;
  currency: string;
  payable: string;
  status: 'paid' | 'failed';
  reason: string | null;
}

interface TransferRow {
  id: string;
  status: 'submitted' | 'paid' | 'returned';
  amount_minor: string;
  number: string;
  driver_id: string;
  driver_name: string;
  currency: string;
  payable_minor: string;
  file: string;
}
export type Transfer = TransferRow & { amountMinor: bigint };

/** What one line does, decided against the transfers as the file so far left them. */
interface Decision {
  entry: number;
  endToEndId: string | null;
  batchRef: string | null;
  amountMinor: bigint | null;
  expectedMinor: bigint | null;
  differenceMinor: bigint | null;
  currency: string | null;
  outcome: MatchOutcome;
  /** The transfers the line names; `settles` those it pays or returns. */
  named: Transfer[];
  settles: Transfer[];
  reason: string | null;
  info: string | null;
  /** YYYY-MM-DD… of the booking (statement) or of the report. */
  on: string | null;
  status: string | null;
}

/** The transfers these payout ids and payout files name, locked for the transaction. */
async function lockTransfers(em: EntityManager, livemode: boolean, ids: string[], files: string[]): Promise<Transfer[]> {
  const rows = await em.execute<TransferRow[]>(
    `select t.id, t.status, t.amount_minor, s.number, s.driver_id, s.driver_name, s.currency, s.payable_minor, f.number as file
       from bank_transfers t join settlements s on s.id = t.settlement_id join payout_files f on f.id = t.file_id
      where t.livemode = ?
        and t.id in (select jsonb_array_elements_text(?::jsonb)
                     union all
                     select b.id from bank_transfers b join payout_files p on p.id = b.file_id
                      where p.number in (select jsonb_array_elements_text(?::jsonb)) and p.livemode = ?)
      order by t.id
      for update of t`,
    [livemode, JSON.stringify(ids), JSON.stringify(files), livemode],
  );
  return rows.map((r) => ({ ...r, amountMinor: BigInt(r.amount_minor) }));
}

const batchRefOf = (tx: StatementTransaction) => tx.batch?.paymentInfoId ?? tx.batch?.messageId ?? null;

/** The decisions of a pain.002's statuses (a status of the whole original message applies to every transfer of the file). */
function reportDecisions(report: StatusReport, transfers: Map<string, Transfer>, decide: (d: Decision) => void) {
  const on = report.createdAt;
  const all = [...transfers.values()];
  for (const s of report.statuses) {
    const base = {
      entry: s.entry,
      batchRef: null,
      expectedMinor: null,
      differenceMinor: null,
      currency: null,
      reason: s.status === 'RJCT' ? (s.reason ?? 'NARR') : s.reason,
      info: s.info,
      on,
      status: s.status,
    };
    if (s.endToEndId === null) {
      const ofFile = all.filter((t) => t.file === report.originalMessageId);
      if (!ofFile.length)
        decide({
          ...base,
          endToEndId: null,
          amountMinor: null,
          outcome: 'unmatched',
          named: [],
          settles: [],
          batchRef: report.originalMessageId,
        });
      for (const t of ofFile) {
        const outcome = matchStatus({ ...s, endToEndId: t.id }, t);
        decide({ ...base, endToEndId: t.id, amountMinor: t.amountMinor, outcome, named: [t], settles: [t] });
      }
      continue;
    }
    const t = transfers.get(s.endToEndId);
    const outcome = matchStatus(s, t ?? null);
    decide({ ...base, endToEndId: s.endToEndId, amountMinor: t?.amountMinor ?? null, outcome, named: t ? [t] : [], settles: t ? [t] : [] });
  }
}

/** The decisions of a statement's transactions: by EndToEndId, or a batch by its payout file's number. */
function statementDecisions(doc: BankStatement, transfers: Map<string, Transfer>, decide: (d: Decision) => void) {
  const all = [...transfers.values()];
  for (const tx of doc.transactions) {
    const base = {
      entry: tx.entry,
      endToEndId: tx.endToEndId,
      amountMinor: tx.amountMinor,
      currency: tx.currency,
      info: tx.returnInfo,
      on: tx.bookingDate,
      status: null,
    };
    const batchRef = tx.endToEndId ? null : batchRefOf(tx);
    if (batchRef) {
      const ofFile = all.filter((t) => t.file === tx.batch?.paymentInfoId || t.file === tx.batch?.messageId);
      const m = matchBatch(
        { status: tx.status, creditDebit: tx.creditDebit, count: tx.batch!.count, totalMinor: tx.batch!.totalMinor ?? tx.amountMinor },
        ofFile.length ? ofFile : null,
      );
      decide({
        ...base,
        batchRef,
        expectedMinor: m.expectedMinor,
        differenceMinor: m.expectedMinor !== null && tx.amountMinor !== null ? tx.amountMinor - m.expectedMinor : null,
        outcome: m.outcome,
        named: ofFile,
        settles: m.pays,
        reason: m.problem,
      });
      continue;
    }
    const t = tx.endToEndId ? (transfers.get(tx.endToEndId) ?? null) : null;
    const outcome = matchStatementLine(tx, t);
    const back = moneyBack(tx);
    decide({
      ...base,
      batchRef: null,
      expectedMinor: t?.amountMinor ?? null,
      differenceMinor: t && back ? returnShortfall(t.amountMinor, tx.amountMinor) : null,
      outcome,
      named: t ? [t] : [],
      settles: t ? [t] : [],
      reason: back ? returnReasonOf(tx) : null,
    });
  }
}

/**
 * Applies a camt.053/camt.054 statement or a pain.002 status report of one environment in one transaction: each
 * transaction matched by EndToEndId against the transfers of that environment's payout files, a batch-booked debit by
 * its payout file (PmtInfId or MsgId) with its count and total; a pain.002 status of the whole original message
 * applies to every transfer of the file whose number is its OrgnlMsgId. A booked debit marks the transfers and their
 * settlements paid; a return, reversal or pain.002 rejection (RJCT) marks them returned with the ISO reason (`unknown`
 * when none), recording what a short return kept back; other lines change nothing. Every line is stored with its
 * outcome. Applying the same file again finds it stored and changes nothing.
 */
export async function applyStatement(
  orm: MikroORM,
  input: { livemode: boolean; statement: BankStatement | StatusReport; sha256: string; accountIbanMasked: string | null },
  /** Runs in the statement's transaction with the payouts it settled (their events are queued there). */
  within?: (em: EntityManager, settled: SettledPayout[]) => Promise<void>,
): Promise<{ id: string; duplicate: boolean; lines: MatchedLine[]; settled: SettledPayout[] }> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('bank-statements', 0))");
    const doc = input.statement;
    const report = isStatusMessage(doc.message) ? (doc as StatusReport) : null;
    const statement = report ? null : (doc as BankStatement);
    const ids = new Set<string>();
    const files = new Set<string>();
    for (const t of report?.statuses ?? statement!.transactions) if (t.endToEndId) ids.add(t.endToEndId);
    if (report?.statuses.some((s) => s.endToEndId === null)) files.add(report.originalMessageId);
    for (const tx of statement?.transactions ?? []) {
      if (!tx.endToEndId && tx.batch) for (const ref of [tx.batch.paymentInfoId, tx.batch.messageId]) if (ref) files.add(ref);
    }
    const transfers = new Map((await lockTransfers(em, input.livemode, [...ids], [...files])).map((t) => [t.id, t]));
    const decisions: Decision[] = [];
    const decide = (d: Decision) => {
      decisions.push(d);
      // A later line of the same file sees what an earlier one did.
      const after = d.outcome === 'paid' ? 'paid' : d.outcome === 'returned' || d.outcome === 'reversed' ? 'returned' : null;
      if (after) for (const t of d.settles) t.status = after;
    };
    if (report) reportDecisions(report, transfers, decide);
    else statementDecisions(statement!, transfers, decide);

    const settled = await settleTransfers(em, input.livemode, decisions);
    const [existing] = await em.execute<{ id: string }[]>('select id from bank_statements where livemode = ? and sha256 = ?', [
      input.livemode,
      input.sha256,
    ]);
    const id = existing?.id ?? newId('bst');
    if (!existing) {
      await em.execute(
        `insert into bank_statements (id, livemode, message, message_id, sha256, transactions, applied, unmatched, account_iban_masked)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          input.livemode,
          doc.message,
          doc.messageId,
          input.sha256,
          decisions.length,
          settled.length,
          decisions.filter((d) => d.outcome === 'unmatched').length,
          input.accountIbanMasked,
        ],
      );
      await insertLines(em, id, decisions);
    }
    const lines = decisions.map((d): MatchedLine => ({
      entry: d.entry,
      endToEndId: d.endToEndId,
      amountMinor: d.amountMinor === null ? null : String(d.amountMinor),
      outcome: d.outcome,
      settlement: d.named[0]?.number ?? null,
      payouts: d.named.map((t) => t.id),
      reason: d.reason,
      returnInfo: d.info,
      bookingDate: d.status === null ? d.on : null,
      status: d.status,
    }));
    await within?.(em, settled);
    return { id, duplicate: Boolean(existing), lines, settled };
  });
}

/** Pays and returns the decided transfers and their settlements, each in one statement over the whole file. */
async function settleTransfers(em: EntityManager, livemode: boolean, decisions: Decision[]): Promise<SettledPayout[]> {
  const settled: SettledPayout[] = [];
  const paid: { id: string; on: string | null }[] = [];
  const returned: { id: string; on: string | null; reason: string; info: string | null; back: string | null }[] = [];
  for (const d of decisions) {
    const isReturn = d.outcome === 'returned' || d.outcome === 'reversed';
    if (d.outcome !== 'paid' && !isReturn) continue;
    const on = d.on?.slice(0, 10) ?? null;
    for (const t of d.settles) {
      if (d.outcome === 'paid') paid.push({ id: t.id, on });
      else {
        const back = d.amountMinor !== null && d.amountMinor < t.amountMinor ? String(d.amountMinor) : null;
        returned.push({ id: t.id, on, reason: d.reason!, info: d.info, back });
      }
      settled.push({ ...settledOf(t, livemode), payout: t.id, status: isReturn ? 'failed' : 'paid', reason: isReturn ? d.reason : null });
    }
  }
  await markPaid(em, paid);
  await markReturned(em, returned);
  return settled;
}

const settledOf = (t: Transfer, livemode: boolean) => ({
  settlement: t.number,
  driverId: t.driver_id,
  driverName: t.driver_name,
  livemode,
  currency: t.currency,
  payable: String(t.payable_minor),
});

/** Marks submitted transfers paid on their booking date, and their pending settlements with them. */
export async function markPaid(em: EntityManager, paid: { id: string; on: string | null }[]): Promise<void> {
  if (!paid.length) return;
  await em.execute(
    `with u as (select * from jsonb_to_recordset(?::jsonb) as u(id text, "on" date)),
       t as (update bank_transfers t set status = 'paid', booked_on = coalesce(u."on", current_date) from u
              where t.id = u.id and t.status = 'submitted' returning t.settlement_id, u."on")
     update settlements s set status = 'paid', paid_at = coalesce(t."on"::timestamptz, now()), failure_reason = null
       from t where s.id = t.settlement_id and s.status = 'pending'`,
    [JSON.stringify(paid)],
  );
}

/** Marks transfers returned with their reason (and what came back when short), and their settlements with them. */
export async function markReturned(
  em: EntityManager,
  returned: { id: string; on: string | null; reason: string; info: string | null; back: string | null }[],
): Promise<void> {
  if (!returned.length) return;
  await em.execute(
    `with u as (select * from jsonb_to_recordset(?::jsonb) as u(id text, "on" date, reason text, info text, back bigint)),
       t as (update bank_transfers t set status = 'returned', returned_on = coalesce(u."on", current_date), return_reason = u.reason,
               return_info = u.info, returned_at = clock_timestamp(), returned_minor = coalesce(u.back, t.amount_minor) from u
              where t.id = u.id and t.status in ('submitted', 'paid') returning t.settlement_id, u.reason)
     update settlements s set status = 'returned', paid_at = null, failure_reason = t.reason
       from t where s.id = t.settlement_id and s.status in ('pending', 'paid')`,
    [JSON.stringify(returned)],
  );
}

async function insertLines(em: EntityManager, statementId: string, decisions: Decision[]): Promise<void> {
  if (!decisions.length) return;
  const str = (v: bigint | null) => (v === null ? null : String(v));
  const rows = decisions.map((d, i) => ({
    id: newId('bsl'),
    position: i + 1,
    entry: d.entry,
    end_to_end_id: d.endToEndId,
    batch_ref: d.batchRef,
    outcome: lineOutcome(d.outcome) satisfies LineOutcome,
    detail: d.outcome,
    payout_ids: d.named.map((t) => t.id),
    amount_minor: str(d.amountMinor),
    expected_minor: str(d.expectedMinor),
    difference_minor: str(d.differenceMinor),
    currency: d.currency ?? d.named[0]?.currency ?? null,
    reason: d.reason,
    info: d.info,
    status: d.status,
    booking_date: /^\d{4}-\d{2}-\d{2}/.test(d.on ?? '') ? d.on!.slice(0, 10) : null,
  }));
  await em.execute(
    `insert into bank_statement_lines (id, statement_id, position, entry, end_to_end_id, batch_ref, outcome, detail, payout_ids, amount_minor,
       expected_minor, difference_minor, currency, reason, info, status, booking_date)
     select x.id, ?, x.position, x.entry, x.end_to_end_id, x.batch_ref, x.outcome, x.detail, x.payout_ids, x.amount_minor, x.expected_minor,
       x.difference_minor, x.currency, x.reason, x.info, x.status, x.booking_date
       from jsonb_to_recordset(?::jsonb) as x(id text, position integer, entry integer, end_to_end_id text, batch_ref text, outcome text,
         detail text, payout_ids text[], amount_minor bigint, expected_minor bigint, difference_minor bigint, currency text, reason text,
         info text, status text, booking_date date)`,
    [statementId, JSON.stringify(rows)],
  );
}
