import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleSpec } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { billingTargets, closedPeriods, dbNow, draftInvoice } from '../db/finance';
import { draftSettlement, settlementTargets, unpaidSettlementsBefore } from '../db/settlements';
import { BOOKINGS_TASK_QUEUE } from '../contracts/booking';
import { BACKGROUND_PRIORITY } from '../contracts/task-queues';
import { FINANCE_SCHEDULE_ID, settlementCycleWorkflowId, type CycleSummary, type SettlementCycleInput } from '../contracts/finance';
import { parsePeriodSpec, periodById, recentPeriods, type FinancePeriod, type PeriodSpec } from '../domain/finance-periods';

/** Runs a few seconds after each period's end, so the database's clock has passed it too. */
const AFTER_END_SECONDS = 5;

function scheduleSpec(spec: PeriodSpec): ScheduleSpec {
  const at = { hour: 0, minute: 0, second: AFTER_END_SECONDS };
  switch (spec.unit) {
    case 'month':
      return { calendars: [{ ...at, dayOfMonth: 1 }] };
    case 'week':
      return { calendars: [{ ...at, dayOfWeek: 'MONDAY' }] };
    case 'day':
      return { calendars: [at] };
    case 'duration':
      return { intervals: [{ every: spec.ms, offset: AFTER_END_SECONDS * 1000 }] };
  }
}

/**
 * The Temporal Schedule `finance-cycle`: at each period's end it starts the settlement cycle of the period that just
 * ended. Every API start (and `npm start`) creates it, or brings it to the configured FINANCE_PERIOD; a cycle still
 * running when the next is due makes that one wait (buffer), never run twice at once.
 */
export async function ensureFinanceSchedule(temporal: Client, financePeriod: string): Promise<void> {
  const spec = scheduleSpec(parsePeriodSpec(financePeriod));
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'settlementCycleWorkflow',
    workflowId: FINANCE_SCHEDULE_ID,
    taskQueue: BOOKINGS_TASK_QUEUE,
    priority: BACKGROUND_PRIORITY,
    args: [{ periodSpec: financePeriod } satisfies SettlementCycleInput],
  };
  try {
    await temporal.schedule.create({
      scheduleId: FINANCE_SCHEDULE_ID,
      spec,
      action,
      policies: { overlap: ScheduleOverlapPolicy.BUFFER_ONE },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.schedule.getHandle(FINANCE_SCHEDULE_ID).update((previous) => ({ ...previous, spec, action }));
  }
}

export class FinanceRefusal extends Error {}

/** The period an id names under FINANCE_PERIOD, or a refusal saying what a valid id looks like. */
export function financePeriod(financePeriodSpec: string, id: string): FinancePeriod {
  const period = periodById(parsePeriodSpec(financePeriodSpec), id);
  if (!period)
    throw new FinanceRefusal(
      `${JSON.stringify(id)} is not a period of FINANCE_PERIOD=${financePeriodSpec} (e.g. ${recentPeriods(parsePeriodSpec(financePeriodSpec), new Date(), 1)[0].id})`,
    );
  return period;
}

/** The period an id names, refused unless it has ended by the database's clock. */
async function endedPeriod(orm: MikroORM, financePeriodSpec: string, id: string): Promise<FinancePeriod> {
  const period = financePeriod(financePeriodSpec, id);
  if ((await dbNow(orm.em.fork())) < period.end)
    throw new FinanceRefusal(`period ${id} has not ended (it ends ${period.end.toISOString()})`);
  return period;
}

/** Starts or re-runs a period's cycle and waits for its summary; a period that has not ended is refused. */
export async function runSettlementCycle(temporal: Client, orm: MikroORM, financePeriodSpec: string, id: string): Promise<CycleSummary> {
  const period = await endedPeriod(orm, financePeriodSpec, id);
  return temporal.workflow.execute('settlementCycleWorkflow', {
    workflowId: settlementCycleWorkflowId(id),
    taskQueue: BOOKINGS_TASK_QUEUE,
    priority: BACKGROUND_PRIORITY,
    args: [{ period: { id, start: period.start.toISOString(), end: period.end.toISOString() } } satisfies SettlementCycleInput],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
}

export interface PeriodStatus {
  id: string;
  start: string;
  end: string;
  closedAt: string | null;
  invoices: number;
}

/** The last `n` ended periods, newest first, with whether the cycle closed them and how many invoices they hold. */
export async function listFinancePeriods(orm: MikroORM, financePeriodSpec: string, n = 12): Promise<PeriodStatus[]> {
  const periods = recentPeriods(parsePeriodSpec(financePeriodSpec), await dbNow(orm.em.fork()), n);
  const rows = await closedPeriods(
    orm.em.fork(),
    periods.map((p) => p.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return periods.map((p) => {
    const row = byId.get(p.id);
    return {
      id: p.id,
      start: p.start.toISOString(),
      end: p.end.toISOString(),
      closedAt: row ? row.closedAt.toISOString() : null,
      invoices: row?.invoices ?? 0,
    };
  });
}

export interface CyclePreview {
  period: { id: string; start: string; end: string };
  invoices: {
    partyId: string;
    currency: string;
    livemode: boolean;
    lines: number;
    net: string;
    tax: string;
    gross: string;
    amountDue: string;
  }[];
  unbilled: { partyId: string; currency: string; livemode: boolean; missing: string[] }[];
  settlements: { driverId: string; currency: string; livemode: boolean; lines: number; payable: string }[];
  /** Settlements the paying step would submit: this period's, and earlier failed ones. */
  payouts: number;
}

/**
 * What `hub finance run` would issue, collect and pay for a period, read without writing anything: no number is taken,
 * the period is not closed (a period not yet closed is read as if it closed now).
 */
export async function previewSettlementCycle(orm: MikroORM, financePeriodSpec: string, id: string): Promise<CyclePreview> {
  const period = await endedPeriod(orm, financePeriodSpec, id);
  const ref = { id, start: period.start.toISOString(), end: period.end.toISOString() };
  const em = orm.em.fork();
  const preview: CyclePreview = { period: ref, invoices: [], unbilled: [], settlements: [], payouts: 0 };
  for (const target of await billingTargets(orm, ref)) {
    const draft = await draftInvoice(em, ref, target);
    if (!draft) continue;
    if (draft.unbilled) preview.unbilled.push({ ...target, missing: draft.unbilled });
    else
      preview.invoices.push({
        ...target,
        lines: draft.lines.length,
        net: String(draft.totals.net),
        tax: String(draft.totals.tax),
        gross: String(draft.totals.gross),
        amountDue: String(draft.totals.amountDue),
      });
  }
  for (const target of await settlementTargets(orm, ref)) {
    const draft = await draftSettlement(em, ref, target);
    if (draft) preview.settlements.push({ ...target, lines: draft.lines.length, payable: String(draft.figures.payable) });
  }
  preview.payouts = preview.settlements.filter((s) => s.payable !== '0').length + (await unpaidSettlementsBefore(em, period.end));
  return preview;
}
