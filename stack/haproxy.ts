import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { unpackDebianPackages } from './debian-packages';
import { executable } from './temporal-binaries';
import { createConnection } from 'node:net';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * HAProxy, the load balancer of `npm run stack:cluster` and of the uptime proofs: the Debian package (bookworm ships
 * 2.6 LTS), fetched once with `apt-get download` and unpacked into `.temporal/haproxy/` with the two libraries it needs
 * beyond a base system, so running it needs no root and no system install. docs/deploy.md ("The load balancer").
 */
const run = promisify(execFile);
const projectRoot = join(__dirname, '..');
const CACHE = join(projectRoot, '.temporal', 'haproxy');
/** haproxy and what it links that a minimal Debian lacks (Lua, and the OpenTracing wrapper it is built with). */
const PACKAGES = ['haproxy', 'liblua5.3-0', 'libopentracing-c-wrapper0', 'libopentracing1'];

export interface HaproxyBinary {
  path: string;
  /** The environment it runs in (the unpacked libraries on LD_LIBRARY_PATH). */
  env: NodeJS.ProcessEnv;
  version: string;
}

async function probe(path: string, env: NodeJS.ProcessEnv): Promise<HaproxyBinary | undefined> {
  if (!executable(path)) return undefined;
  try {
    const { stdout } = await run(path, ['-v'], { env });
    return { path, env, version: /HAProxy version (\S+)/.exec(stdout)?.[1] ?? 'unknown' };
  } catch {
    return undefined;
  }
}

const cachedEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  LD_LIBRARY_PATH: [
    join(CACHE, 'usr', 'lib', 'x86_64-linux-gnu'),
    join(CACHE, 'usr', 'lib', 'aarch64-linux-gnu'),
    process.env.LD_LIBRARY_PATH,
  ]
    .filter(Boolean)
    .join(delimiter),
});

/**
 * The haproxy to run: HAPROXY_PATH when set; else the one unpacked in `.temporal/haproxy/` (instant once there); else
 * `haproxy` on the PATH; else the Debian packages downloaded (`apt-get download`, after an `apt-get update` when the
 * package lists lack them and we are root) and unpacked into `.temporal/haproxy/` (a few seconds, once).
 */
export async function ensureHaproxy(log: (line: string) => void): Promise<HaproxyBinary> {
  if (process.env.HAPROXY_PATH) {
    const given = await probe(process.env.HAPROXY_PATH, process.env);
    if (!given) throw new Error(`HAPROXY_PATH=${process.env.HAPROXY_PATH} does not run (haproxy -v)`);
    return given;
  }
  const cached = join(CACHE, 'usr', 'sbin', 'haproxy');
  const found = (await probe(cached, cachedEnv())) ?? (await probe('/usr/sbin/haproxy', process.env));
  if (found) return found;
  log('fetching HAProxy from the Debian packages into .temporal/haproxy/ (once)…');
  await unpackDebianPackages(PACKAGES, CACHE);
  const installed = await probe(cached, cachedEnv());
  if (!installed) throw new Error(`HAProxy unpacked into ${CACHE} does not run; install it with: apt-get install -y haproxy`);
  log(`HAProxy ${installed.version} in .temporal/haproxy/`);
  return installed;
}

/**
 * How the balancer checks each API process: `GET /readyz` every `interMs`, out after `fall` failures in a row (a
 * refused connection or a 503, or no answer within `timeoutMs`: /readyz answers within a second by design, so a slow
 * machine does not take healthy processes out), back after `rise` passes. A process that dies or starts draining (a
 * refused connection, a 503: no wait) is out within `fall` × `inter`; even a hung one within `maxDetectionMs`, 2 s. The
 * API's SHUTDOWN_DRAIN_SECONDS (5) leaves ample margin.
 */
export const HEALTH_CHECK = { interMs: 500, fastInterMs: 250, fall: 2, rise: 2, timeoutMs: 1000 } as const;
/** The longest a failing process stays in rotation: the check that was just passed, then `fall` failed ones. */
export const maxDetectionMs = (check: typeof HEALTH_CHECK = HEALTH_CHECK) => check.fall * check.interMs + check.timeoutMs;

