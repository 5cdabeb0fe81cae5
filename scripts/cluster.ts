import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openOrm } from '../db/orm';
import { seedDemo } from '../app/demo-seed';
import { fail, loadConfig } from '../infra/config';
import { loadDevStack } from '../infra/dev-stack';
import { embeddedDataDir, startEmbeddedPostgres } from '../infra/embedded-postgres';
import { localSecrets } from '../infra/local-secrets';
import {
  CLUSTER_SERVICES,
  clusterDatabaseOf,
  ensureClusterBinaries,
  setupClusterDatabases,
  startCluster,
  startClusterUi,
  ensureUiBinary,
  TEMPORAL_SERVER_VERSION,
} from '../infra/temporal-cluster';

/**
 * `npm run stack:cluster`: the hub on Temporal's production server instead of the dev server. PostgreSQL (embedded,
 * or DATABASE_URL's server) holds the hub's database and Temporal's two; Temporal's frontend, history, matching and
 * worker services run as four processes; HUB_API_PROCESSES API processes (ports PORT, PORT+1…) and
 * HUB_WORKER_PROCESSES worker processes run against it. Ctrl-C stops all of it. docs/deploy.md.
 */
const count = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 16) fail(new Error(`${name} must be a whole number from 1 to 16`));
  return n;
};

async function main() {
  const config = loadConfig({ HUB_DEV_WEBHOOK_TARGETS: 'true', ...process.env });
  const apiProcesses = count('HUB_API_PROCESSES', 1);
  const workerProcesses = count('HUB_WORKER_PROCESSES', 1);
  const shards = count('TEMPORAL_HISTORY_SHARDS', 4);
  const basePort = Number(process.env.TEMPORAL_CLUSTER_PORT ?? 7833);
  const dataDir = join(config.dataDir, 'cluster');
  mkdirSync(dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const log = (line: string) => console.log(`[stack] ${line}`);
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const child of children.reverse()) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
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
  const layout = { basePort, historyShards: shards, db, dataDir };
  const cluster = await startCluster(binaries, layout, stack, {
    onError: (service, message) => console.error(`[temporal ${service}] ${message}`),
    onExit: (service, code) => !stopping && (console.error(`[stack] temporal ${service} exited (${code})`), void stopAll()),
  });
  stops.push(() => cluster.stop());
  const address = cluster.address;
  const uiPort = Number(process.env.TEMPORAL_UI_PORT ?? 8833);
  const ui = startClusterUi(await ensureUiBinary(log), layout, stack.namespace, uiPort);
  children.push(ui);

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
  };
  const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const hub = (entry: string, extra: Record<string, string>, name: string) => {
    const child = spawn(tsx, [join(__dirname, '..', entry)], { env: { ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => !stopping && (console.error(`[stack] ${name} exited (${code})`), void stopAll()));
    children.push(child);
  };
  for (let i = 0; i < workerProcesses; i++)
    hub('workers/main.ts', { WORKER_METRICS_PORT: String(config.workerMetricsPort + i) }, `worker ${i + 1}`);
  for (let i = 0; i < apiProcesses; i++) hub('api/server.ts', { PORT: String(config.port + i) }, `API ${i + 1}`);

  console.log(`
  Dispatch integration hub on Temporal's production server ${TEMPORAL_SERVER_VERSION}.

  Temporal       ${address}   namespace ${stack.namespace}, ${shards} history shards, services ${CLUSTER_SERVICES.join(', ')} (one process each)
  Temporal UI    http://127.0.0.1:${uiPort}
  API            ${Array.from({ length: apiProcesses }, (_, i) => `http://${config.host}:${config.port + i}`).join('  ')}
  Workers        ${workerProcesses} process(es)
  PostgreSQL     psql ${databaseUrl}   (and databases temporal, temporal_visibility)

  Demo sandbox partner client_id ${demo.partner.sandbox.clientId}   client_secret ${demo.partner.sandbox.clientSecret}

  Press Ctrl-C to stop everything.
`);
}

main().catch(fail);
