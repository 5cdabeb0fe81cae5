import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { netOfGross } from '../domain/invoice-math';
import { commissionOn, settlementFigures, waitingPay, type SettlementLine } from '../domain/settlement';
import { taxRuleAt, type LineKind } from '../domain/tax-rules';
import { newId } from '../infra/ids';
import type { DriverTarget, IssuedSettlement, PeriodRef } from '../contracts/finance';
import { dbNow, insertRows, nextNumber } from './finance';
import { issueSelfBilledInvoice } from './self-billing';
import type { BillingDetails } from '../domain/billing-details';

/** Rides a period's settlements take: driven, ended before the period's end, recorded by its close, not yet settled. */
const OPEN_RIDES = `from billing_entries e
  where e.driver_id is not null and e.kind in ('fare', 'no_show_fee')
    and e.tax_point < ? and e.recorded_at <= coalesce((select closed_at from finance_periods where id = ?), now())
    and not exists (select 1 from settlement_lines l where l.entry_id = e.id and l.kind in ('ride', 'no_show'))`;

/** Fees and adjustments a period's settlements take: recorded by its close, not yet on a settlement. */
const OPEN_ADJUSTMENTS = `from settlement_adjustments a
  where a.created_at <= coalesce((select closed_at from finance_periods where id = ?), now())
    and not exists (select 1 from settlement_lines l where l.adjustment_id = a.id)`;

/** A fee or adjustment as recorded (`settlement_adjustments`). */
export interface SettlementAdjustmentRow {
  id: string;
  driver_id: string;
  livemode: boolean;
  currency: string;
  kind: 'fee' | 'adjustment';
  amount_minor: string;
  description: string;
  created_at: Date;
}

/** Records a fee or adjustment for a driver's next settlement in that currency and environment. */
export async function recordSettlementAdjustment(
  orm: MikroORM,
  a: {
    id: string;
    driverId: string;
    livemode: boolean;
    currency: string;
    kind: 'fee' | 'adjustment';
    amountMinor: number;
    description: string;
  },
): Promise<SettlementAdjustmentRow> {
  const [row] = await orm.em.fork().execute<SettlementAdjustmentRow[]>(
    `insert into settlement_adjustments (id, driver_id, livemode, currency, kind, amount_minor, description)
     values (?, ?, ?, ?, ?, ?, ?) returning *`,
    [a.id, a.driverId, a.livemode, a.currency, a.kind, String(a.amountMinor), a.description],
  );
  return row;
}

/** Settlements of periods ended before `end` still to pay (failed or pending): the next cycle submits them again. */
export async function unpaidSettlementsBefore(em: EntityManager, end: Date): Promise<number> {
  const [{ failed }] = await em.execute<{ failed: string }[]>(
    `select count(*) as failed from settlements s join finance_periods p on p.id = s.period_id where s.status in ('failed', 'pending', 'awaiting_rail', 'on_hold') and p.ends_at < ?`,
    [end],
  );
  return Number(failed);
}

/** Who the period settles: one target per driver, currency and environment (and those already settled: a re-run). */
export async function settlementTargets(orm: MikroORM, period: PeriodRef): Promise<DriverTarget[]> {
  const rows = await orm.em.fork().execute<{ driver_id: string; currency: string; livemode: boolean }[]>(
    `select e.driver_id, e.currency, e.livemode ${OPEN_RIDES}
     union
     select a.driver_id, a.currency, a.livemode ${OPEN_ADJUSTMENTS}
     union
     select driver_id, currency, livemode from settlements where period_id = ?
     order by 1, 2, 3`,
    [new Date(period.end), period.id, period.id, period.id],
  );
  return rows.map((r) => ({ driverId: r.driver_id, currency: r.currency, livemode: r.livemode }));
}

interface RideRow {
  id: string;
  booking_ref: string;
  kind: LineKind;
  gross_minor: string;
  jurisdiction: string;
  vehicle_class: string;
  tax_point: string;
  driver_name: string | null;
  waiting_minutes: number;
}

type DraftLine = SettlementLine & {
  entryId: string | null;
  adjustmentId: string | null;
  returnedFrom: string | null;
  ref: string | null;
  description: string;
};

