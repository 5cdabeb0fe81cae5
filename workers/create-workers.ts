import { bundleWorkflowCode, Worker, type NativeConnection, type WorkerOptions, type WorkflowBundle } from '@temporalio/worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BillingDetails } from '../domain/billing-details';
import { createAllocationActivities } from '../activities/allocation';
import { createBookingActivities } from '../activities/booking';
import { createFlightActivities } from '../activities/flight';
import { createRetentionActivities } from '../activities/retention';
import { createPartnerWebhookActivities } from '../activities/partner-webhook';
import { createFinanceActivities } from '../activities/finance';
import type { PaymentProvider } from '../infra/payments/provider';
import { createPaymentActivities } from '../activities/payments';
import { createPublicWebhookActivities } from '../activities/public-webhooks';
import { createWebhookRecoveryActivities } from '../activities/webhook-recovery';
import type { RideSettings } from '../contracts/booking';
import { LIVE_BOOKINGS_TASK_QUEUE, SANDBOX_BOOKINGS_TASK_QUEUE } from '../contracts/task-queues';
import type { Tracing } from '../infra/tracing';
import { keyRingOf, type HubKey } from '../infra/key-ring';
import { hubDataConverter } from '../infra/payload-codec';
import type { PayoutSettings } from '../infra/payouts/provider';
import { configuredPayoutProvider } from '../infra/payouts/configured';
import { payoutStores } from '../db/payout-stores';
import { constraintFailuresStopRetrying } from './constraint-failures';
import { WEBHOOKS_TASK_QUEUE } from '../contracts/partner-webhook';
import { PUBLIC_WEBHOOKS_TASK_QUEUE } from '../contracts/public-webhooks';
import { registerScrapeGauge } from '../infra/scrape-gauges';
import { registerOutageGauges } from './outage-gauges';
import { oldestUndeliveredWebhooks } from '../db/webhook-backlog';

export const WORKFLOWS_PATH = require.resolve('../workflows');
const SANDBOX_WORKFLOW_TASK_SLOTS = 8;

export interface WorkerDeps {
  connection: NativeConnection;
  namespace: string;
  orm: MikroORM;
  encryptionKey: Buffer;
  /** HUB_ENCRYPTION_KEY's ring for the payload codec; `encryptionKey` alone when absent (infra/payload-codec.ts). */
  encryptionKeys?: HubKey[];
  webhookTimeoutMs: number;
  /** HUB_DEV_WEBHOOK_TARGETS: sandbox and test webhooks may reach plain http and this machine (infra/safe-http.ts). */
  devWebhookTargets: boolean;
  /** PUBLIC_BASE_URL: events carry the signed `tracking_url` and `receipt_url` under it (null in events without it). */
  publicBaseUrl?: string;
  /** PAYOUT_PROVIDER (infra/payouts/configured.ts): the simulated provider when absent; `sepa` writes pain.001 files for EUR payouts. */
  payouts?: PayoutSettings;
  /** PAYMENT_CHALLENGE_TIMEOUT for the payments the settlement cycle collects (15 minutes when absent). */
  paymentChallengeTimeoutMs?: number;
  /** Who takes the cards (PAYMENT_PROVIDER, infra/payments/configured.ts); the simulated PSP when absent. */
  paymentProvider?: PaymentProvider;
  /**
   * INVOICE_SELLER, kept on each invoice the settlement cycle issues (absent: documents are rendered with the configured
   * one), and the buyer of the chauffeurs' self-billed invoices (absent: the demo company, as the API's default).
   */
  invoiceSeller?: BillingDetails;
  /** Sandbox clock, GPS coalescing, history bound of booking workflows (config.ride); defaults when absent. */
  ride?: Partial<RideSettings>;
  /** A prebuilt bundle (tests share one); built from `workflows/` when absent. */
  workflowBundle?: WorkflowBundle;
  /** OpenTelemetry interceptors and span sink, only when tracing is on (infra/tracing.ts). */
  tracing?: Tracing;
  /** The public-webhooks worker's tuning and eager delivery starts, overridden by the tuning sweep (bench/deliveries.ts). */
  publicWebhooksTuning?: PublicWebhooksTuning;
  /**
   * WORKER_SHUTDOWN_GRACE_SECONDS: once shutdown is asked for (SIGTERM), the workers stop polling and their in-flight
   * activities get this long to finish before they are cancelled (Temporal's `shutdownGraceTime`). Default 0.
   */
  shutdownGraceMs?: number;
}

export type PublicWebhooksTuning = Pick<
  WorkerOptions,
  | 'workflowTaskPollerBehavior'
  | 'maxConcurrentWorkflowTaskExecutions'
  | 'maxCachedWorkflows'
  | 'reuseV8Context'
  | 'maxConcurrentLocalActivityExecutions'
  | 'maxConcurrentActivityTaskExecutions'
> & { eagerStart?: boolean };

/** The workflow bundle; with tracing on it must include the OpenTelemetry workflow interceptors. */
export async function buildWorkflowBundle(workflowInterceptorModules: string[] = []): Promise<WorkflowBundle> {
  return bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules,
    logger: { log: () => {}, info: () => {}, warn: console.warn, error: console.error, debug: () => {}, trace: () => {} },
  });
}

