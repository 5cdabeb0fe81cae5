import { STACK_SECRETS } from './secrets';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { devServerArgs, loadDevStack } from '../infra/dev-stack';
import { embeddedDatabaseUrl, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../stack/embedded-postgres';
import { temporalCliPath } from '../stack/temporal-binaries';
import { clusterPortOffsets, startClusterOn, type RunningCluster } from '../stack/temporal-cluster';
import { buildWorkflowBundle } from '../workers/create-workers';
import { freePort, freePortBlock } from './ports';
import { spawnTypeScript } from './ts-process';

/**
 * The hub as separate processes on free loopback ports, each of which can be SIGKILLed and started again: embedded
 * PostgreSQL, Temporal, one worker process (`workers/main.ts`) and one API process (`api/server.ts`). Temporal is the
 * dev server (persisting to a SQLite file, so it survives its own restart) or, with the engine `cluster`, the
 * production server's four services on the same PostgreSQL (stack/temporal-cluster.ts), whose history and matching
 * processes can be killed on their own. Used by `npm run crash-test` and `npm run load`. Only ever signals the
 * processes it started.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type StackEngine = 'dev' | 'cluster';
/** The API process's PostgreSQL sessions carry this `application_name` (PGAPPNAME), so a test can tell them apart. */
export const API_APPLICATION_NAME = 'hub-api';
/** What can be killed: `temporal` is the dev server; `history` and `matching` are the cluster's services. */
export type StackRole = 'postgres' | 'temporal' | 'history' | 'matching' | 'worker' | 'api';

export interface ProcessStack {
  engine: StackEngine;
  databaseUrl: string;
  temporalAddress: string;
  apiUrl: string;
  secrets: { encryptionKey: Buffer; hashPepper: Buffer };
  /** Live pids by role (PostgreSQL: the postmaster). */
  pids(): Partial<Record<StackRole, number>>;
  startPostgres(): Promise<void>;
  /** Starts Temporal, or on the cluster every service that is not running. */
  startTemporal(): Promise<void>;
  startWorker(): Promise<void>;
  startApi(): Promise<void>;
  kill(role: StackRole): Promise<void>;
  stop(): Promise<void>;
}

export async function processStack(dir: string, engine: StackEngine = 'dev'): Promise<ProcessStack> {
  const [pgPort, uiPort, apiPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const temporalPort = engine === 'cluster' ? await freePortBlock(clusterPortOffsets()) : await freePort();
  const secrets = STACK_SECRETS;
  const databaseUrl = embeddedDatabaseUrl(pgPort, 'hub');
  const temporalAddress = `127.0.0.1:${temporalPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const databaseDir = join(dir, 'pg');
  const devStack = { ...loadDevStack(), ip: '127.0.0.1', frontendPort: temporalPort, uiPort, dbFilename: join(dir, 'temporal.sqlite') };

  let pg: EmbeddedPostgresHandle | undefined;
  let pgPid: number | undefined;
  let cluster: RunningCluster | undefined;
  let bundlePath: string | undefined;
  const children: Partial<Record<'temporal' | 'worker' | 'api', ChildProcess>> = {};
  const logs: WriteStream[] = [];
  const logFile = (name: string) => {
    const stream = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
    logs.push(stream);
    return stream;
  };
  const alive = (child: ChildProcess | undefined) => child !== undefined && child.exitCode === null && child.signalCode === null;
  const exited = (child: ChildProcess) => new Promise<void>((resolve) => (alive(child) ? child.once('exit', () => resolve()) : resolve()));

  const hubEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    HUB_ENCRYPTION_KEY: secrets.encryptionKey.toString('hex'),
    HUB_HASH_PEPPER: secrets.hashPepper.toString('hex'),
    LOG_LEVEL: 'info',
    PUBLIC_BASE_URL: apiUrl,
    // Partners' and destinations' receivers run on this machine.
    HUB_DEV_WEBHOOK_TARGETS: 'true',
    // The crash test is about bookings and webhook deliveries: sandbox rides rest confirmed instead of playing
    // their simulated ride (hundreds of rides with GPS every few seconds would only load the worker).
    SANDBOX_RIDE_SECONDS: '3600',
    GPS_UPDATE_INTERVAL_SECONDS: '3600',
    ...extra,
  });

  function node(role: 'worker' | 'api', script: string, env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawnTypeScript(script, env);
    const file = logFile(role);
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
    children[role] = child;
    return child;
  }

  async function waitFor(what: string, child: ChildProcess | undefined, ready: () => Promise<boolean>, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child && !alive(child)) {
        // The stack's folder is removed when the run ends: the error carries the log's last lines.
        const log = readFileSync(join(dir, `${what}.log`), 'utf8')
          .trimEnd()
          .split('\n')
          .slice(-20)
          .join('\n');
        throw new Error(`${what} exited while starting; the end of ${dir}/${what}.log:\n${log}`);
      }
      if (await ready().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs / 1000} s (see ${dir})`);
      await sleep(100);
    }
  }

  /** The first call sets up Temporal's databases and starts the cluster; later ones restart the services killed since. */
  async function startClusterServices() {
    if (cluster) {
      const running = cluster.pids();
      for (const service of ['history', 'matching'] as const) if (!running[service]) await cluster.restart(service);
      return;
    }
    const log = logFile('temporal');
    mkdirSync(join(dir, 'cluster'), { recursive: true });
    cluster = await startClusterOn(
      databaseUrl,
      { basePort: temporalPort, historyShards: 4, dataDir: join(dir, 'cluster') },
      loadDevStack(),
      {
        log: (line) => log.write(`${line}\n`),
        onError: (service, message) => log.write(`${service}: ${message}\n`),
      },
    );
  }

  const stack: ProcessStack = {
    databaseUrl,
    temporalAddress,
    apiUrl,
    secrets,
    engine,
    pids: () => ({
      history: cluster?.pids().history,
      matching: cluster?.pids().matching,
      postgres: pgPid,
      temporal: alive(children.temporal) ? children.temporal!.pid : undefined,
      worker: alive(children.worker) ? children.worker!.pid : undefined,
      api: alive(children.api) ? children.api!.pid : undefined,
    }),

    async startPostgres() {
      // After a SIGKILL of the postmaster its backends take a moment to notice and exit; until then the old shared
      // memory is in use and a new postmaster refuses to start.
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          pg = await startEmbeddedPostgres({ databaseDir, port: pgPort });
          break;
        } catch (err) {
          if (!/postgres exited/.test((err as Error).message) || Date.now() > deadline) throw err;
          await sleep(250);
        }
      }
      pgPid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      await pg.createDatabase('hub');
    },

    async startTemporal() {
      if (engine === 'cluster') return startClusterServices();
      const child = spawn(temporalCliPath(), [...devServerArgs(devStack, dir), '--headless'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const file = logFile('temporal');
      child.stdout!.pipe(file, { end: false });
      child.stderr!.pipe(file, { end: false });
      children.temporal = child;
      await waitFor('temporal', child, async () => {
        const connection = await Connection.connect({ address: temporalAddress, connectTimeout: 1000 });
        try {
          await connection.workflowService.getSystemInfo({});
          // The namespace is registered a moment after the frontend answers.
          await connection.workflowService.describeNamespace({ namespace: devStack.namespace });
          return true;
        } finally {
          await connection.close();
        }
      });
    },

    async startWorker() {
      // Bundled once per stack (or the tests' bundle reused), so a restart takes seconds.
      if (!bundlePath) {
        bundlePath = process.env.HUB_TEST_WORKFLOW_BUNDLE ?? join(dir, 'workflow-bundle.js');
        if (!process.env.HUB_TEST_WORKFLOW_BUNDLE) writeFileSync(bundlePath, (await buildWorkflowBundle()).code);
      }
      const child = node(
        'worker',
        'workers/main.ts',
        hubEnv({ WEBHOOK_TIMEOUT_MS: '2000', WORKFLOW_BUNDLE_PATH: bundlePath, WORKER_METRICS_PORT: String(workerMetricsPort) }),
      );
      let out = '';
      const ready = new Promise<void>((resolve) =>
        child.stdout!.on('data', (chunk: Buffer) => {
          out = (out + chunk.toString()).slice(-10_000);
          if (out.includes('workers running')) resolve();
        }),
      );
      let started = false;
      void ready.then(() => (started = true));
      await waitFor('worker', child, async () => started);
    },

    async startApi() {
      const child = node(
        'api',
        'api/server.ts',
        hubEnv({
          HOST: '127.0.0.1',
          PORT: String(apiPort),
          PARTNER_RATE_LIMIT_PER_MINUTE: '1000000',
          // The crash test and `npm run load` flood one sandbox partner on purpose: their proofs are not load shedding's.
          HUB_SANDBOX_RIDE_BUDGET: '10000000',
          HUB_MAX_TASK_WAIT_SECONDS: '86400',
          PGAPPNAME: API_APPLICATION_NAME,
        }),
      );
      await waitFor('api', child, async () => (await fetch(`${apiUrl}/openapi.json`, { signal: AbortSignal.timeout(1000) })).ok);
    },

    async kill(role) {
      if (role === 'history' || role === 'matching') return cluster?.kill(role);
      if (role === 'postgres') {
        if (pgPid === undefined) return;
        const pid = pgPid;
        pgPid = undefined;
        process.kill(pid, 'SIGKILL');
        await pg?.stop(); // resolves once our child (the postmaster) has exited
        pg = undefined;
        return;
      }
      const child = children[role];
      if (!child || !alive(child)) return;
      child.kill('SIGKILL');
      await exited(child);
    },

    async stop() {
      for (const role of ['api', 'worker'] as const) {
        const child = children[role];
        if (child && alive(child)) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited(child);
          clearTimeout(timer);
        }
      }
      await cluster?.stop();
      const temporal = children.temporal;
      if (temporal && alive(temporal)) {
        temporal.kill('SIGTERM');
        const timer = setTimeout(() => temporal.kill('SIGKILL'), 10_000);
        await exited(temporal);
        clearTimeout(timer);
      }
      await pg?.stop();
      pg = undefined;
      pgPid = undefined;
      for (const stream of logs) stream.end();
    },
  };
  return stack;
}