export interface BalancerLayout {
  /** Where the balancer listens for clients. */
  host: string;
  port: number;
  /** The API processes, each `name` (api1, api2…) at its own port. */
  servers: { name: string; host: string; port: number }[];
  /** Holds the config and the admin socket. */
  dir: string;
  /** For the `type` of the balancer's own 503 (problem+json like the hub's). */
  docsBase: string;
  /** Where HAProxy's built-in Prometheus exporter answers (`/metrics`) beside its stats page (`/stats`). */
  statsPort: number;
  /** Requests one API process gets at once; more wait in the backend's queue (`timeout queue`), then 503. */
  serverMaxconn?: number;
}

/** The `Retry-After` of every 503 the hub answers (api/ops-routes.ts), so the balancer's own 503 says the same. */
export const RETRY_AFTER_SECONDS = 5;
/** Requests in flight on one API process before the next ones queue at the balancer (BALANCER_SERVER_MAXCONN). */
export const DEFAULT_SERVER_MAXCONN = 100;

export const balancerSocket = (dir: string) => join(dir, 'haproxy.sock');

/**
 * The request's path and query as the balancer logs them, in HAProxy's terms what infra/redact-path.ts does for the
 * hub's own logs: the link token after `/console/login/`, `/track/`, `/receipts/` and `/pay/`, and the value of a
 * secret-named query parameter, become `[redacted]`. Set on every request (`txn.logged_uri`); the raw URI is never logged.
 */
export const LOGGED_URI_RULE =
  'http-request set-var(txn.logged_uri) pathq' +
  `,'regsub("^/+(console/+login|track|receipts|pay)/+[^/?]+","/\\1/[redacted]",i)'` +
  `,'regsub("([?&]([^=&]*(token|secret|passw|signature|(api|access|private)[_-]?key|session|credential|auth|jwt|otp)[^=&]*|sig|code)=)[^&]*","\\1[redacted]",gi)'`;

/** HAProxy's HTTP log format (`option httplog`) with the request line's URI replaced by `txn.logged_uri`. */
export const BALANCER_LOG_FORMAT =
  '%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs \\"%HM %[var(txn.logged_uri)] %HV\\"';

/**
 * The config: round robin over the API processes with the health check above; connections to a process are closed
 * after each answer (`http-server-close`: no kept-alive connection for a restarting process to cut under a request);
 * a refused connection is retried on another process (`retry-on conn-failure`, `redispatch`), and so is a request a
 * process died under without answering (`empty-response`) when repeating it is safe: GET, HEAD, PUT, DELETE, OPTIONS,
 * or a write carrying an `Idempotency-Key` (the hub answers its repeat as the first); any other write cut that way is
 * lost, as it would be without a balancer. When no process is ready (PostgreSQL down fails every /readyz), or a request
 * waited in the queue longer than `timeout queue` for a process under its `maxconn`, the balancer answers itself what
 * the hub would: 503 problem+json `service_unavailable` with the hub's `Retry-After`. Each request is logged (HAProxy's
 * HTTP log format, its URI redacted as LOGGED_URI_RULE says, on its stdout: `access.log` beside the config); the client's address travels in `X-Forwarded-For`
 * (`option forwardfor`), which the API reads when the balancer's address is in TRUSTED_PROXIES.
 */
