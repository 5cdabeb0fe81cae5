import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BillingDetails } from '../domain/billing-details';
import type { DocumentFiguresRow } from './finance';
import type { LineRide } from '../domain/invoice-lines';
import type { CardDetails, PaymentStatus, ThreeDsResult } from '../domain/payments';
import type { ProviderPayment } from '../infra/payments/provider';

/** A `payments` row as the hub keeps it (never a card number). */
export interface PaymentRow {
  id: string;
  invoice_id: string;
  invoice_number: string;
  account_id: string;
  livemode: boolean;
  amount_minor: string;
  currency: string;
  off_session: boolean;
  /** The payer asked to save the card: it becomes the account's mandate when this payment succeeds. */
  save_card: boolean;
  status: PaymentStatus;
  provider_payment_id: string | null;
  payment_method: string;
  method: CardDetails | null;
  three_ds: ThreeDsResult | null;
  challenge_url: string | null;
  reason: string | null;
  refunded_minor: string;
  created_at: Date;
  succeeded_at: Date | null;
  failed_at: Date | null;
  invoice_issued_at: Date;
}

const PAYMENT = `select p.*, d.issued_at as invoice_issued_at from payments p join finance_documents d on d.id = p.invoice_id`;

/** An invoice as a payment reads it: its figures and what its credit notes took off (`credited`). */
export interface InvoiceToPayRow extends DocumentFiguresRow {
  id: string;
  number: string;
  type: string;
  party_id: string;
  livemode: boolean;
  status: string;
  issued_at: Date;
  due_at: Date | null;
  /** The buyer as the invoice names it (its billing details at issue). */
  billing_details: (BillingDetails & { name?: string | null }) | null;
  credited: string;
}

export interface InvoiceLineRow {
  position: number;
  booking_ref: string | null;
  description: string;
  net_minor: string;
  ride: LineRide | null;
}

/** An invoice (never another document) with the sum of the credit notes against it; null when the id names none. */
export async function invoiceToPay(em: EntityManager, documentId: string): Promise<InvoiceToPayRow | null> {
  const [row] = await em.execute<InvoiceToPayRow[]>(
    `select d.*, coalesce((select sum(c.amount_due_minor) from finance_documents c where c.credits_document_id = d.id), 0) as credited
     from finance_documents d where d.id = ? and d.type = 'invoice'`,
    [documentId],
  );
  return row ?? null;
}

/** A document's lines in their order. */
export async function documentLines(em: EntityManager, documentId: string): Promise<InvoiceLineRow[]> {
  return em.execute<InvoiceLineRow[]>(
    'select position, booking_ref, description, net_minor, ride from finance_document_lines where document_id = ? order by position',
    [documentId],
  );
}

/** The invoice's payment under way or last made (the newest), or null when it has none. */
export async function latestPaymentOfInvoice(em: EntityManager, invoiceId: string): Promise<PaymentRow | null> {
  const [latest] = await em.execute<{ id: string }[]>('select id from payments where invoice_id = ? order by id desc limit 1', [invoiceId]);
  return latest ? findPayment(em, latest.id) : null;
}

/**
 * Records a card payment of an invoice, `processing` until the provider answers. One payment under way per invoice: a
 * second one fails with the unique index's `UniqueConstraintViolationException`.
 */
export async function recordCardPayment(
  em: EntityManager,
  p: {
    id: string;
    invoiceId: string;
    invoiceNumber: string;
    accountId: string;
    livemode: boolean;
    amountMinor: number;
    currency: string;
    paymentMethod: string;
    card: CardDetails;
    saveCard: boolean;
  },
): Promise<void> {
  await em.execute(
    `insert into payments (id, invoice_id, invoice_number, account_id, livemode, amount_minor, currency, status, payment_method, method, save_card)
     values (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?::jsonb, ?)`,
    [
      p.id,
      p.invoiceId,
      p.invoiceNumber,
      p.accountId,
      p.livemode,
      p.amountMinor,
      p.currency,
      p.paymentMethod,
      JSON.stringify(p.card),
      p.saveCard,
    ],
  );
}

