import type { MikroORM } from '@mikro-orm/postgresql';
import { matchLine, type MatchOutcome } from '../domain/sepa';
import { newId } from '../infra/ids';
import type { BankStatement } from '../infra/iso20022';

/** One statement transaction and what it did. */
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

/**
 * Applies a statement of one environment in one transaction: each transaction matched by EndToEndId against the
 * transfers of that environment's payout files; a booked debit marks the transfer and its settlement paid, a return
 * marks them returned with the ISO reason (the settlement's next one carries the amount). Applying the same statement
 * again finds every transfer already settled and changes nothing.
 */
export async function applyStatement(
  orm: MikroORM,
  input: { livemode: boolean; statement: BankStatement; sha256: string },
): Promise<{ id: string; duplicate: boolean; lines: MatchedLine[]; settled: SettledPayout[] }> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('bank-statements', 0))");
    const ids = [...new Set(input.statement.transactions.flatMap((t) => (t.endToEndId ? [t.endToEndId] : [])))];
    const rows = await em.execute<TransferRow[]>(
      `select t.id, t.status, t.amount_minor, s.number, s.driver_id, s.driver_name, s.currency, s.payable_minor
         from bank_transfers t join settlements s on s.id = t.settlement_id
        where t.id in (select jsonb_array_elements_text(?::jsonb)) and t.livemode = ?
        for update of t`,
      [JSON.stringify(ids), input.livemode],
    );
    const transfers = new Map(rows.map((r) => [r.id, { ...r, amountMinor: BigInt(r.amount_minor) }]));
    const lines: MatchedLine[] = [];
    const paid: { id: string; on: string | null }[] = [];
    const returned: { id: string; on: string | null; reason: string; info: string | null }[] = [];
    const settled: SettledPayout[] = [];
    for (const tx of input.statement.transactions) {
      const transfer = tx.endToEndId ? (transfers.get(tx.endToEndId) ?? null) : null;
      const outcome = matchLine(tx, transfer);
      lines.push({
        entry: tx.entry,
        endToEndId: tx.endToEndId,
        amountMinor: tx.amountMinor === null ? null : String(tx.amountMinor),
        outcome,
        settlement: transfer?.number ?? null,
        reason: tx.returnReason,
        returnInfo: tx.returnInfo,
        bookingDate: tx.bookingDate,
      });
      if (!transfer || (outcome !== 'paid' && outcome !== 'returned')) continue;
      transfer.status = outcome; // a later line of the same statement sees it
      const event = {
        settlement: transfer.number,
        driverId: transfer.driver_id,
        driverName: transfer.driver_name,
        livemode: input.livemode,
        currency: transfer.currency,
        payable: String(transfer.payable_minor),
      };
      if (outcome === 'paid') {
        paid.push({ id: transfer.id, on: tx.bookingDate?.slice(0, 10) ?? null });
        settled.push({ ...event, status: 'paid', reason: null });
      } else {
        returned.push({ id: transfer.id, on: tx.bookingDate?.slice(0, 10) ?? null, reason: tx.returnReason!, info: tx.returnInfo });
        settled.push({ ...event, status: 'failed', reason: tx.returnReason });
      }
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
          input.statement.message,
          input.statement.messageId,
          input.sha256,
          lines.length,
          settled.length,
          lines.filter((l) => l.outcome === 'unmatched').length,
        ],
      );
    }
    return { id, duplicate: Boolean(existing), lines, settled };
  });
}
