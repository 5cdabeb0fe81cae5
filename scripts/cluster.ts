import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openOrm } from '../db/orm';
import { seedDemo } from '../app/demo-seed';
import { fail, loadConfig } from '../infra/config';
import { loadDevStack } from '../infra/dev-stack';
import { embeddedDataDir, startEmbeddedPostgres } from '../stack/embedded-postgres';
import { localSecrets } from '../infra/local-secrets';
import {
  CLUSTER_SERVICES,
  clusterDatabaseOf,
  clusterPorts,
  ensureClusterBinaries,
  setupClusterDatabases,
  startCluster,
  startClusterUi,
  ensureUiBinary,
  TEMPORAL_SERVER_VERSION,
} from '../stack/temporal-cluster';
import { balancerSocket, DEFAULT_SERVER_MAXCONN, ensureHaproxy, startBalancer } from '../stack/haproxy';
import { ensureMonitoringBinaries, RETENTION, startMonitoring } from '../stack/monitoring';
import { clusterStateFile, readClusterState, writeClusterState, type ClusterProcessState } from '../stack/cluster-state';
import { processReady } from '../stack/rolling';
import { buildWorkflowBundle } from '../workers/create-workers';

/**
 * `npm run stack:cluster`: the hub on Temporal's production server instead of the dev server. PostgreSQL (embedded,
 * or DATABASE_URL's server) holds the hub's database and Temporal's two; Temporal's frontend, history, matching and
 * worker services run as four processes; HUB_WORKER_PROCESSES worker processes and HUB_API_PROCESSES API processes
 * (ports PORT+1, PORT+2…) run against it, behind HAProxy on PORT (stack/haproxy.ts), which checks each on /readyz. The
 * stack restarts any of its processes that exits and keeps what runs in stack.json (stack/cluster-state.ts) for `npm run
 * deploy:rolling`. Prometheus (PROMETHEUS_PORT), Alertmanager (ALERTMANAGER_PORT) and the blackbox exporter
 * (BLACKBOX_PORT) watch all of it with the configs of ops/ (stack/monitoring.ts); pages and tickets go to
 * HUB_ALERT_WEBHOOK_URL when set. TEMPORAL_UI_PORT=0 leaves the Web UI out. Ctrl-C stops all of it. docs/deploy.md.
 */
const whole = (name: string, fallback: number, max: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > max) fail(new Error(`${name} must be a whole number from 1 to ${max}`));
  return n;
};
const count = (name: string, fallback: number) => whole(name, fallback, 16);
const portOf = (name: string, fallback: number) => whole(name, fallback, 65535);

