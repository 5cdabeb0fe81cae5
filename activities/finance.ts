import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { billingTargets, closePeriod, issueInvoice, type IssueOutcome } from '../db/finance';
import { lastEndedPeriod, parsePeriodSpec } from '../domain/finance-periods';
import type { BillingTarget, PeriodRef } from '../contracts/finance';

/** The settlement cycle's steps: each keyed by period (and party), each safe to run twice. */
export function createFinanceActivities({ orm }: { orm: MikroORM }) {
  return {
    /** The last period that has ended by the database's clock (the one ledger rows are dated by). */
    async lastEndedFinancePeriod(periodSpec: string): Promise<PeriodRef> {
      const [{ now }] = await orm.em.fork().execute<{ now: string }[]>('select now() as now');
      const p = lastEndedPeriod(parsePeriodSpec(periodSpec), new Date(now));
      return { id: p.id, start: p.start.toISOString(), end: p.end.toISOString() };
    },

    /** Fixes the period's cut-off on the first run; refuses a period that has not ended. */
    async closeFinancePeriod(period: PeriodRef): Promise<string> {
      const [{ now }] = await orm.em.fork().execute<{ now: string }[]>('select now() as now');
      if (new Date(now) < new Date(period.end)) {
        throw ApplicationFailure.nonRetryable(`period ${period.id} ends at ${period.end}: it cannot close before`, 'PeriodNotEnded');
      }
      return (await closePeriod(orm, period)).toISOString();
    },

    async financeBillingTargets(period: PeriodRef): Promise<BillingTarget[]> {
      return billingTargets(orm, period);
    },

    async issuePeriodInvoice(input: { period: PeriodRef; target: BillingTarget }): Promise<IssueOutcome> {
      return issueInvoice(orm, input.period, input.target);
    },
  };
}

export type FinanceActivities = ReturnType<typeof createFinanceActivities>;
