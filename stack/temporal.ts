import { readFileSync } from 'node:fs';
import { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection, Worker, type WorkerOptions, type WorkflowBundle } from '@temporalio/worker';
import { clusterPortOffsets, startClusterOn, type RunningCluster } from '../stack/temporal-cluster';
import { freePortBlock } from './ports';
import { devServerExtraArgs, loadDevStack, searchAttributeKeys } from '../infra/dev-stack';
import { indexedValueTypes } from '../infra/search-attribute-registration';
import { temporalCliPath, temporalTestServerPath } from '../stack/temporal-binaries';
import { stackDataConverter } from './secrets';

/** The workflow bundle built once by the global setup. */
export function sharedWorkflowBundle(): WorkflowBundle {
  const path = process.env.HUB_TEST_WORKFLOW_BUNDLE;
  if (!path) throw new Error('HUB_TEST_WORKFLOW_BUNDLE is not set: run the tests through jest');
  return { code: readFileSync(path, 'utf8') };
}

/** Time-skipping test server: timers of hours pass in milliseconds while a test awaits a workflow result. */
export async function timeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: temporalTestServerPath() } },
    client: { dataConverter: stackDataConverter() },
  });
  try {
    // The time-skipping server cannot list search attributes, only add them.
    await env.connection.operatorService.addSearchAttributes({
      namespace: env.namespace ?? 'default',
      searchAttributes: indexedValueTypes(loadDevStack()),
    });
  } catch (err) {
    await env.teardown(); // never leave a test server behind
    throw err;
  }
  return env;
}

/** An in-memory dev server with the search attributes and dynamic config of temporal-dev.yml. */
export function localEnvironment(): Promise<TestWorkflowEnvironment> {
  const stack = loadDevStack();
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCliPath() },
      namespace: stack.namespace,
      searchAttributes: searchAttributeKeys(stack),
      extraArgs: devServerExtraArgs(stack),
    },
    client: { dataConverter: stackDataConverter() },
  });
}

/** What a bench or script uses of a Temporal server it started: the dev server's test environment, or a cluster. */
export interface TemporalEnvironment {
  client: Client;
  nativeConnection: NativeConnection;
  teardown(): Promise<void>;
}

/**
 * Temporal's production server (stack/temporal-cluster.ts) on the PostgreSQL of `databaseUrl`, with the namespace and
 * search attributes of temporal-dev.yml; a client over a NativeConnection, so workers may share it (eager start).
 */
export async function clusterEnvironment(
  databaseUrl: string,
  options: { dataDir: string; historyShards?: number; matchingPartitions?: number },
): Promise<TemporalEnvironment & { cluster: RunningCluster }> {
  const stack = loadDevStack();
  const cluster = await startClusterOn(
    databaseUrl,
    {
      basePort: await freePortBlock(clusterPortOffsets()),
      historyShards: options.historyShards ?? 4,
      matchingPartitions: options.matchingPartitions,
      dataDir: options.dataDir,
    },
    stack,
    { log: (line) => console.log(line) },
  );
  const nativeConnection = await NativeConnection.connect({ address: cluster.address });
  const client = new Client({ connection: nativeConnection, namespace: stack.namespace, dataConverter: stackDataConverter() });
  return {
    client,
    nativeConnection,
    cluster,
    async teardown() {
      await nativeConnection.close();
      await cluster.stop();
    },
  };
}

/**
 * A worker of the hub's workflows on a test environment's task queue, with the shared bundle and the stack's payload
 * codec: for tests that bring activities of their own.
 */
export function stackWorker(env: TestWorkflowEnvironment, options: Pick<WorkerOptions, 'taskQueue' | 'activities'>): Promise<Worker> {
  return Worker.create({
    connection: env.nativeConnection,
    dataConverter: stackDataConverter(),
    workflowBundle: sharedWorkflowBundle(),
    ...options,
  });
}
