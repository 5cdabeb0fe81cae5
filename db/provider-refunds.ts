import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Refunds as the provider reports them after the fact: one the hub asked for that failed later, and one made without
 * the hub (in the provider's dashboard). The hub's own refunds are written by db/payments.ts.
 */
export interface RecordedRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount_minor: string;
  credit_note_number: string | null;
  reason: string;
}

/** The hub's record of a provider refund: by the provider's id, or by the hub's own key it carries. */
export async function recordedRefund(em: EntityManager, providerRefundId: string, hubKey: string | null): Promise<RecordedRefund | null> {
  const [row] = await em.execute<RecordedRefund[]>(
    'select id, status, amount_minor, credit_note_number, reason from payment_refunds where provider_refund_id = ? or id = ? limit 1',
    [providerRefundId, hubKey ?? ''],
  );
  return row ?? null;
}

/**
 * A refund that had succeeded failed at the provider afterwards: its credit note (which stays issued), or null when it
 * was known to have failed already.
 */
export async function markRefundFailedLater(
  em: EntityManager,
  refundId: string,
  reason: string | null,
): Promise<{ creditNote: string | null } | null> {
  const [row] = await em.execute<{ credit_note_number: string | null }[]>(
    `update payment_refunds set status = 'failed', failure_reason = ?, failed_at = clock_timestamp()
     where id = ? and status = 'succeeded' returning credit_note_number`,
    [reason ?? 'unknown', refundId],
  );
  return row ? { creditNote: row.credit_note_number } : null;
}

/**
 * What the payment's credit notes promised back and no refund paid out: the refunds that failed after their credit
 * note was issued. A refund made later in the dashboard pays this first, with no new credit note.
 */
export async function creditOwed(em: EntityManager, paymentId: string): Promise<number> {
  const [row] = await em.execute<{ owed: string }[]>(
    `select p.refunded_minor - coalesce((select sum(r.amount_minor) from payment_refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0) as owed
     from payments p where p.id = ?`,
    [paymentId],
  );
  return Math.max(0, Number(row?.owed ?? 0));
}

/**
 * Records a refund the provider made without the hub (`origin = provider`, unique by its provider id: a second
 * delivery fails on the index and its transaction, credit note included, is rolled back), and adds the part a new credit
 * note carries to what the payment refunded. Runs in the credit note's transaction when there is one.
 */
export async function recordProviderRefund(
  em: EntityManager,
  r: { paymentId: string; providerRefundId: string; amountMinor: number; creditedMinor: number; creditNoteNumber: string | null },
): Promise<void> {
  await em.execute(
    `insert into payment_refunds (id, payment_id, amount_minor, reason, status, provider_refund_id, credit_note_number, origin)
     values (?, ?, ?, 'refund', 'succeeded', ?, ?, 'provider')`,
    [`${r.paymentId}:${r.providerRefundId}`, r.paymentId, r.amountMinor, r.providerRefundId, r.creditNoteNumber],
  );
  if (r.creditedMinor > 0)
    await em.execute('update payments set refunded_minor = refunded_minor + ? where id = ?', [r.creditedMinor, r.paymentId]);
}