/** The provider made the payment and has not confirmed it yet: its id is kept first, so a retry finds it. */
export async function recordProviderPaymentId(em: EntityManager, paymentId: string, providerPaymentId: string): Promise<void> {
  await em.execute('update payments set provider_payment_id = ? where id = ? and provider_payment_id is null', [
    providerPaymentId,
    paymentId,
  ]);
}

/** Makes a card the account's mandate for off-session payments in its environment (replacing the one before). */
export async function saveMandate(
  em: EntityManager,
  m: { accountId: string; livemode: boolean; paymentMethod: string; card: CardDetails },
): Promise<void> {
  await em.execute(
    `insert into payment_mandates (account_id, livemode, payment_method, method) values (?, ?, ?, ?::jsonb)
     on conflict (account_id, livemode) do update set payment_method = excluded.payment_method, method = excluded.method, accepted_at = clock_timestamp()`,
    [m.accountId, m.livemode, m.paymentMethod, JSON.stringify(m.card)],
  );
}

/** The hub's id of the payment the provider knows by `providerPaymentId`, or null. */
export async function paymentIdOfProviderPayment(em: EntityManager, providerPaymentId: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>('select id from payments where provider_payment_id = ?', [providerPaymentId]);
  return row?.id ?? null;
}

/** A refund of the payment that was asked of the provider but not yet recorded as answered, or null. */
export async function pendingRefund(em: EntityManager, paymentId: string): Promise<{ id: string; amountMinor: number } | null> {
  const [row] = await em.execute<{ id: string; amount_minor: string }[]>(
    `select id, amount_minor from payment_refunds where payment_id = ? and status = 'pending'`,
    [paymentId],
  );
  return row ? { id: row.id, amountMinor: Number(row.amount_minor) } : null;
}

/** How many refunds of the payment were ever recorded (whatever became of them). */
export async function countRefunds(em: EntityManager, paymentId: string): Promise<number> {
  const [{ n }] = await em.execute<{ n: string }[]>('select count(*) as n from payment_refunds where payment_id = ?', [paymentId]);
  return Number(n);
}

/** Records a refund about to be asked of the provider (`pending`), under its provider key. */
export async function recordPendingRefund(
  em: EntityManager,
  r: { id: string; paymentId: string; amountMinor: number; reason: string },
): Promise<void> {
  await em.execute(`insert into payment_refunds (id, payment_id, amount_minor, reason, status) values (?, ?, ?, ?, 'pending')`, [
    r.id,
    r.paymentId,
    r.amountMinor,
    r.reason,
  ]);
}

/** The provider refused the refund. */
export async function markRefundFailed(em: EntityManager, refundId: string): Promise<void> {
  await em.execute(`update payment_refunds set status = 'failed' where id = ?`, [refundId]);
}

/**
 * The provider made the refund and its credit note is numbered: the refund records both, and the payment adds the
 * amount to what it refunded. Runs in the caller's transaction (the one that issues the credit note).
 */
export async function markRefundSucceeded(
  em: EntityManager,
  r: { refundId: string; paymentId: string; amountMinor: number; providerRefundId: string; creditNoteNumber: string },
): Promise<void> {
  await em.execute(`update payment_refunds set status = 'succeeded', provider_refund_id = ?, credit_note_number = ? where id = ?`, [
    r.providerRefundId,
    r.creditNoteNumber,
    r.refundId,
  ]);
  await em.execute('update payments set refunded_minor = refunded_minor + ? where id = ?', [r.amountMinor, r.paymentId]);
}

export async function findPayment(em: EntityManager, id: string): Promise<PaymentRow | null> {
  const [row] = await em.execute<PaymentRow[]>(`${PAYMENT} where p.id = ?`, [id]);
  return row ?? null;
}

/**
 * Records what the provider says of a payment, in one transaction: its status, card, 3-D Secure result and reason, and
 * for a success the invoice `paid`. A final payment never changes again, so a late or repeated answer changes nothing.
 */
