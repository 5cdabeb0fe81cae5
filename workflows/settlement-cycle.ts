import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { executeChild, log, ParentClosePolicy, patched, proxyActivities, startChild, upsertSearchAttributes } from '@temporalio/workflow';
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
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { announcePublicEvent } from './public-events';
import { paymentWorkflow } from './payment';
import { paymentWorkflowId } from '../contracts/payments';
import { environmentOf, testOrLive } from '../domain/environment';

const {
  lastEndedFinancePeriod,
  closeFinancePeriod,
  financeBillingTargets,
  issuePeriodInvoices,
  financeSettlementTargets,
  issueDriverSettlements,
  payOutSettlements,
  preparePeriodCollections,
} = proxyActivities<FinanceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Parties (or drivers) per issuing activity. */
const BATCH = 25;
const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

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
  const step = (name: 'closing' | 'invoicing' | 'collecting' | 'settling' | 'paying' | 'notifying' | 'done') =>
    upsertSearchAttributes([
      { key: FinancePeriodKey, value: period.id },
      { key: CycleStepKey, value: name },
    ]);

  step('closing');
  const closedAt = await closeFinancePeriod(period);

  step('invoicing');
  const invoices: IssuedDocument[] = [];
  const unbilled: UnbilledAccount[] = [];
  // Batches of parties, one after the other: numbers follow a stable order (party, currency, environment), and a
  // thousand accounts cost forty activities, not a thousand.
  for (const targets of chunks(await financeBillingTargets(period))) {
    const outcomes = await issuePeriodInvoices({ period, targets });
    outcomes.forEach((outcome, i) => {
      if (outcome && 'unbilled' in outcome) unbilled.push({ ...targets[i], missing: outcome.unbilled });
      else if (outcome) invoices.push(outcome);
    });
  }
  if (unbilled.length) log.warn('accounts not billed: billing details incomplete', { period: period.id, unbilled });

  if (patched('collect-payments')) {
    step('collecting');
    // Each invoice of an account with a saved card is charged off session by its own `payment:<id>`, which outlives
    // the cycle (a challenge may wait for the customer).
    const invoiceIds = invoices.filter((d) => d.partyKind === 'account').map((d) => d.id);
    for (const ids of chunks(invoiceIds)) {
      for (const payment of await preparePeriodCollections(ids)) {
        try {
          await startChild(paymentWorkflow, {
            workflowId: paymentWorkflowId(payment.paymentId),
            args: [payment],
            parentClosePolicy: ParentClosePolicy.ABANDON,
            workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
      }
    }
  }

  step('settling');
  const settlements: IssuedSettlement[] = [];
  for (const targets of chunks(await financeSettlementTargets(period))) {
    for (const issued of await issueDriverSettlements({ period, targets })) if (issued) settlements.push(issued);
  }

  step('paying');
  const payouts = await payOutSettlements(period);

  step('notifying');
  // Each event is recorded once by its dedupe key, so a batch may go at once.
  const events: PublishPublicEventInput[] = [
    ...invoices
      .filter((doc) => doc.partyKind === 'account')
      .map((doc) => ({
        type: 'invoice.created' as const,
        dedupeKey: `invoice:${doc.number}`,
        accountId: doc.partyId,
        environment: testOrLive(environmentOf(doc.livemode)),
        data: documentEventData(doc),
      })),
    // Settlements are the platform's business: operator accounts' destinations receive them. A payout submitted to the
    // bank (or waiting for a bank account) has no outcome yet: its event comes with the bank's statement. A live payout
    // no rail carries is announced once (`awaiting_rail`), and never as paid.
    ...payouts
      .flatMap((p) => (p.status === 'paid' || p.status === 'failed' || p.status === 'awaiting_rail' ? [{ ...p, status: p.status }] : []))
      .map((p) => ({
        type: `settlement.${p.status}` as const,
        dedupeKey:
          p.status === 'awaiting_rail'
            ? `settlement:${p.settlement}:awaiting_rail`
            : `settlement:${p.settlement}:${p.status}:${p.reason ?? ''}:${period.id}`,
        accountId: PLATFORM_ACCOUNT,
        environment: testOrLive(environmentOf(p.livemode)),
        data: settlementEventData(p),
      })),
  ];
  for (const batch of chunks(events)) await Promise.all(batch.map((event) => announcePublicEvent(event)));

  step('done');
  return { period, closedAt, invoices, unbilled, settlements, payouts };
}
