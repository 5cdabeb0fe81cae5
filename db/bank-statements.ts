import type { MikroORM } from '@mikro-orm/postgresql';
import { matchLine, matchStatus, type MatchOutcome } from '../domain/sepa';
import { newId } from '../infra/ids';
import type { BankStatement, StatusReport } from '../infra/iso20022';

/** One statement transaction (or status report status) and what it did. */
export interface MatchedLine {
  entry: number;
  endToEndId: string | null;
  amountMinor: string | null;
  outcome: MatchOutcome;
  /** The settlement the transfer paid (absent when unmatched). */
  settlement: string | null;
  reason: string | null;
  returnInfo: string | null;
  bookingDate: string | null;
  /** A pain.002 status (RJCT, ACCP, ACSC…); null on a statement line. */
  status: string | null;
}

/** A settlement whose payout the statement settled: for `settlement.paid` and `settlement.failed`. */
export interface SettledPayout {
  settlement: string;
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
}
type Transfer = TransferRow & { amountMinor: bigint };

/** What one line does, decided against the transfers as the file so far left them. */
interface Decision {
  entry: number;
  endToEndId: string | null;
  amountMinor: bigint | null;
  outcome: MatchOutcome;
  transfer: Transfer | null;
  reason: string | null;
  info: string | null;
  /** YYYY-MM-DD… of the booking (statement) or of the report. */
  on: string | null;
  status: string | null;
}

/**
 * Applies a camt.053/camt.054 statement or a pain.002 status report of one environment in one transaction: each
 * transaction matched by EndToEndId against the transfers of that environment's payout files (a pain.002 status of the
 * whole original message applies to every transfer of the file whose number is its OrgnlMsgId). A booked debit marks
 * the transfer and its settlement paid; a return, or a pain.002 rejection (RJCT), marks them returned with the ISO
 * reason (the settlement's next one carries the amount); other pain.002 statuses are recorded and change nothing.
 * Applying the same file again finds every transfer already settled and changes nothing. Every write is one statement
 * over the whole file, whatever its size.
 */
