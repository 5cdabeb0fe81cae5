import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { billingTargets, closePeriod, dbNow, issueInvoice, issueTimes, type IssueOutcome } from '../db/finance';
import { lastEndedPeriod, parsePeriodSpec } from '../domain/finance-periods';
import { issueSettlement, settlementTargets } from '../db/settlements';
import { preparePayouts, recordPayoutOutcomes } from '../db/payouts';
import type { PayoutProvider } from '../infra/payouts/provider';
import { hostedPaymentUrl, type PaymentLinks } from './payments';
import { prepareCollections } from '../db/payments';
import { challengeTimeoutMs } from '../domain/payments';
import { newId } from '../infra/ids';
import { DEMO_SELLER } from '../infra/config';
import type { PaymentInput } from '../contracts/payments';
import type { BillingTarget, DriverTarget, IssuedSettlement, PayoutResult, PeriodRef } from '../contracts/finance';
import type { BillingDetails } from '../domain/billing-details';

/** The settlement cycle's steps: each keyed by period (and party), each safe to run twice. */
export function createFinanceActivities({
  orm,
  payouts,
  links,
  paymentChallengeTimeoutMs = challengeTimeoutMs(undefined),
  seller,
}: {
  orm: MikroORM;
  /**
   * INVOICE_SELLER: each invoice keeps the seller as it stood at issue; the company is also the buyer of each chauffeur's
   * self-billed invoice, issued with the settlement (the demo company when absent, as the API's default).
   */
  seller?: BillingDetails;
  /** The provider PAYOUT_PROVIDER chose (infra/payouts/configured.ts, wired in workers/create-workers.ts). */
  payouts: PayoutProvider;
  links?: PaymentLinks;
  paymentChallengeTimeoutMs?: number;
}) {
  const provider = payouts;
  return {
    /** The last period that has ended by the database's clock (the one ledger rows are dated by). */
    async lastEndedFinancePeriod(periodSpec: string): Promise<PeriodRef> {
      const p = lastEndedPeriod(parsePeriodSpec(periodSpec), await dbNow(orm.em.fork()));
      return { id: p.id, start: p.start.toISOString(), end: p.end.toISOString() };
    },

    /** Fixes the period's cut-off on the first run; refuses a period that has not ended. */
    async closeFinancePeriod(period: PeriodRef): Promise<string> {
      if ((await dbNow(orm.em.fork())) < new Date(period.end)) {
        throw ApplicationFailure.nonRetryable(`period ${period.id} ends at ${period.end}: it cannot close before`, 'PeriodNotEnded');
      }
      return (await closePeriod(orm, period)).toISOString();
    },

    async financeBillingTargets(period: PeriodRef): Promise<BillingTarget[]> {
      return billingTargets(orm, period);
    },

    /** Issues the invoice of each target in turn, each in its own transaction and idempotent by period and party. */
    async issuePeriodInvoices(input: { period: PeriodRef; targets: BillingTarget[] }): Promise<IssueOutcome[]> {
      const outcomes: IssueOutcome[] = [];
      for (const target of input.targets) outcomes.push(await issueInvoice(orm, input.period, target, seller ?? null));
      if (!links) return outcomes;
      // Each invoice's payment page, for invoice.created (the link's expiry runs from the issue time).
      const ids = outcomes.flatMap((o) => (o && 'id' in o ? [o.id] : []));
      const issuedAt = await issueTimes(orm, ids);
      return outcomes.map((o) =>
        o && 'id' in o ? { ...o, hostedPaymentUrl: hostedPaymentUrl(links, { id: o.id, issuedAt: issuedAt.get(o.id)! }) } : o,
      );
    },

    /** A payment per new invoice whose account saved a card, to be charged off session (idempotent per invoice). */
    async preparePeriodCollections(invoiceIds: string[]): Promise<PaymentInput[]> {
      const ids = await prepareCollections(orm.em.fork(), invoiceIds, () => newId('pay'));
      return ids.map((paymentId) => ({ paymentId, challengeTimeoutMs: paymentChallengeTimeoutMs }));
    },

    async financeSettlementTargets(period: PeriodRef): Promise<DriverTarget[]> {
      return settlementTargets(orm, period);
    },

    /** Issues the settlement of each driver in turn, each in its own transaction and idempotent by period and driver. */
    async issueDriverSettlements(input: { period: PeriodRef; targets: DriverTarget[] }): Promise<(IssuedSettlement | null)[]> {
      const issued: (IssuedSettlement | null)[] = [];
      for (const target of input.targets) issued.push(await issueSettlement(orm, input.period, target, seller ?? DEMO_SELLER));
      return issued;
    },

    /**
     * Pays the period's pending settlements and retries earlier failed ones: keys written first, then one batch to the
     * provider (idempotent by key), then the outcomes recorded. Safe to retry at any point: no transfer is made twice.
     */
    async payOutSettlements(period: PeriodRef): Promise<PayoutResult[]> {
      const transfers = await preparePayouts(orm, period);
      if (!transfers.length) return [];
      await provider.submitBatch(transfers);
      return recordPayoutOutcomes(orm, await provider.outcomes(transfers.map((t) => t.key)));
    },
  };
}

export type FinanceActivities = ReturnType<typeof createFinanceActivities>;
