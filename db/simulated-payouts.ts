import type { MikroORM } from '@mikro-orm/postgresql';
import type { SimulatedPayoutStore } from '../infra/payouts/simulated';
import type { PayoutOutcome } from '../infra/payouts/provider';

/** The simulated payout provider's own record of transfers (`payout_transfers`, one row per key). */
export function simulatedPayoutStore(orm: MikroORM): SimulatedPayoutStore {
  return {
    async record(t, outcome) {
      await orm.em.fork().execute(
        `insert into payout_transfers (idempotency_key, settlement_id, amount_minor, currency, status, failure_reason)
           values (?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
        [t.key, t.settlementId, String(t.amountMinor), t.currency, outcome.status, outcome.reason],
      );
    },
    async outcomes(keys) {
      const rows = await orm.em
        .fork()
        .execute<{ idempotency_key: string; status: 'paid' | 'failed'; failure_reason: string | null }[]>(
          'select idempotency_key, status, failure_reason from payout_transfers where idempotency_key in (select jsonb_array_elements_text(?::jsonb))',
          [JSON.stringify(keys)],
        );
      return rows.map((r): PayoutOutcome => ({ key: r.idempotency_key, status: r.status, reason: r.failure_reason }));
    },
  };
}
