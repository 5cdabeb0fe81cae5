import type { MikroORM } from '@mikro-orm/postgresql';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { settlementCycleWorkflowId, type CycleSummary, type PeriodRef } from '../../contracts/finance';
import { payoutStores } from '../../db/payout-stores';
import { configuredPayoutProvider } from '../../infra/payouts/configured';
import type { PayoutProvider, PayoutSettings } from '../../infra/payouts/provider';
import { TEST_SECRETS } from './hub';

/** The payout provider `settings` choose, on the test database, as the workers build it (simulated by default). */
export const testPayouts = (orm: MikroORM, settings: PayoutSettings = { provider: 'simulated' }): PayoutProvider =>
  configuredPayoutProvider(settings, payoutStores(orm, [TEST_SECRETS.encryptionKey]));

/** Runs (or runs again) the settlement cycle of a period on the workers, to its summary. */
export const runSettlementCycle = (env: TestWorkflowEnvironment, period: PeriodRef) =>
  env.client.workflow.execute('settlementCycleWorkflow', {
    workflowId: settlementCycleWorkflowId(period.id),
    taskQueue: BOOKINGS_TASK_QUEUE,
    args: [{ period }],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  }) as Promise<CycleSummary>;
