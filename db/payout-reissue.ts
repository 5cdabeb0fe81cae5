import { createHmac } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isSandboxDriver, sandboxTestIban } from '../domain/bank-accounts';
import { reissueVerdict, type ReissueVerdict } from '../domain/payout-reissue';
import { payoutHeld } from '../domain/payout-rails';
import { SEPA_CURRENCY } from '../domain/sepa';
import { bankAccountsOf } from './bank-accounts';
import { dbNow } from './finance';

/**
 * The fingerprint of an account a transfer went to: an HMAC of the IBAN under the hub's key, so a returned payout's
 * account can be recognised without keeping the IBAN in clear. One per key of the ring (a rotated key still matches).
 */
export function ibanFingerprints(iban: string, keys: Buffer | readonly Buffer[]): string[] {
  const ring = Buffer.isBuffer(keys) ? [keys] : [...keys];
  return ring.map((k) => createHmac('sha256', k).update(`payout-account:${iban}`).digest('hex').slice(0, 32));
}

interface ReturnedRow {
  settlement_id: string;
  number: string;
  livemode: boolean;
  driver_id: string;
  driver_name: string;
  payable_minor: string;
  payout_attempts: number;
  transfer_id: string;
  fingerprint: string | null;
  reason: string | null;
  changed_since_return: boolean;
}

/** A returned payout and whether it goes out again now. */
export interface ReissueCandidate {
  payoutId: string;
  settlement: string;
  livemode: boolean;
  verdict: ReissueVerdict;
  /** The payout id it goes out under (`<settlement>:<next attempt>`), when due. */
  nextPayoutId: string | null;
  amountMinor: bigint;
}

/**
 * The returned EUR payouts of settlements still `returned` (not carried into a later settlement before re-issues
 * existed), each with its verdict: every one (`payoutId` absent) or the one named. Locks the settlements.
 */
async function returnedPayouts(
  em: EntityManager,
  keys: Buffer | readonly Buffer[],
  q: { payoutId?: string; livemode?: boolean; explicit: boolean },
): Promise<ReissueCandidate[]> {
  const rows = await em.execute<ReturnedRow[]>(
    `select s.id as settlement_id, s.number, s.livemode, s.driver_id, s.driver_name, s.payable_minor, s.payout_attempts, t.id as transfer_id,
            t.creditor_fingerprint as fingerprint, t.return_reason as reason,
            coalesce(a.updated_at > coalesce(t.returned_at, t.returned_on::timestamptz), false) as changed_since_return
       from settlements s join bank_transfers t on t.id = s.payout_key
       left join driver_bank_accounts a on a.driver_id = s.driver_id
      where s.status = 'returned' and t.status = 'returned' and s.currency = ?
        and not exists (select 1 from settlement_lines l where l.returned_from = s.id)
        ${q.payoutId ? 'and t.id = ?' : ''} ${q.livemode === undefined ? '' : 'and s.livemode = ?'}
      order by s.number
      for update of s`,
    [SEPA_CURRENCY, ...(q.payoutId ? [q.payoutId] : []), ...(q.livemode === undefined ? [] : [q.livemode])],
  );
  const accounts = await bankAccountsOf(em, keys, [...new Set(rows.map((r) => r.driver_id))]);
  const now = await dbNow(em);
  return rows.map((r) => {
    const account = accounts.get(r.driver_id);
    const iban = account?.iban ?? (isSandboxDriver(r.driver_id) && !r.livemode ? sandboxTestIban(r.driver_id) : null);
    const verdict = reissueVerdict({
      reason: r.reason,
      hasAccount: iban !== null,
      sameAccount: iban === null || r.fingerprint === null ? null : ibanFingerprints(iban, keys).includes(r.fingerprint),
      changedSinceReturn: r.changed_since_return,
      explicit: q.explicit,
      accountOnHold: payoutHeld(account?.holdUntil ?? null, now),
    });
    return {
      payoutId: r.transfer_id,
      settlement: r.number,
      livemode: r.livemode,
      verdict,
      nextPayoutId: verdict === 'due' ? `${r.number}:${r.payout_attempts + 1}` : null,
      amountMinor: BigInt(r.payable_minor),
    };
  });
}

/**
 * Re-issues the returned payouts that are due (or the one ops name, `explicit`): each settlement goes back to
 * `pending` under its next attempt's payout id, with who asked and why, so the payout file written in the same
 * transaction carries it. The settlement itself never changes otherwise. Answers every candidate with its verdict.
 */
export async function reissueReturned(
  em: EntityManager,
  keys: Buffer | readonly Buffer[],
  q: { payoutId?: string; livemode?: boolean; explicit: boolean; by: string | null; note: string | null },
): Promise<ReissueCandidate[]> {
  const candidates = await returnedPayouts(em, keys, q);
  const due = candidates.filter((c) => c.verdict === 'due');
  if (due.length) {
    await em.execute(
      `update settlements s set status = 'pending', payout_attempts = payout_attempts + 1, payout_key = u.next, failure_reason = null,
              reissue_requested_by = ?, reissue_note = ?
         from jsonb_to_recordset(?::jsonb) as u(payout text, next text)
        where s.payout_key = u.payout and s.status = 'returned'`,
      [q.by, q.note, JSON.stringify(due.map((c) => ({ payout: c.payoutId, next: c.nextPayoutId })))],
    );
  }
  return candidates;
}

/** Where an earlier payout of the same settlement was returned, the new transfer names it (`reissue_of`). */
export async function linkReissues(em: EntityManager, fileId: string): Promise<void> {
  await em.execute(
    `update bank_transfers t set reissue_of = (select p.id from bank_transfers p where p.settlement_id = t.settlement_id and p.id <> t.id
                                                 and p.status = 'returned' order by p.created_at desc limit 1)
      where t.file_id = ?`,
    [fileId],
  );
}

/** The payout a returned one was re-issued as (its settlement's current payout id); null when it was not re-issued. */
export async function findReissue(orm: MikroORM, payoutId: string): Promise<{ id: string; settlement: string; livemode: boolean } | null> {
  const [row] = await orm.em.fork().execute<{ id: string; settlement: string; livemode: boolean }[]>(
    `select s.payout_key as id, s.number as settlement, s.livemode from bank_transfers t join settlements s on s.id = t.settlement_id
      where t.id = ? and t.status = 'returned' and s.payout_key <> t.id`,
    [payoutId],
  );
  return row ?? null;
}
