import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutOutcome, PayoutTransfer } from '../infra/payouts/provider';
import type { PayoutResult, PeriodRef } from '../contracts/finance';

interface PendingRow {
  id: string;
  number: string;
  driver_id: string;
  payable_minor: string;
  currency: string;
  payout_key: string;
  livemode: boolean;
}

/**
 * The transfers a period's payout step submits, each with its idempotency key, in one transaction: this period's
 * pending settlements (key `<number>:1`), and settlements of earlier periods whose payout failed (the next attempt's
 * key). A key is written before anything is submitted, so a retried step submits the same keys again, never new ones.
 */
export async function preparePayouts(orm: MikroORM, period: PeriodRef): Promise<PayoutTransfer[]> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(
      `update settlements s set status = 'pending', payout_attempts = payout_attempts + 1, failure_reason = null,
              payout_key = s.number || ':' || (payout_attempts + 1)
        from finance_periods p
        where p.id = s.period_id and s.status = 'failed' and p.ends_at < ?`,
      [new Date(period.end)],
    );
    await em.execute(
      `update settlements set payout_attempts = 1, payout_key = number || ':1' where period_id = ? and status = 'pending' and payout_key is null`,
      [period.id],
    );
    const rows = await em.execute<PendingRow[]>(
      `select s.id, s.number, s.driver_id, s.payable_minor, s.currency, s.payout_key, s.livemode from settlements s
        where s.status in ('pending', ${WAITING.map((w) => `'${w}'`).join(', ')}) and s.payout_key is not null order by s.number`,
      [],
    );
    return rows.map((r) => ({
      key: r.payout_key,
      settlementId: r.id,
      driverId: r.driver_id,
      amountMinor: BigInt(r.payable_minor),
      currency: r.currency,
      livemode: r.livemode,
    }));
  });
}

/** Settlement states of a payout that waits with the provider and is submitted again by every run until it moves. */
const WAITING = ['awaiting_rail', 'on_hold'] as const;

/** Records the provider's outcomes on the settlements still waiting for them; answers those it changed. */
export async function recordPayoutOutcomes(orm: MikroORM, outcomes: PayoutOutcome[]): Promise<PayoutResult[]> {
  const results: PayoutResult[] = [];
  const em = orm.em.fork();
  for (const o of outcomes) {
    type Row = { number: string; driver_id: string; driver_name: string; livemode: boolean; currency: string; payable_minor: string };
    // Paid or failed is final; awaiting a rail or on hold is the settlement's state until the provider moves it (with
    // the release time of a hold); submitted to a bank or waiting, the settlement is pending and the cycle reports why.
    const final = o.status === 'paid' || o.status === 'failed';
    const state = final || (WAITING as readonly string[]).includes(o.status) ? o.status : 'pending';
    const [row] = await em.execute<Row[]>(
      `update settlements set status = ?, paid_at = case when ? = 'paid' then now() end,
              failure_reason = case when ? then ? end, held_until = case when ? = 'on_hold' then ?::timestamptz end
        where payout_key = ? and status in ('pending', 'awaiting_rail', 'on_hold')
        returning number, driver_id, driver_name, livemode, currency, payable_minor`,
      [state, o.status, final, o.reason, o.status, o.status === 'on_hold' ? o.reason : null, o.key],
    );
    if (row) {
      results.push({
        settlement: row.number,
        driverId: row.driver_id,
        driverName: row.driver_name,
        livemode: row.livemode,
        currency: row.currency,
        payable: String(row.payable_minor),
        status: o.status,
        reason: o.reason,
      });
    }
  }
  return results;
}

/** Live settlements whose payout waits for a rail that carries their currency (`hub_payouts_awaiting_rail`). */
export async function awaitingRailCount(orm: MikroORM): Promise<number> {
  const [row] = await orm.em
    .fork()
    .execute<{ n: number }[]>("select count(*)::int as n from settlements where status = 'awaiting_rail' and livemode");
  return row!.n;
}