export async function recordProviderPayment(orm: MikroORM, paymentId: string, p: ProviderPayment): Promise<PaymentRow> {
  return orm.em.fork().transactional(async (em) => {
    const [before] = await em.execute<{ status: PaymentStatus }[]>('select status from payments where id = ? for update', [paymentId]);
    if (before?.status === 'succeeded' || before?.status === 'failed') return (await findPayment(em, paymentId))!;
    const status: PaymentStatus = p.status;
    await em.execute(
      `update payments set status = ?, provider_payment_id = ?, method = ?::jsonb, three_ds = ?::jsonb, challenge_url = ?, reason = ?,
         succeeded_at = case when ? = 'succeeded' then clock_timestamp() end, failed_at = case when ? = 'failed' then clock_timestamp() end
       where id = ? and status in ('processing', 'requires_action')`,
      [
        status,
        p.id,
        JSON.stringify(p.method),
        p.threeDs ? JSON.stringify(p.threeDs) : null,
        p.challengeUrl,
        status === 'failed' ? p.declineCode : null,
        status,
        status,
        paymentId,
      ],
    );
    const row = (await findPayment(em, paymentId))!;
    if (row.status === 'succeeded') {
      await em.execute(`update finance_documents set status = 'paid' where id = ? and status = 'open'`, [row.invoice_id]);
      // The authentication that paid also set the card up for off-session use (setup_future_usage): now it is a mandate.
      if (row.save_card)
        await saveMandate(em, { accountId: row.account_id, livemode: row.livemode, paymentMethod: row.payment_method, card: p.method });
    }
    return row;
  });
}

/** An account's saved card for off-session payments, per environment (null when none). */
export async function findMandate(em: EntityManager, accountId: string, livemode: boolean) {
  const [row] = await em.execute<{ payment_method: string; method: CardDetails }[]>(
    'select payment_method, method from payment_mandates where account_id = ? and livemode = ?',
    [accountId, livemode],
  );
  return row ?? null;
}

/**
 * The cycle's off-session collections: a payment of each given open invoice whose account has a saved card in its
 * environment, once per invoice ever (a unique index): a re-run finds the same payments. Returns their ids.
 */
export async function prepareCollections(em: EntityManager, invoiceIds: string[], newPaymentId: () => string): Promise<string[]> {
  if (!invoiceIds.length) return [];
  const list = invoiceIds.map(() => '?').join(', ');
  const candidates = await em.execute<{ id: string }[]>(
    `select d.id from finance_documents d join payment_mandates m on m.account_id = d.party_id and m.livemode = d.livemode
     where d.id in (${list}) and d.type = 'invoice' and d.status = 'open' and d.party_kind = 'account' order by d.id`,
    invoiceIds,
  );
  for (const { id } of candidates) {
    await em.execute(
      `insert into payments (id, invoice_id, invoice_number, account_id, livemode, amount_minor, currency, off_session, status, payment_method, method)
       select ?, d.id, d.number, d.party_id, d.livemode, d.amount_due_minor, d.currency, true, 'processing', m.payment_method, m.method
       from finance_documents d join payment_mandates m on m.account_id = d.party_id and m.livemode = d.livemode where d.id = ?
       on conflict do nothing`,
      [newPaymentId(), id],
    );
  }
  const rows = await em.execute<{ id: string }[]>(
    `select id from payments where off_session and invoice_id in (${list}) order by id`,
    invoiceIds,
  );
  return rows.map((r) => r.id);
}

/** Which payments a list reads: an environment's, of one account or every account's, filtered, newest first. */
export interface PaymentListQuery {
  livemode: boolean;
  /** Only this account's (a corporate key); absent: every account's (an operator's). */
  accountId?: string;
  status?: PaymentStatus;
  invoiceNumber?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  /** The last payment id of the previous page. */
  before?: string;
  limit: number;
}

/** One page of payments, newest first (the rows without `invoice_issued_at`). */
export async function readPayments(orm: MikroORM, q: PaymentListQuery): Promise<Omit<PaymentRow, 'invoice_issued_at'>[]> {
  const where = ['p.livemode = ?'];
  const params: unknown[] = [q.livemode];
  const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
  if (q.accountId !== undefined) add('p.account_id = ?', q.accountId);
  if (q.status) add('p.status = ?', q.status);
  if (q.invoiceNumber) add('p.invoice_number = ?', q.invoiceNumber);
  if (q.from) add('p.created_at >= ?', q.from);
  if (q.to) add('p.created_at < ?', q.to);
  if (q.before) add('p.id < ?', q.before);
  return orm.em
    .fork()
    .execute<PaymentRow[]>(`select p.* from payments p where ${where.join(' and ')} order by p.id desc limit ?`, [...params, q.limit]);
}