/** `hub_webhook_oldest_undelivered_seconds` on the workers' /metrics, read from PostgreSQL at scrape time. */
export function registerWebhookBacklogGauge(orm: MikroORM, cacheMs?: number): void {
  registerScrapeGauge(
    'hub_webhook_oldest_undelivered_seconds',
    'Age of the oldest event not yet delivered, per partner endpoint (ptn_…:sandbox|live) and public destination; 0 when none waits.',
    ['kind', 'target'],
    async () => (await oldestUndeliveredWebhooks(orm)).map(({ kind, target, seconds }) => ({ labels: { kind, target }, value: seconds })),
    cacheMs,
  );
}

/** One worker per task queue, each with only the activities of its domain. */
export async function createWorkers(deps: WorkerDeps): Promise<Worker[]> {
  registerWebhookBacklogGauge(deps.orm);
  // Every process that runs the workers serves the outage gauges: `npm start` and the tests' hubs as `start:worker` does.
  registerOutageGauges(deps.orm, deps.connection, deps.namespace);
  const workflowBundle = deps.workflowBundle ?? (await buildWorkflowBundle(deps.tracing?.workflowInterceptorModules));
  const ring = deps.encryptionKeys ?? keyRingOf(deps.encryptionKey);
  const decryptionKeys = ring.map((k) => k.key);
  const common = {
    connection: deps.connection,
    namespace: deps.namespace,
    workflowBundle,
    dataConverter: hubDataConverter(ring),
    shutdownGraceTime: deps.shutdownGraceMs ?? 0,
    ...deps.tracing?.worker,
    interceptors: {
      ...deps.tracing?.worker.interceptors,
      activity: [constraintFailuresStopRetrying, ...(deps.tracing?.worker.interceptors.activity ?? [])],
    },
  };
  const links = deps.publicBaseUrl ? { publicBaseUrl: deps.publicBaseUrl, encryptionKey: deps.encryptionKey } : undefined;
  const bookingActivities = {
    ...createBookingActivities({ orm: deps.orm, ride: deps.ride, links }),
    ...createAllocationActivities({ orm: deps.orm }),
    ...createFlightActivities(),
    ...createRetentionActivities({ orm: deps.orm }),
    ...createFinanceActivities({
      orm: deps.orm,
      links,
      paymentChallengeTimeoutMs: deps.paymentChallengeTimeoutMs,
      seller: deps.invoiceSeller,
      payouts: configuredPayoutProvider(deps.payouts ?? { provider: 'simulated' }, payoutStores(deps.orm, decryptionKeys)),
    }),
    ...createPaymentActivities({ orm: deps.orm, links, provider: deps.paymentProvider }),
  };
  return Promise.all([
    // Live and sandbox bookings each on their own queue and worker slots: neither can take the other's place.
    Worker.create({ ...common, taskQueue: LIVE_BOOKINGS_TASK_QUEUE, activities: bookingActivities }),
    // Few tasks in hand at once: a backlog waits on the server, where priority and fairness order it, instead of
    // inside the worker, where forty tasks in hand share the CPU and the pool in arrival order.
    Worker.create({
      ...common,
      taskQueue: SANDBOX_BOOKINGS_TASK_QUEUE,
      maxConcurrentWorkflowTaskExecutions: SANDBOX_WORKFLOW_TASK_SLOTS,
      activities: bookingActivities,
    }),
    Worker.create({
      ...common,
      taskQueue: WEBHOOKS_TASK_QUEUE,
      activities: createPartnerWebhookActivities({
        orm: deps.orm,
        encryptionKey: deps.encryptionKey,
        timeoutMs: deps.webhookTimeoutMs,
        devTargets: deps.devWebhookTargets,
        decryptionKeys,
      }),
    }),
    Worker.create({
      ...common,
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      // Many deliveries wait on a slow receiver at once: more concurrent (local) activities than the default.
      maxConcurrentLocalActivityExecutions: 200,
      maxConcurrentActivityTaskExecutions: 100,
      ...publicWebhooksWorkerOptions(deps.publicWebhooksTuning),
      activities: {
        ...createPublicWebhookActivities({
          orm: deps.orm,
          encryptionKey: deps.encryptionKey,
          timeoutMs: deps.webhookTimeoutMs,
          devTargets: deps.devWebhookTargets,
          decryptionKeys,
          eagerStart: deps.publicWebhooksTuning?.eagerStart,
        }),
        ...createWebhookRecoveryActivities({ orm: deps.orm }),
      },
    }),
  ]);
}

function publicWebhooksWorkerOptions(tuning: PublicWebhooksTuning = {}): Partial<WorkerOptions> {
  const { eagerStart: _eagerStart, ...options } = tuning;
  return options;
}

/** Runs the workers until `shutdown()` is called; resolves once they have drained. */
export function runWorkers(workers: Worker[]): { done: Promise<void>; shutdown: () => void } {
  const done = Promise.all(workers.map((w) => w.run())).then(() => undefined);
  return { done, shutdown: () => workers.forEach((w) => w.getState() === 'RUNNING' && w.shutdown()) };
}
