import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import type { DevStack } from '../infra/dev-stack';
import { registerSearchAttributes } from '../infra/search-attribute-registration';

/**
 * Temporal's production server, locally: built from the Go module at a pinned version (cached under
 * `.temporal/cluster/<version>`), its schemas set up in PostgreSQL with the module's SQL tool, and frontend, history,
 * matching and worker run as four processes from one config file. docs/deploy.md ("The production engine, locally").
 */
export const TEMPORAL_SERVER_VERSION = 'v1.32.0';
/** The Web UI the Temporal CLI 1.9.1 ships; later ui-server versions ask for a newer Go than 1.26.8. */
export const TEMPORAL_UI_VERSION = 'v2.54.1';
export const CLUSTER_SERVICES = ['history', 'matching', 'frontend', 'worker'] as const;
export type ClusterService = (typeof CLUSTER_SERVICES)[number];

const run = promisify(execFile);
const projectRoot = join(__dirname, '..');

export interface ClusterBinaries {
  server: string;
  sqlTool: string;
  /** `schema/postgresql/v12` of the module: `temporal/versioned` and `visibility/versioned`. */
  schemaDir: string;
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * `go install go.temporal.io/server/cmd/server@<version>` and `…/cmd/tools/sql@<version>` into the project's cache,
 * once (about four minutes on two cores); later calls find them. The Go toolchain of the machine is used as is
 * (GOTOOLCHAIN=local): v1.32.0 builds with Go 1.26.
 */
export async function ensureClusterBinaries(log: (line: string) => void, version = TEMPORAL_SERVER_VERSION): Promise<ClusterBinaries> {
  const bin = join(projectRoot, '.temporal', 'cluster', version, 'bin');
  const env = { ...process.env, GOBIN: bin, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };
  if (!executable(join(bin, 'server')) || !executable(join(bin, 'sql'))) {
    mkdirSync(bin, { recursive: true });
    log(`building Temporal server ${version} with ${(await run('go', ['version'])).stdout.trim()} (once; a few minutes)…`);
    await run('go', ['install', `go.temporal.io/server/cmd/server@${version}`, `go.temporal.io/server/cmd/tools/sql@${version}`], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
  }
  const modCache = (await run('go', ['env', 'GOMODCACHE'], { env })).stdout.trim();
  return {
    server: join(bin, 'server'),
    sqlTool: join(bin, 'sql'),
    schemaDir: join(modCache, 'go.temporal.io', `server@${version}`, 'schema', 'postgresql', 'v12'),
  };
}

/** `go install github.com/temporalio/ui-server/v2/cmd/server@<version>` (its assets are embedded), once; its path. */
export async function ensureUiBinary(log: (line: string) => void, version = TEMPORAL_UI_VERSION): Promise<string> {
  const bin = join(projectRoot, '.temporal', 'cluster', `ui-${version}`, 'bin');
  if (!executable(join(bin, 'server'))) {
    mkdirSync(bin, { recursive: true });
    log(`building the Temporal Web UI ${version} (once; under a minute)…`);
    await run('go', ['install', `github.com/temporalio/ui-server/v2/cmd/server@${version}`], {
      env: { ...process.env, GOBIN: bin, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
      maxBuffer: 64 * 1024 * 1024,
    });
  }
  return join(bin, 'server');
}

/** The Web UI on `port`, against the cluster's frontend, from a config of its own beside the cluster's. */
export function startClusterUi(uiBinary: string, layout: ClusterLayout, namespace: string, port: number): ChildProcess {
  const dir = resolve(layout.dataDir, 'config', 'ui');
  mkdirSync(dir, { recursive: true });
  const config = `temporalGrpcAddress: 127.0.0.1:${clusterPorts(layout.basePort).frontend.grpc}\nport: ${port}\nenableUi: true\ndefaultNamespace: ${namespace}\n`;
  writeFileSync(join(dir, 'base.yaml'), config);
  writeFileSync(join(dir, 'cluster.yaml'), '');
  return spawn(uiBinary, ['--root', '/', '--config', dir, '--env', 'cluster', 'start'], { stdio: 'ignore' });
}

export interface ClusterDatabase {
  host: string;
  port: number;
  user: string;
  password: string;
}

/** The server, user and password of a PostgreSQL URL, for Temporal's own databases beside the hub's. */
export function clusterDatabaseOf(databaseUrl: string): ClusterDatabase {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** Creates `temporal` and `temporal_visibility` and brings their schemas to the module's latest version (idempotent). */
export async function setupClusterDatabases(binaries: ClusterBinaries, db: ClusterDatabase): Promise<void> {
  const base = ['--plugin', 'postgres12', '--ep', db.host, '-p', String(db.port), '-u', db.user, '--pw', db.password];
  for (const [name, schema] of [
    ['temporal', 'temporal'],
    ['temporal_visibility', 'visibility'],
  ] as const) {
    const tool = (...args: string[]) => run(binaries.sqlTool, [...base, '--db', name, ...args]);
    await tool('create').catch((err: { stderr?: string }) => {
      if (!/already exists/.test(err.stderr ?? String(err))) throw err;
    });
    await tool('setup-schema', '-v', '0.0').catch((err: { stderr?: string }) => {
      if (!/already exists|schema_version/.test(err.stderr ?? String(err))) throw err;
    });
    await tool('update-schema', '-d', join(binaries.schemaDir, schema, 'versioned'));
  }
}

export interface ClusterLayout {
  /** The frontend's gRPC port; the other services take the next ones (see `clusterPorts`). */
  basePort: number;
  historyShards: number;
  /** Partitions of every task queue (TEMPORAL_MATCHING_PARTITIONS); 1 unless several matching hosts share the load. */
  matchingPartitions?: number;
  db: ClusterDatabase;
  dataDir: string;
}

/** Ports per service: gRPC, membership (gossip) and Prometheus metrics, and the frontend's HTTP API. */
export function clusterPorts(
  basePort: number,
): Record<ClusterService, { grpc: number; membership: number; metrics: number }> & { frontendHttp: number } {
  const at = (i: number) => ({ grpc: basePort + i, membership: basePort + 100 + i, metrics: basePort + 200 + i });
  return { frontend: at(0), history: at(1), matching: at(2), worker: at(3), frontendHttp: basePort + 10 };
}

/** Every port of `clusterPorts` as an offset from the base, to find a free block for a cluster. */
export function clusterPortOffsets(): number[] {
  const ports = clusterPorts(0);
  return [
    ...CLUSTER_SERVICES.flatMap((service) => [ports[service].grpc, ports[service].membership, ports[service].metrics]),
    ports.frontendHttp,
  ];
}

/**
 * The config a service starts from, the same for all four but for the metrics listener (each process serves its
 * Prometheus metrics on its own port, scraped by the stack's Prometheus): persistence in PostgreSQL (default and
 * visibility stores), the shard count, each service's ports; no archival. Dynamic config from an absolute path, as the
 * server resolves a relative one against its working dir.
 */
function clusterConfigYaml(layout: ClusterLayout, dynamicConfigPath: string, metricsPort: number): string {
  const p = clusterPorts(layout.basePort);
  const store = (database: string, conns: number) => `
      sql:
        pluginName: postgres12
        databaseName: ${database}
        connectAddr: "${layout.db.host}:${layout.db.port}"
        connectProtocol: tcp
        user: ${layout.db.user}
        password: "${layout.db.password}"
        maxConns: ${conns}
        maxIdleConns: ${conns}
        maxConnLifetime: 1h`;
  const service = (name: ClusterService) => `
  ${name}:
    rpc:
      grpcPort: ${p[name].grpc}
      membershipPort: ${p[name].membership}
      bindOnLocalHost: true${name === 'frontend' ? `\n      httpPort: ${p.frontendHttp}` : ''}`;
  return `log:
  stdout: true
  level: warn
persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: ${layout.historyShards}
  datastores:
    postgres-default:${store('temporal', 20)}
    postgres-visibility:${store('temporal_visibility', 5)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: "127.0.0.1:${metricsPort}"
services:${CLUSTER_SERVICES.map(service).join('')}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:${p.frontend.grpc}"
dcRedirectionPolicy:
  policy: noop
archival:
  history:
    state: disabled
  visibility:
    state: disabled
namespaceDefaults:
  archival:
    history:
      state: disabled
    visibility:
      state: disabled
dynamicConfigClient:
  filepath: "${dynamicConfigPath}"
  pollInterval: 10s
`;
}

/** Writes each service's config (`<dataDir>/config/<service>.yaml`) and the dynamic config beside them; returns the dir. */
function writeClusterConfig(layout: ClusterLayout, dynamicConfig: Record<string, unknown>): string {
  const dir = resolve(layout.dataDir, 'config');
  mkdirSync(dir, { recursive: true });
  const dynamicPath = join(dir, 'dynamicconfig.yaml');
  writeFileSync(
    dynamicPath,
    Object.entries(dynamicConfig)
      .map(([key, value]) => `${key}:\n  - value: ${JSON.stringify(value)}\n    constraints: {}\n`)
      .join(''),
  );
  const ports = clusterPorts(layout.basePort);
  for (const service of CLUSTER_SERVICES)
    writeFileSync(join(dir, `${service}.yaml`), clusterConfigYaml(layout, dynamicPath, ports[service].metrics));
  return dir;
}

/** Starts one service of the cluster; its output goes to `onLine`. */
function startClusterService(
  binaries: ClusterBinaries,
  configDir: string,
  service: ClusterService,
  onLine: (service: ClusterService, line: string) => void,
): ChildProcess {
  const child = spawn(
    binaries.server,
    ['--config-file', join(configDir, `${service}.yaml`), '--allow-no-auth', 'start', '--service', service],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((line) => onLine(service, line)),
    );
  return child;
}

/** Resolves once something accepts TCP connections on the port (a service's gRPC server is up). */
async function listening(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.end(), done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function frontendConnection(address: string): Promise<Connection> {
  for (let i = 0; ; i++) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.workflowService.getSystemInfo({});
      return connection;
    } catch (err) {
      if (i > 120) throw new Error(`the frontend at ${address} did not answer within a minute: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Registers the namespace (if new) and waits until every service knows it; then the stack's search attributes. */
async function prepareNamespace(connection: Connection, stack: DevStack): Promise<void> {
  try {
    await connection.workflowService.registerNamespace({ namespace: stack.namespace, workflowExecutionRetentionPeriod: msToTs('3 days') });
  } catch (err) {
    if (!/already exists/i.test((err as Error).message)) throw err;
  }
  for (let i = 0; ; i++) {
    try {
      await connection.workflowService.listWorkflowExecutions({ namespace: stack.namespace, pageSize: 1 });
      break;
    } catch (err) {
      if (i > 60) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const registration = await registerSearchAttributes(connection, stack.namespace, stack);
  if (registration.conflicts.length) throw new Error(`search attributes with another type: ${JSON.stringify(registration.conflicts)}`);
}

export interface ClusterEvents {
  onError?: (service: ClusterService, message: string) => void;
  onExit?: (service: ClusterService, code: number | null) => void;
}

/**
 * From nothing to a running cluster on the PostgreSQL server of `databaseUrl`: the binaries built once, Temporal's two
 * databases set up beside the hub's, the services started and the namespace prepared.
 */
export async function startClusterOn(
  databaseUrl: string,
  layout: Omit<ClusterLayout, 'db'>,
  stack: DevStack,
  options: ClusterEvents & { log?: (line: string) => void } = {},
): Promise<RunningCluster> {
  const binaries = await ensureClusterBinaries(options.log ?? (() => undefined));
  const db = clusterDatabaseOf(databaseUrl);
  await setupClusterDatabases(binaries, db);
  return startCluster(binaries, { ...layout, db }, stack, options);
}

export interface RunningCluster {
  /** The frontend's gRPC address. */
  address: string;
  /** SIGKILLs one service's process (a crash), or all of them with `stop`. */
  kill(service: ClusterService): Promise<void>;
  /** Starts a service again after `kill`. */
  restart(service: ClusterService): Promise<void>;
  /** The running services' process ids (a killed one is absent until restarted). */
  pids(): Partial<Record<ClusterService, number>>;
  stop(): Promise<void>;
}

/**
 * Starts the four services, one after the other (started together on a fresh database they race to write its cluster
 * metadata and all but one exit), then prepares the stack's namespace and search attributes.
 */
export async function startCluster(
  binaries: ClusterBinaries,
  layout: ClusterLayout,
  stack: DevStack,
  options: ClusterEvents = {},
): Promise<RunningCluster> {
  const configDir = writeClusterConfig(layout, {
    'frontend.enableUpdateWorkflowExecution': true,
    'frontend.enableExecuteMultiOperation': true,
    'system.forceSearchAttributesCacheRefreshOnRead': true,
    // Partitions spread a task queue over several matching hosts; with one matching process, the server's default 4
    // only add hops (a poll on an empty partition is forwarded to the root) and split a backlog over four readers: on
    // a backlog of 500 first booking steps, 1 partition ran 11.1 a second against 7.7 with 4, at two thirds of the
    // Temporal and half the PostgreSQL CPU per task (docs/deploy.md, "Throughput of the cluster").
    'matching.numTaskqueueReadPartitions': layout.matchingPartitions ?? 1,
    'matching.numTaskqueueWritePartitions': layout.matchingPartitions ?? 1,
    // Task priority and fairness keys (contracts/task-queues.ts), as in temporal-dev.yml.
    'matching.useNewMatcher': true,
    'matching.enableFairness': true,
  });
  const ports = clusterPorts(layout.basePort);
  const processes = new Map<ClusterService, ChildProcess>();
  const start = async (service: ClusterService) => {
    const child = startClusterService(binaries, configDir, service, (s, line) => {
      const entry = /"level":"(error|fatal)".*?"msg":"([^"]*)"/.exec(line);
      if (entry) options.onError?.(s, `${entry[1]}: ${entry[2]}`);
    });
    child.once('exit', (code) => processes.get(service) === child && options.onExit?.(service, code));
    processes.set(service, child);
    await listening(ports[service].grpc);
  };
  const ended = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  for (const service of CLUSTER_SERVICES) await start(service);
  const address = `127.0.0.1:${ports.frontend.grpc}`;
  const connection = await frontendConnection(address);
  await prepareNamespace(connection, stack);
  await connection.close();
  return {
    address,
    async kill(service) {
      const child = processes.get(service)!;
      processes.delete(service);
      child.kill('SIGKILL');
      await ended(child);
    },
    restart: start,
    pids: () => Object.fromEntries([...processes].map(([service, child]) => [service, child.pid])),
    async stop() {
      const children = [...processes.values()].reverse();
      processes.clear();
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map(ended));
    },
  };
}