/** What a driver's settlement would hold now (its lines and figures); null when the driver has nothing to settle. Reads only. */
export async function draftSettlement(em: EntityManager, period: PeriodRef, target: DriverTarget) {
  const rides = await em.execute<RideRow[]>(
    `select e.* ${OPEN_RIDES} and e.driver_id = ? and e.currency = ? and e.livemode = ? order by e.tax_point, e.id`,
    [new Date(period.end), period.id, target.driverId, target.currency, target.livemode],
  );
  const adjustments = await em.execute<{ id: string; kind: 'fee' | 'adjustment'; amount_minor: string; description: string }[]>(
    `select a.id, a.kind, a.amount_minor, a.description ${OPEN_ADJUSTMENTS} and a.driver_id = ? and a.currency = ? and a.livemode = ?
     order by a.created_at, a.id`,
    [period.id, target.driverId, target.currency, target.livemode],
  );
  if (!rides.length && !adjustments.length) return null;
  const lines: DraftLine[] = [];
  const line = (l: Omit<DraftLine, 'entryId' | 'adjustmentId' | 'returnedFrom'> & Partial<DraftLine>) =>
    lines.push({ entryId: null, adjustmentId: null, returnedFrom: null, ...l });
  for (const r of rides) {
    const rule = taxRuleAt({ jurisdiction: r.jurisdiction, kind: r.kind, vehicleClass: r.vehicle_class, at: new Date(r.tax_point) });
    const earned = netOfGross(BigInt(r.gross_minor), rule.ratePpm);
    const kind = r.kind === 'no_show_fee' ? 'no_show' : 'ride';
    line({
      kind,
      amount: earned,
      entryId: r.id,
      ref: r.booking_ref,
      description: `${kind === 'ride' ? 'Ride' : 'No-show'} ${r.booking_ref}`,
    });
    line({
      kind: 'commission',
      amount: -commissionOn(earned, r.jurisdiction),
      entryId: r.id,
      ref: r.booking_ref,
      description: `Platform commission ${r.jurisdiction}`,
    });
    if (r.waiting_minutes > 0)
      line({
        kind: 'waiting',
        amount: waitingPay(r.waiting_minutes, r.vehicle_class, target.currency),
        entryId: r.id,
        ref: r.booking_ref,
        description: `Waiting ${r.waiting_minutes} min past the free window, ${r.booking_ref}`,
      });
  }
  for (const a of adjustments)
    line({ kind: a.kind, amount: BigInt(a.amount_minor), adjustmentId: a.id, ref: null, description: a.description });
  const [carried] = await em.execute<{ id: string; number: string; carry_out_minor: string }[]>(
    `select s.id, s.number, s.carry_out_minor from settlements s
      where s.driver_id = ? and s.currency = ? and s.livemode = ? and s.carry_out_minor < 0
        and not exists (select 1 from settlements n where n.carried_from = s.id)
      order by s.created_at limit 1`,
    [target.driverId, target.currency, target.livemode],
  );
  if (carried)
    line({ kind: 'carry_over', amount: BigInt(carried.carry_out_minor), ref: null, description: `Balance carried from ${carried.number}` });
  // A payout the bank returned is not carried here: it is re-issued on its own (db/payout-reissue.ts), to an account
  // that can take it, in the next payout file. Settlements issued before kept their `returned_from` lines.
  const figures = settlementFigures(lines);

  return { rides, lines, carried, figures };
}

/**
 * Issues a driver's settlement for a period in one transaction: a line per ride (its net earnings) and the platform's
 * commission on each, the balance a previous settlement carried over, the figures (payable never negative), and the
 * next number of the ST series, and (given the company as `selfBillingBuyer`) its self-billed invoice. Issued once per
 * driver, period, currency and environment.
 */