async function main() {
  const config = loadConfig({ HUB_DEV_WEBHOOK_TARGETS: 'true', ...process.env });
  const apiProcesses = count('HUB_API_PROCESSES', 1);
  const workerProcesses = count('HUB_WORKER_PROCESSES', 1);
  const shards = count('TEMPORAL_HISTORY_SHARDS', 4);
  const matchingPartitions = count('TEMPORAL_MATCHING_PARTITIONS', 1);
  const basePort = Number(process.env.TEMPORAL_CLUSTER_PORT ?? 7833);
  const dataDir = join(config.dataDir, 'cluster');
  mkdirSync(dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const log = (line: string) => console.log(`[stack] ${line}`);
  let stopping = false;
  const stopEverything = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const child of children.reverse()) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  // A start that fails half-way stops what it had started (PostgreSQL, Temporal's services, the balancer…).
  abortStart = stopEverything;
  const stopAll = async () => {
    await stopEverything();
    process.exit(0);
  };
  process.on('SIGINT', stopAll).on('SIGTERM', stopAll);

  // PostgreSQL: the hub's database and Temporal's.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({
      databaseDir: embeddedDataDir(join(dataDir, 'postgres')),
      port: config.embeddedPostgresPort + 1,
    });
    stops.push(() => pg.stop());
    databaseUrl = await pg.createDatabase('hub');
  }
  const db = clusterDatabaseOf(databaseUrl);

  const binaries = await ensureClusterBinaries(log);
  await setupClusterDatabases(binaries, db);
  const stack = loadDevStack();
  const layout = { basePort, historyShards: shards, matchingPartitions, db, dataDir };
  const cluster = await startCluster(binaries, layout, stack, {
    onError: (service, message) => console.error(`[temporal ${service}] ${message}`),
    onExit: (service, code) => !stopping && (console.error(`[stack] temporal ${service} exited (${code})`), void stopAll()),
  });
  stops.push(() => cluster.stop());
  const address = cluster.address;
  const uiPort = Number(process.env.TEMPORAL_UI_PORT ?? 8833);
  if (uiPort) children.push(startClusterUi(await ensureUiBinary(log), layout, stack.namespace, uiPort));

  const orm = await openOrm(databaseUrl);
  await migrate(orm);
  const secrets = localSecrets(config);
  const demo = await seedDemo(orm, secrets, join(config.dataDir, 'demo-credentials.json'));
  await orm.close();

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_NAMESPACE: stack.namespace,
    PUBLIC_BASE_URL: config.publicBaseUrl,
    HUB_ENCRYPTION_KEY: secrets.encryptionKeys.map((k) => `${k.id}:${k.key.toString('base64')}`).join(','),
    HUB_HASH_PEPPER: secrets.hashPepper.toString('base64'),
    HUB_DEV_WEBHOOK_TARGETS: String(config.devWebhookTargets),
    PAYMENT_CHALLENGE_TIMEOUT: process.env.PAYMENT_CHALLENGE_TIMEOUT ?? 'PT15M',
    // The balancer reaches the API processes from loopback: its X-Forwarded-For names the client (docs/deploy.md).
    TRUSTED_PROXIES: [process.env.TRUSTED_PROXIES, '127.0.0.1/32'].filter(Boolean).join(','),
  };
  // The balancer listens on PORT, where clients reach the API; the API processes on the ports after it.
  const root = join(__dirname, '..');
  const haproxy = await ensureHaproxy(log);
  const apiHost = '127.0.0.1';
  const stateFile = clusterStateFile(dataDir);
  // The workflow bundle built once here: a worker (re)started from it polls in seconds instead of bundling first.
  const bundlePath = join(dataDir, 'workflow-bundle.js');
  writeFileSync(bundlePath, (await buildWorkflowBundle()).code);
  const slots: Slot[] = [
    ...Array.from({ length: workerProcesses }, (_, i): Slot => ({
      name: `worker${i + 1}`,
      role: 'worker',
      entry: 'workers/main.ts',
      env: { WORKER_METRICS_PORT: String(config.workerMetricsPort + i), WORKFLOW_BUNDLE_PATH: bundlePath },
      exits: [],
      quickFailures: 0,
    })),
    ...Array.from({ length: apiProcesses }, (_, i): Slot => ({
      name: `api${i + 1}`,
      role: 'api',
      entry: 'api/server.ts',
      port: config.port + 1 + i,
      env: { HOST: apiHost, PORT: String(config.port + 1 + i) },
      exits: [],
      quickFailures: 0,
    })),
  ];
  const balancerUrl = `http://${config.host}:${config.port}`;
  const statsPort = portOf('BALANCER_STATS_PORT', 8404);
  const runbookBase = process.env.HUB_RUNBOOK_BASE_URL ?? `${config.publicBaseUrl ?? balancerUrl}/docs/runbooks`;
  const balancer = await startBalancer(
    haproxy,
    {
      host: config.host,
      port: config.port,
      servers: slots.filter((s) => s.role === 'api').map((s) => ({ name: s.name, host: apiHost, port: s.port! })),
      dir: join(dataDir, 'balancer'),
      docsBase: config.publicBaseUrl ?? balancerUrl,
      statsPort,
      serverMaxconn: whole('BALANCER_SERVER_MAXCONN', DEFAULT_SERVER_MAXCONN, 10_000),
    },
    (code) => !stopping && (console.error(`[stack] haproxy exited (${code})`), void stopAll()),
  );
  stops.push(() => balancer.stop());

  // Prometheus, Alertmanager and the blackbox exporter, scraping every process of the stack.
  const monitoringBinaries = await ensureMonitoringBinaries(log);
  const webhookUrl = process.env.HUB_ALERT_WEBHOOK_URL || undefined;
  const temporalPorts = clusterPorts(basePort);
  const monitoring = await startMonitoring(monitoringBinaries, {
    dir: join(dataDir, 'monitoring'),
    host: apiHost,
    prometheusPort: portOf('PROMETHEUS_PORT', 9090),
    alertmanagerPort: portOf('ALERTMANAGER_PORT', 9093),
    blackboxPort: portOf('BLACKBOX_PORT', 9115),
    webhookUrl,
    runbookBase,
    interval: process.env.PROMETHEUS_INTERVAL || undefined,
    targets: {
      api: slots.filter((s) => s.role === 'api').map((s) => `${apiHost}:${s.port}`),
      worker: slots.filter((s) => s.role === 'worker').map((s) => `${config.host}:${s.env.WORKER_METRICS_PORT}`),
      haproxy: [`${config.host}:${statsPort}`],
      temporal: CLUSTER_SERVICES.map((service) => ({ service, address: `127.0.0.1:${temporalPorts[service].metrics}` })),
      probes: [`${balancerUrl}/readyz`],
    },
  });
  stops.push(() => monitoring.stop());
  for (const child of monitoring.children)
    child.once('exit', (code) => !stopping && (console.error(`[stack] ${child.spawnfile} exited (${code})`), void stopAll()));
  let ready = false;
  const writeState = () =>
    writeClusterState(stateFile, {
      pid: process.pid,
      ready,
      balancer: { url: balancerUrl, adminDir: join(dataDir, 'balancer'), pid: balancer.child.pid! },
      temporal: { address, namespace: stack.namespace },
      databaseUrl,
      processes: slots.map((s) => ({
        name: s.name,
        role: s.role,
        pid: s.child!.pid!,
        port: s.port,
        startedAt: new Date(s.startedAt!).toISOString(),
        exits: s.exits,
      })),
    });
  // A supervisor, as systemd or Kubernetes would be: a process that ends (a SIGTERM from `npm run deploy:rolling`, a
  // crash, a kill -9) is started again; one that keeps failing within seconds of its start stops the stack.
  const spawnSlot = (slot: Slot) => {
    // Node with tsx's loader, not the tsx CLI: the pid in stack.json is the process itself, which signals reach.
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, slot.entry)], {
      cwd: root,
      env: { ...env, ...slot.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    slot.child = child;
    slot.startedAt = Date.now();
    children.push(child);
    child.once('exit', (code, signal) => {
      children.splice(children.indexOf(child), 1);
      slot.exits.push({ pid: child.pid!, code, signal, at: new Date().toISOString() });
      if (stopping) return;
      const quick = Date.now() - slot.startedAt! < 15_000 && code !== 0;
      slot.quickFailures = quick ? slot.quickFailures + 1 : 0;
      if (slot.quickFailures >= 5) {
        console.error(`[stack] ${slot.name} failed 5 times within seconds of its start: stopping`);
        return void stopAll();
      }
      log(`${slot.name} (pid ${child.pid}) exited (${signal ?? code}): starting it again`);
      setTimeout(
        () => {
          if (stopping) return;
          spawnSlot(slot);
          writeState();
        },
        quick ? 1000 : 0,
      );
    });
  };
  for (const slot of slots) spawnSlot(slot);
  writeState();
  const connection = await Connection.connect({ address });
  try {
    for (const slot of slots)
      await processReady(stateFile, { ...readClusterState(stateFile).processes.find((p) => p.name === slot.name)! }, connection);
  } finally {
    await connection.close();
  }
  ready = true;
  writeState();

  console.log(`
  Dispatch integration hub on Temporal's production server ${TEMPORAL_SERVER_VERSION}.

  API            ${balancerUrl}   (HAProxy ${haproxy.version}: ${apiProcesses} API process(es) behind it, checked on /readyz)
  Temporal       ${address}   namespace ${stack.namespace}, ${shards} history shards, ${matchingPartitions} partition(s) per task queue, services ${CLUSTER_SERVICES.join(', ')} (one process each)
  Temporal UI    ${uiPort ? `http://127.0.0.1:${uiPort}` : 'off (TEMPORAL_UI_PORT=0)'}
  API processes  ${slots
    .filter((s) => s.role === 'api')
    .map((s) => `${s.name} http://${apiHost}:${s.port}`)
    .join('  ')}   (balancer stats: echo 'show stat' | socat - ${balancerSocket(join(dataDir, 'balancer'))})
  Workers        ${workerProcesses} process(es)
  Prometheus     ${monitoring.prometheusUrl}   (retention ${RETENTION}; balancer metrics http://${config.host}:${statsPort}/metrics)
  Alertmanager   ${monitoring.alertmanagerUrl}   (${webhookUrl ? `pages and tickets to ${webhookUrl}` : 'no HUB_ALERT_WEBHOOK_URL: alerts stay here'}; runbooks ${runbookBase})
  PostgreSQL     psql ${databaseUrl}   (and databases temporal, temporal_visibility)

  Demo sandbox partner client_id ${demo.partner.sandbox.clientId}   client_secret ${demo.partner.sandbox.clientSecret}

  A process that exits is started again; npm run deploy:rolling restarts each in turn. Press Ctrl-C to stop everything.
`);
}

interface Slot {
  name: string;
  role: 'api' | 'worker';
  entry: string;
  port?: number;
  env: Record<string, string>;
  child?: ChildProcess;
  startedAt?: number;
  exits: ClusterProcessState['exits'];
  quickFailures: number;
}

let abortStart: (() => Promise<void>) | undefined;

main().catch(async (err) => {
  await abortStart?.().catch(() => undefined);
  fail(err);
});
