import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Temporal's production server, locally: built from the Go module at a pinned version (cached under
 * `.temporal/cluster/<version>`), its schemas set up in PostgreSQL with the module's SQL tool, and frontend, history,
 * matching and worker run as four processes from one config file. docs/deploy.md ("The production engine, locally").
 */
export const TEMPORAL_SERVER_VERSION = 'v1.32.0';
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

export interface ClusterDatabase {
  host: string;
  port: number;
  user: string;
  password: string;
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
  db: ClusterDatabase;
  dataDir: string;
}

/** Ports per service: gRPC and membership (gossip), and the frontend's HTTP API. */
export function clusterPorts(basePort: number): Record<ClusterService, { grpc: number; membership: number }> & { frontendHttp: number } {
  return {
    frontend: { grpc: basePort, membership: basePort + 100 },
    history: { grpc: basePort + 1, membership: basePort + 101 },
    matching: { grpc: basePort + 2, membership: basePort + 102 },
    worker: { grpc: basePort + 3, membership: basePort + 103 },
    frontendHttp: basePort + 10,
  };
}

/**
 * The one config file all four services start from: persistence in PostgreSQL (default and visibility stores), the
 * shard count, each service's ports; no archival, and no metrics listener (one fixed address cannot serve four
 * processes). Dynamic config from an absolute path, as the server resolves a relative one against its working dir.
 */
export function clusterConfigYaml(layout: ClusterLayout, dynamicConfigPath: string): string {
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

/** Writes the config (`<dataDir>/config/cluster.yaml`) and the dynamic config beside it; returns the config dir. */
export function writeClusterConfig(layout: ClusterLayout, dynamicConfig: Record<string, unknown>): string {
  const dir = resolve(layout.dataDir, 'config');
  mkdirSync(dir, { recursive: true });
  const dynamicPath = join(dir, 'dynamicconfig.yaml');
  writeFileSync(
    dynamicPath,
    Object.entries(dynamicConfig)
      .map(([key, value]) => `${key}:\n  - value: ${JSON.stringify(value)}\n    constraints: {}\n`)
      .join(''),
  );
  writeFileSync(join(dir, 'cluster.yaml'), clusterConfigYaml(layout, dynamicPath));
  return dir;
}

/** Starts one service of the cluster; its output goes to `onLine`. */
export function startClusterService(
  binaries: ClusterBinaries,
  configDir: string,
  service: ClusterService,
  onLine: (service: ClusterService, line: string) => void,
): ChildProcess {
  const child = spawn(
    binaries.server,
    ['--config-file', join(configDir, 'cluster.yaml'), '--allow-no-auth', 'start', '--service', service],
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