export async function issueSettlement(
  orm: MikroORM,
  period: PeriodRef,
  target: DriverTarget,
  selfBillingBuyer?: BillingDetails,
): Promise<IssuedSettlement | null> {
  return orm.em.fork().transactional(async (em) => {
    const key = ['settlement', period.id, target.driverId, target.currency, target.livemode].join('|');
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    const existing = await findSettlement(em, period.id, target);
    if (existing) return existing;
    const draft = await draftSettlement(em, period, target);
    if (!draft) return null;
    const { rides, lines, carried, figures } = draft;
    const now = await dbNow(em);
    const number = await nextNumber(em, 'ST', target.livemode, now);
    const id = newId('stl');
    const driverName = rides.find((r) => r.driver_name)?.driver_name ?? target.driverId;
    const paidNothing = figures.payable === 0n;
    await em.execute(
      `insert into settlements (id, number, driver_id, driver_name, livemode, currency, period_id, earnings_minor, commission_minor,
         fees_minor, payable_minor, carry_out_minor, carried_from, status, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        number,
        target.driverId,
        driverName,
        target.livemode,
        target.currency,
        period.id,
        String(figures.earnings),
        String(figures.commission),
        String(figures.fees),
        String(figures.payable),
        String(figures.carryOut),
        carried?.id ?? null,
        // Nothing to pay (a balance carried forward) needs no transfer.
        paidNothing ? 'paid' : 'pending',
        paidNothing ? now : null,
      ],
    );
    await insertRows(
      em,
      'settlement_lines',
      ['settlement_id', 'position', 'entry_id', 'adjustment_id', 'returned_from', 'booking_ref', 'kind', 'description', 'amount_minor'],
      lines.map((l, i) => [id, i + 1, l.entryId, l.adjustmentId, l.returnedFrom, l.ref, l.kind, l.description, String(l.amount)]),
    );
    // Its self-billed invoice in the same transaction, when the chauffeur's identity is on file (else on first request).
    if (selfBillingBuyer) await issueSelfBilledInvoice(em, id, selfBillingBuyer);
    return { id, number, ...target, driverName, payable: String(figures.payable), status: paidNothing ? 'paid' : 'pending' };
  });
}

async function findSettlement(em: EntityManager, periodId: string, t: DriverTarget): Promise<IssuedSettlement | null> {
  const [row] = await em.execute<
    { id: string; number: string; driver_name: string; payable_minor: string; status: IssuedSettlement['status'] }[]
  >(
    'select id, number, driver_name, payable_minor, status from settlements where period_id = ? and driver_id = ? and currency = ? and livemode = ?',
    [periodId, t.driverId, t.currency, t.livemode],
  );
  return row
    ? { id: row.id, number: row.number, ...t, driverName: row.driver_name, payable: String(row.payable_minor), status: row.status }
    : null;
}

/** A settlement as the public API shows it, with its period's bounds (raw rows: timestamps as text). */
export interface SettlementRow {
  id: string;
  number: string;
  driver_id: string;
  driver_name: string;
  period_id: string;
  starts_at: string;
  ends_at: string;
  currency: string;
  earnings_minor: string;
  commission_minor: string;
  fees_minor: string;
  payable_minor: string;
  status: (typeof SETTLEMENT_STATUSES)[number];
  paid_at: string | null;
  held_until: string | null;
  failure_reason: string | null;
  livemode: boolean;
}

/** Where a settlement stands (docs/finance.md): `awaiting_rail` and `on_hold` wait with the payout provider. */
export const SETTLEMENT_STATUSES = ['pending', 'paid', 'failed', 'returned', 'awaiting_rail', 'on_hold'] as const;

/** Which settlements of an environment a list or an export reads. */
export interface SettlementFilter {
  livemode: boolean;
  periodId?: string;
  /** Periods starting at or after. */
  from?: Date;
  /** Periods starting before. */
  to?: Date;
  driverId?: string;
  status?: SettlementRow['status'];
}

const SETTLEMENT_ROW = 'select s.*, p.starts_at, p.ends_at from settlements s join finance_periods p on p.id = s.period_id';

function settlementWhere(f: SettlementFilter): { where: string[]; params: unknown[] } {
  const where = ['s.livemode = ?'];
  const params: unknown[] = [f.livemode];
  const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
  if (f.periodId) add('s.period_id = ?', f.periodId);
  if (f.from) add('p.starts_at >= ?', f.from);
  if (f.to) add('p.starts_at < ?', f.to);
  if (f.driverId) add('s.driver_id = ?', f.driverId);
  if (f.status) add('s.status = ?', f.status);
  return { where, params };
}

/** One page of settlements, newest first, after the id `before` when given. */
export async function readSettlements(
  orm: MikroORM,
  f: SettlementFilter,
  page: { before?: string; limit: number },
): Promise<SettlementRow[]> {
  const { where, params } = settlementWhere(f);
  if (page.before) {
    where.push('s.id < ?');
    params.push(page.before);
  }
  return orm.em
    .fork()
    .execute<SettlementRow[]>(`${SETTLEMENT_ROW} where ${where.join(' and ')} order by s.id desc limit ?`, [...params, page.limit]);
}

/** Settlements an export reads at a time. */
export const SETTLEMENT_EXPORT_PAGE = 500;

export interface SettlementExportLine {
  settlement_id: string;
  booking_ref: string | null;
  kind: string;
  description: string;
  amount_minor: string;
}

/**
 * One page of an export, newest first after the id `after`: up to SETTLEMENT_EXPORT_PAGE settlements and their line
 * items, settlement by settlement (newest first) in their order.
 */
export async function settlementExportPage(
  orm: MikroORM,
  f: SettlementFilter,
  after: string | null,
): Promise<{ settlements: SettlementRow[]; lines: SettlementExportLine[] }> {
  const { where, params } = settlementWhere(f);
  const settlements = await orm.em
    .fork()
    .execute<SettlementRow[]>(
      `${SETTLEMENT_ROW} where ${[...where, ...(after ? ['s.id < ?'] : [])].join(' and ')} order by s.id desc limit ${SETTLEMENT_EXPORT_PAGE}`,
      [...params, ...(after ? [after] : [])],
    );
  if (!settlements.length) return { settlements, lines: [] };
  const lines = await orm.em.fork().execute<SettlementExportLine[]>(
    `select settlement_id, booking_ref, kind, description, amount_minor from settlement_lines where settlement_id in (${settlements.map(() => '?').join(',')})
           order by settlement_id desc, position`,
    settlements.map((r) => r.id),
  );
  return { settlements, lines };
}

export interface SettlementLineRow {
  position: number;
  booking_ref: string | null;
  kind: SettlementLine['kind'];
  description: string;
  amount_minor: string;
}

/** A settlement of the environment by number with its line items in their order; null when there is none. */
export async function settlementWithLines(
  orm: MikroORM,
  number: string,
  livemode: boolean,
): Promise<{ settlement: SettlementRow; lines: SettlementLineRow[] } | null> {
  const em = orm.em.fork();
  const [settlement] = await em.execute<SettlementRow[]>(`${SETTLEMENT_ROW} where s.number = ? and s.livemode = ?`, [number, livemode]);
  if (!settlement) return null;
  const lines = await em.execute<SettlementLineRow[]>('select * from settlement_lines where settlement_id = ? order by position', [
    settlement.id,
  ]);
  return { settlement, lines };
}
