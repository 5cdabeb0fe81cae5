import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { executeChild, log, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { FinanceActivities } from '../activities/finance';
import { documentEventData, PLATFORM_ACCOUNT, settlementEventData } from '../domain/finance-events';
import {
  settlementCycleWorkflowId,
  type CycleSummary,
  type IssuedDocument,
  type IssuedSettlement,
  type SettlementCycleInput,
  type UnbilledAccount,
} from '../contracts/finance';
import { CycleStepKey, FinancePeriodKey } from '../contracts/search-attributes';
import { publishPublicEvent } from './public-events';

const {
  lastEndedFinancePeriod,
  closeFinancePeriod,
  financeBillingTargets,
  issuePeriodInvoice,
  financeSettlementTargets,
  issueDriverSettlement,
  payOutSettlements,
} = proxyActivities<FinanceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * `settlement-cycle:<period>`: closes the period (its cut-off fixed by the first run), issues one invoice per billed
 * party, currency and environment from the ledger, and announces each to the account's webhook destinations. Every
 * step is idempotent by period and party, so a re-run of a finished period issues nothing new. Started by the
 * `finance-cycle` Schedule (without a period: it runs the last ended one as a child) or by `hub finance run`.
 */
export async function settlementCycleWorkflow(input: SettlementCycleInput): Promise<CycleSummary> {
  if (!input.period) {
    const period = await lastEndedFinancePeriod(input.periodSpec ?? 'month');
    try {
      return await executeChild(settlementCycleWorkflow, {
        workflowId: settlementCycleWorkflowId(period.id),
        args: [{ period }],
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      return { period, closedAt: '', invoices: [], unbilled: [], settlements: [], payouts: [] }; // `hub finance run` is closing it right now
    }
  }
  const { period } = input;
  const step = (name: 'closing' | 'invoicing' | 'settling' | 'paying' | 'notifying' | 'done') =>
    upsertSearchAttributes([
      { key: FinancePeriodKey, value: period.id },
      { key: CycleStepKey, value: name },
    ]);

  step('closing');
  const closedAt = await closeFinancePeriod(period);

  step('invoicing');
  const invoices: IssuedDocument[] = [];
  const unbilled: UnbilledAccount[] = [];
  // One party after the other: numbers follow a stable order (party, currency, environment).
  for (const target of await financeBillingTargets(period)) {
    const outcome = await issuePeriodInvoice({ period, target });
    if (outcome && 'unbilled' in outcome) unbilled.push({ ...target, missing: outcome.unbilled });
    else if (outcome) invoices.push(outcome);
  }
  if (unbilled.length) log.warn('accounts not billed: billing details incomplete', { period: period.id, unbilled });

  step('settling');
  const settlements: IssuedSettlement[] = [];
  for (const target of await financeSettlementTargets(period)) {
    const issued = await issueDriverSettlement({ period, target });
    if (issued) settlements.push(issued);
  }

  step('paying');
  const payouts = await payOutSettlements(period);

  step('notifying');
  for (const doc of invoices.filter((d) => d.partyKind === 'account')) {
    await publishPublicEvent({
      type: 'invoice.created',
      dedupeKey: `invoice:${doc.number}`,
      accountId: doc.partyId,
      environment: doc.livemode ? 'live' : 'test',
      data: documentEventData(doc),
    });
  }

  // Settlements are the platform's business: operator accounts' destinations receive them.
  for (const p of payouts) {
    await publishPublicEvent({
      type: p.status === 'paid' ? 'settlement.paid' : 'settlement.failed',
      dedupeKey: `settlement:${p.settlement}:${p.status}:${p.reason ?? ''}:${period.id}`,
      accountId: PLATFORM_ACCOUNT,
      environment: p.livemode ? 'live' : 'test',
      data: settlementEventData(p),
    });
  }

  step('done');
  return { period, closedAt, invoices, unbilled, settlements, payouts };
}
