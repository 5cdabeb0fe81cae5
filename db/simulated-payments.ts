import type { MikroORM } from '@mikro-orm/postgresql';
import type { SimulatedPaymentRow, SimulatedPaymentStore } from '../infra/payments/simulated';

const PAYMENT = `select p.*, m.card, m.behaviour from psp_sim_payments p join psp_sim_methods m on m.id = p.method_id`;

type RefundRow = {
  id: string;
  idempotency_key: string;
  amount_minor: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
};

/** The simulated payment provider's books (`psp_sim_*`): its card tokens, payments and refunds, each on a fresh fork. */
export function simulatedPaymentStore(orm: MikroORM): SimulatedPaymentStore {
  const run = <T>(query: string, params: unknown[]) => orm.em.fork().execute<T[]>(query, params);
  return {
    async addMethod(m) {
      await run('insert into psp_sim_methods (id, behaviour, card) values (?, ?, ?::jsonb)', [m.id, m.behaviour, JSON.stringify(m.card)]);
    },
    async method(id) {
      const [row] = await run<{
        behaviour: SimulatedPaymentRow['behaviour'];
        card: SimulatedPaymentRow['card'];
        set_up_off_session: boolean;
      }>('select behaviour, card, set_up_off_session from psp_sim_methods where id = ?', [id]);
      return row ? { behaviour: row.behaviour, card: row.card, setUpOffSession: row.set_up_off_session } : null;
    },
    async payment(by) {
      const [row] = await run<SimulatedPaymentRow>('id' in by ? `${PAYMENT} where p.id = ?` : `${PAYMENT} where p.idempotency_key = ?`, [
        'id' in by ? by.id : by.idempotencyKey,
      ]);
      return row ?? null;
    },
    async addPayment(p) {
      await run(
        `insert into psp_sim_payments (id, idempotency_key, method_id, amount_minor, currency, off_session, setup_future_usage, status, flow, trans_status, eci, decline_code)
         values (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, null) on conflict (idempotency_key) do nothing`,
        [p.id, p.idempotencyKey, p.methodId, p.amountMinor, p.currency, p.offSession, p.setupFutureUsage, p.flow, p.transStatus, p.eci],
      );
    },
    async settle(id, from, next) {
      await run(
        `update psp_sim_payments set status = ?, trans_status = coalesce(?, trans_status), eci = coalesce(?, eci), decline_code = ?
          where id = ? and status = ?`,
        [next.status, next.transStatus ?? null, next.eci ?? null, next.declineCode, id, from],
      );
      await run(
        `update psp_sim_methods m set set_up_off_session = true from psp_sim_payments p
          where p.id = ? and p.method_id = m.id and p.status = 'succeeded' and p.setup_future_usage`,
        [id],
      );
    },
    async refundable(paymentId, idempotencyKey) {
      const [row] = await run<{ status: string; amount_minor: string; refunded: string }>(
        `select p.status, p.amount_minor, coalesce((select sum(r.amount_minor) from psp_sim_refunds r where r.payment_id = p.id and r.idempotency_key <> ? and r.status <> 'failed'), 0) as refunded
         from psp_sim_payments p where p.id = ?`,
        [idempotencyKey, paymentId],
      );
      return row ? { status: row.status, amountMinor: Number(row.amount_minor), refundedMinor: Number(row.refunded) } : null;
    },
    async addRefund(r) {
      await run(
        'insert into psp_sim_refunds (id, idempotency_key, payment_id, amount_minor) values (?, ?, ?, ?) on conflict (idempotency_key) do nothing',
        [r.id, r.idempotencyKey, r.paymentId, r.amountMinor],
      );
      const [refund] = await run<{ id: string }>('select id from psp_sim_refunds where idempotency_key = ?', [r.idempotencyKey]);
      return refund!.id;
    },
    async failRefund(refundId, reason) {
      await run(`update psp_sim_refunds set status = 'failed', failure_reason = ? where id = ?`, [reason, refundId]);
    },
    async refunds(paymentId) {
      const rows = await run<RefundRow>(
        'select id, idempotency_key, amount_minor, status, failure_reason from psp_sim_refunds where payment_id = ? order by created_at, id',
        [paymentId],
      );
      return rows.map((r) => ({
        id: r.id,
        idempotencyKey: r.idempotency_key,
        amountMinor: Number(r.amount_minor),
        status: r.status,
        failureReason: r.failure_reason,
      }));
    },
  };
}
