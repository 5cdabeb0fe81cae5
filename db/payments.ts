import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { CardDetails, PaymentStatus, ThreeDsResult } from '../domain/payments';
import type { ProviderPayment } from '../infra/payment-provider';

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
    if (row.status === 'succeeded')
      await em.execute(`update finance_documents set status = 'paid' where id = ? and status = 'open'`, [row.invoice_id]);
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