export function balancerConfig(layout: BalancerLayout, check: typeof HEALTH_CHECK = HEALTH_CHECK): string {
  const problem = JSON.stringify({
    type: `${layout.docsBase}/docs/errors#service_unavailable`,
    title: 'Service unavailable',
    status: 503,
    detail: 'No API process is ready to answer (a dependency is down or every process is restarting); retry after Retry-After.',
    instance: '%[path]',
    code: 'service_unavailable',
    request_id: 'req_%[uuid,regsub(-,,g)]',
  });
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${balancerSocket(layout.dir)} mode 600 level admin`,
    '  log stdout format raw local0',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option forwardfor',
    '  timeout connect 1s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-request 10s',
    '  timeout queue 5s',
    `  timeout check ${check.timeoutMs}ms`,
    '  option http-server-close',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    '',
    'frontend api',
    `  bind ${layout.host}:${layout.port}`,
    `  ${LOGGED_URI_RULE}`,
    `  log-format "${BALANCER_LOG_FORMAT}"`,
    '  default_backend api',
    '',
    'frontend stats',
    `  bind ${layout.host}:${layout.statsPort}`,
    '  no log',
    '  http-request use-service prometheus-exporter if { path /metrics }',
    '  stats enable',
    '  stats uri /stats',
    '',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  http-request disable-l7-retry if !{ method GET HEAD PUT DELETE OPTIONS } !{ req.hdr(idempotency-key) -m found }',
    `  default-server check inter ${check.interMs}ms fastinter ${check.fastInterMs}ms downinter ${check.interMs}ms fall ${check.fall} rise ${check.rise} maxconn ${layout.serverMaxconn ?? DEFAULT_SERVER_MAXCONN}`,
    `  http-error status 503 content-type application/problem+json hdr Retry-After ${RETRY_AFTER_SECONDS} hdr Cache-Control no-store lf-string '${problem}'`,
    ...layout.servers.map((s) => `  server ${s.name} ${s.host}:${s.port}`),
    '',
  ].join('\n');
}

/**
 * Writes the config and runs haproxy in the foreground, its request log appended to `access.log` beside the config;
 * `stop()` ends it (SIGTERM: soft stop of its listeners).
 */
export async function startBalancer(
  binary: HaproxyBinary,
  layout: BalancerLayout,
  onExit?: (code: number | null) => void,
): Promise<{ child: ChildProcess; configFile: string; stop: () => Promise<void> }> {
  mkdirSync(layout.dir, { recursive: true });
  const configFile = join(layout.dir, 'haproxy.cfg');
  writeFileSync(configFile, balancerConfig(layout));
  await run(binary.path, ['-c', '-q', '-f', configFile], { env: binary.env });
  const accessLog = openSync(join(layout.dir, 'access.log'), 'a');
  const child = spawn(binary.path, ['-db', '-f', configFile], { env: binary.env, stdio: ['ignore', accessLog, 'pipe'] });
  closeSync(accessLog);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  let stopping = false;
  child.once('exit', (code) => !stopping && onExit?.(code));
  const deadline = Date.now() + 10_000;
  while (
    !(await balancerStats(layout.dir).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`haproxy's stats socket did not answer within 10 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    configFile,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One command on the admin socket; its whole answer. */
export function balancerCommand(dir: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(balancerSocket(dir));
    let out = '';
    socket.setTimeout(2000, () => socket.destroy(new Error('haproxy admin socket timed out')));
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (d) => (out += String(d)));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

export interface ServerStat {
  name: string;
  /** `UP`, `DOWN`, `MAINT`, or a transition (`UP 1/2`: failing, `DOWN 1/2`: rising). */
  status: string;
  /** Sessions the balancer has sent it since start. */
  sessions: number;
  /** The last check's result (`L7OK`, `L7STS` for a 503, `L4CON` for a refused connection…). */
  checkStatus: string;
  /** Seconds since its status last changed. */
  lastChangeSeconds: number;
}

/** `show stat` of the API backend: each server's status and counters. */
export async function balancerStats(dir: string): Promise<ServerStat[]> {
  const csv = await balancerCommand(dir, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((line) => line.split(','))
    .filter((f) => f[at('pxname')] === 'api' && f[at('svname')] !== 'BACKEND' && f[at('svname')] !== 'FRONTEND')
    .map((f) => ({
      name: f[at('svname')],
      status: f[at('status')],
      sessions: Number(f[at('stot')]),
      checkStatus: f[at('check_status')],
      lastChangeSeconds: Number(f[at('lastchg')]),
    }));
}
