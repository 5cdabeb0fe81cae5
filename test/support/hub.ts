import type { Logger } from '../../infra/logger';
import type { AddressInfo } from 'node:net';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { apiDeps, listen } from '../../api/server';
import { Lifeline } from '../../db/lifeline';
import type { ApiDeps } from '../../api/deps';
import { loadConfig } from '../../infra/config';
import type { HubKey } from '../../infra/key-ring';
import { createLogger } from '../../infra/logger';
import { createWorkers, runWorkers, type WorkerDeps } from '../../workers/create-workers';
import type { TestDatabase } from './db';
import { sharedWorkflowBundle } from '../../stack/temporal';
import { STACK_SECRETS } from '../../stack/secrets';

export interface TestHub {
  baseUrl: string;
  deps: ApiDeps;
  secrets: { encryptionKey: Buffer; hashPepper: Buffer };
  close(): Promise<void>;
}

export const TEST_SECRETS = STACK_SECRETS;

/** The hub's workers on a test environment and database, with the tests' shared workflow bundle. */
export function createTestWorkers(
  env: TestWorkflowEnvironment,
  db: TestDatabase,
  options: Partial<
    Pick<WorkerDeps, 'ride' | 'publicBaseUrl' | 'encryptionKey' | 'workflowBundle' | 'paymentChallengeTimeoutMs' | 'payouts'>
  > = {},
): Promise<Worker[]> {
  return createWorkers({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    orm: db.orm,
    encryptionKey: TEST_SECRETS.encryptionKey,
    webhookTimeoutMs: 2000,
    devWebhookTargets: true,
    workflowBundle: sharedWorkflowBundle(),
    ...options,
  });
}

/**
 * The API on an ephemeral port over a test database and Temporal environment, with the workers running unless
 * `workers: false`. Extra API processes over the same database: call again with `workers: false`.
 */
export async function startTestHub(
  db: TestDatabase,
  env: TestWorkflowEnvironment,
  options: {
    workers?: boolean;
    env?: NodeJS.ProcessEnv;
    /** The API's keys (a rotated ring, say); TEST_SECRETS otherwise. */
    secrets?: typeof TEST_SECRETS & { encryptionKeys?: HubKey[] };
    /** The API's logger (a test reading the logs); silent otherwise. */
    logger?: Logger;
    /** Where the API's lifeline connects (through a proxy a test controls); the database's own URL otherwise. */
    lifelineUrl?: string;
  } = {},
): Promise<TestHub> {
  // Sandbox rides play over an hour unless a test asks for a faster clock: API tests read bookings as created.
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_BASE_URL: 'http://hub.test',
    SANDBOX_RIDE_SECONDS: '3600',
    HUB_DEV_WEBHOOK_TARGETS: 'true',
    ...options.env,
  });
  const secrets = options.secrets ?? TEST_SECRETS;
  const logger = options.logger ?? createLogger(config.logLevel);
  const deps = apiDeps(config, { orm: db.orm, temporal: env.client, logger, ...secrets });
  if (options.lifelineUrl) deps.lifeline = new Lifeline(options.lifelineUrl, logger);
  const api = await listen(deps, '127.0.0.1', 0);
  let running: ReturnType<typeof runWorkers> | undefined;
  if (options.workers !== false) {
    const workers = await createTestWorkers(env, db, {
      ride: config.ride,
      publicBaseUrl: config.publicBaseUrl,
      paymentChallengeTimeoutMs: config.paymentChallengeTimeoutMs,
      payouts: config.payouts,
    });
    running = runWorkers(workers);
  }
  const { port } = api.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deps,
    secrets,
    async close() {
      await api.close();
      running?.shutdown();
      await running?.done;
    },
  };
}