export async function applyStatement(
  orm: MikroORM,
  input: { livemode: boolean; statement: BankStatement | StatusReport; sha256: string },
): Promise<{ id: string; duplicate: boolean; lines: MatchedLine[]; settled: SettledPayout[] }> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('bank-statements', 0))");
    const doc = input.statement;
    const report = doc.message === 'pain.002.001.10' ? doc : null;
    const ids = [
      ...new Set((report ? report.statuses : (doc as BankStatement).transactions).flatMap((t) => (t.endToEndId ? [t.endToEndId] : []))),
    ];
    const wholeFile = report?.statuses.some((s) => s.endToEndId === null) ? report.originalMessageId : null;
    const rows = await em.execute<(TransferRow & { file: string })[]>(
      `select t.id, t.status, t.amount_minor, s.number, s.driver_id, s.driver_name, s.currency, s.payable_minor, f.number as file
         from bank_transfers t join settlements s on s.id = t.settlement_id join payout_files f on f.id = t.file_id
        where t.livemode = ?
          and t.id in (select unnest(string_to_array(?, chr(31)))
                       union all
                       select b.id from bank_transfers b join payout_files p on p.id = b.file_id where p.number = ? and p.livemode = ?)
        for update of t`,
      // Unit separator: a character no XML document can hold, so no EndToEndId.
      [input.livemode, ids.join('\x1f'), wholeFile ?? '', input.livemode],
    );
    const transfers = new Map<string, Transfer>(rows.map((r) => [r.id, { ...r, amountMinor: BigInt(r.amount_minor) }]));
    const decisions: Decision[] = [];
    const decide = (d: Omit<Decision, 'outcome'>, outcome: MatchOutcome) => {
      decisions.push({ ...d, outcome });
      // A later line of the same file sees what an earlier one did.
      if (d.transfer && (outcome === 'paid' || outcome === 'returned')) d.transfer.status = outcome;
    };
    if (report) {
      const on = report.createdAt;
      for (const s of report.statuses) {
        const base = { entry: s.entry, reason: s.status === 'RJCT' ? (s.reason ?? 'NARR') : s.reason, info: s.info, on, status: s.status };
        if (s.endToEndId === null) {
          const ofFile = rows.filter((r) => r.file === report.originalMessageId).map((r) => transfers.get(r.id)!);
          if (!ofFile.length) decide({ ...base, endToEndId: null, amountMinor: null, transfer: null }, 'unmatched');
          for (const t of ofFile) {
            decide({ ...base, endToEndId: t.id, amountMinor: t.amountMinor, transfer: t }, matchStatus({ ...s, endToEndId: t.id }, t));
          }
          continue;
        }
        const transfer = transfers.get(s.endToEndId) ?? null;
        decide({ ...base, endToEndId: s.endToEndId, amountMinor: transfer?.amountMinor ?? null, transfer }, matchStatus(s, transfer));
      }
    } else {
      for (const tx of (doc as BankStatement).transactions) {
        const transfer = tx.endToEndId ? (transfers.get(tx.endToEndId) ?? null) : null;
        const base = {
          entry: tx.entry,
          endToEndId: tx.endToEndId,
          amountMinor: tx.amountMinor,
          transfer,
          reason: tx.returnReason,
          info: tx.returnInfo,
          on: tx.bookingDate,
          status: null,
        };
        decide(base, matchLine(tx, transfer));
      }
    }

    const settled: SettledPayout[] = [];
    const paid: { id: string; on: string | null }[] = [];
    const returned: { id: string; on: string | null; reason: string; info: string | null }[] = [];
    for (const d of decisions) {
      const t = d.transfer;
      if (!t || (d.outcome !== 'paid' && d.outcome !== 'returned')) continue;
      const on = d.on?.slice(0, 10) ?? null;
      if (d.outcome === 'paid') paid.push({ id: t.id, on });
      else returned.push({ id: t.id, on, reason: d.reason!, info: d.info });
      settled.push({
        settlement: t.number,
        driverId: t.driver_id,
        driverName: t.driver_name,
        livemode: input.livemode,
        currency: t.currency,
        payable: String(t.payable_minor),
        status: d.outcome === 'paid' ? 'paid' : 'failed',
        reason: d.outcome === 'paid' ? null : d.reason,
      });
    }
    if (paid.length) {
      await em.execute(
        `with u as (select * from jsonb_to_recordset(?::jsonb) as u(id text, "on" date)),
           t as (update bank_transfers t set status = 'paid', booked_on = coalesce(u."on", current_date) from u
                  where t.id = u.id and t.status = 'submitted' returning t.settlement_id, u."on")
         update settlements s set status = 'paid', paid_at = coalesce(t."on"::timestamptz, now()), failure_reason = null
           from t where s.id = t.settlement_id and s.status = 'pending'`,
        [JSON.stringify(paid)],
      );
    }
    if (returned.length) {
      await em.execute(
        `with u as (select * from jsonb_to_recordset(?::jsonb) as u(id text, "on" date, reason text, info text)),
           t as (update bank_transfers t set status = 'returned', returned_on = coalesce(u."on", current_date), return_reason = u.reason,
                   return_info = u.info from u
                  where t.id = u.id and t.status in ('submitted', 'paid') returning t.settlement_id, u.reason)
         update settlements s set status = 'returned', paid_at = null, failure_reason = t.reason
           from t where s.id = t.settlement_id and s.status in ('pending', 'paid')`,
        [JSON.stringify(returned)],
      );
    }
    const [existing] = await em.execute<{ id: string }[]>('select id from bank_statements where livemode = ? and sha256 = ?', [
      input.livemode,
      input.sha256,
    ]);
    const id = existing?.id ?? newId('bst');
    if (!existing) {
      await em.execute(
        `insert into bank_statements (id, livemode, message, message_id, sha256, transactions, applied, unmatched) values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          input.livemode,
          doc.message,
          doc.messageId,
          input.sha256,
          decisions.length,
          settled.length,
          decisions.filter((d) => d.outcome === 'unmatched').length,
        ],
      );
    }
    const lines = decisions.map((d): MatchedLine => ({
      entry: d.entry,
      endToEndId: d.endToEndId,
      amountMinor: d.amountMinor === null ? null : String(d.amountMinor),
      outcome: d.outcome,
      settlement: d.transfer?.number ?? null,
      reason: d.reason,
      returnInfo: d.info,
      bookingDate: d.status === null ? d.on : null,
      status: d.status,
    }));
    return { id, duplicate: Boolean(existing), lines, settled };
  });
}
