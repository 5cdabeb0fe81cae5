import type { EntityManager } from '@mikro-orm/postgresql';

/** A dispute (chargeback) of a payment as the hub keeps it. */
export interface DisputeRow {
  id: string;
  payment_id: string;
  amount_minor: string;
  currency: string;
  reason: string;
  status: string;
  credit_note_number: string | null;
  closed_at: Date | null;
}

export async function findDispute(em: EntityManager, id: string): Promise<DisputeRow | null> {
  const [row] = await em.execute<DisputeRow[]>('select * from payment_disputes where id = ?', [id]);
  return row ?? null;
}

/**
 * Records an open dispute as the provider now reports it (a new one, or its new status); a closed dispute never changes
 * again, so a late update changes nothing. True when the dispute is new to the hub.
 */
export async function recordOpenDispute(
  em: EntityManager,
  d: { id: string; paymentId: string; amountMinor: number; currency: string; reason: string; status: string },
): Promise<boolean> {
  const rows = await em.execute<{ inserted: boolean }[]>(
    `insert into payment_disputes (id, payment_id, amount_minor, currency, reason, status) values (?, ?, ?, ?, ?, ?)
     on conflict (id) do update set status = excluded.status, amount_minor = excluded.amount_minor, reason = excluded.reason,
       updated_at = clock_timestamp() where payment_disputes.closed_at is null
     returning (xmax = 0) as inserted`,
    [d.id, d.paymentId, d.amountMinor, d.currency, d.reason, d.status],
  );
  return rows[0]?.inserted === true;
}

/** Closes a dispute with its final status (and the credit note of a lost one); false when it was closed already. */
export async function closeDispute(em: EntityManager, id: string, status: string, creditNote: string | null): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update payment_disputes set status = ?, credit_note_number = ?, closed_at = clock_timestamp(), updated_at = clock_timestamp()
     where id = ? and closed_at is null returning id`,
    [status, creditNote, id],
  );
  return rows.length === 1;
}

/** The paid invoice of a disputed payment becomes `disputed` (its document never changes: only its status). */
export async function markInvoiceDisputed(em: EntityManager, invoiceId: string): Promise<void> {
  await em.execute(`update finance_documents set status = 'disputed' where id = ? and status = 'paid'`, [invoiceId]);
}

/** A disputed invoice is `paid` again once none of its payments' disputes is open. */
export async function markInvoicePaidUnlessDisputed(em: EntityManager, invoiceId: string): Promise<void> {
  await em.execute(
    `update finance_documents set status = 'paid' where id = ? and status = 'disputed' and not exists (
       select 1 from payment_disputes d join payments p on p.id = d.payment_id where p.invoice_id = ? and d.closed_at is null)`,
    [invoiceId, invoiceId],
  );
}
