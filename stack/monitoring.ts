import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { unpackDebianPackages } from './debian-packages';
import { executable } from './temporal-binaries';

/**
 * Prometheus, Alertmanager and the blackbox exporter of `npm run stack:cluster`: Debian's packages (bookworm:
 * Prometheus 2.42, Alertmanager 0.25, blackbox exporter 0.23), unpacked once into `.temporal/monitoring/` like HAProxy
 * (Alertmanager's Go module lacks its UI assets and does not `go install`). They run with the configs shipped in
 * `ops/` (docs/operations.md "Monitoring"); only the targets, ports and the webhook URL are the stack's.
 */
const run = promisify(execFile);
const projectRoot = join(__dirname, '..');
const OPS = join(projectRoot, 'ops');
const CACHE = join(projectRoot, '.temporal', 'monitoring');
const PACKAGES = ['prometheus', 'prometheus-alertmanager', 'prometheus-blackbox-exporter'];

export interface MonitoringBinaries {
  prometheus: string;
  promtool: string;
  alertmanager: string;
  amtool: string;
  blackbox: string;
}

/**
 * Debian builds Alertmanager to read its default notification template from /usr/share/prometheus/alertmanager, which
 * only an installed package has, and no flag moves it. A copy of the binary has that path replaced (same length, so
 * nothing else moves) by a relative one, which the stack links to the unpacked share dir in Alertmanager's working dir.
 */
const DEBIAN_SHARE = '/usr/share/prometheus/alertmanager';
const LOCAL_SHARE = './debian-alertmanager-share'.padEnd(DEBIAN_SHARE.length, '_');
const SHARE_DIR = join(CACHE, 'usr', 'share', 'prometheus', 'alertmanager');

function relocatedAlertmanager(bin: string): void {
  const target = join(bin, 'alertmanager-relocated');
  if (executable(target)) return;
  const binary = readFileSync(join(bin, 'prometheus-alertmanager'));
  const from = Buffer.from(DEBIAN_SHARE);
  const to = Buffer.from(LOCAL_SHARE);
  for (let at = binary.indexOf(from); at >= 0; at = binary.indexOf(from, at + from.length)) to.copy(binary, at);
  writeFileSync(target, binary, { mode: 0o755 });
}

const cachedBinaries = (): MonitoringBinaries => {
  const bin = join(CACHE, 'usr', 'bin');
  return {
    prometheus: join(bin, 'prometheus'),
    promtool: join(bin, 'promtool'),
    alertmanager: join(bin, 'alertmanager-relocated'),
    amtool: join(bin, 'amtool'),
    blackbox: join(bin, 'prometheus-blackbox-exporter'),
  };
};

/** The three programs (and their promtool and amtool), unpacked from Debian's packages on first use (seconds, once). */
export async function ensureMonitoringBinaries(log: (line: string) => void): Promise<MonitoringBinaries> {
  const binaries = cachedBinaries();
  if (Object.values(binaries).every(executable)) return binaries;
  if (!executable(join(CACHE, 'usr', 'bin', 'prometheus-alertmanager'))) {
    log(`fetching ${PACKAGES.join(', ')} from the Debian packages into .temporal/monitoring/ (once)…`);
    await unpackDebianPackages(PACKAGES, CACHE);
  }
  relocatedAlertmanager(join(CACHE, 'usr', 'bin'));
  const missing = Object.values(binaries).filter((path) => !executable(path));
  if (missing.length) throw new Error(`unpacked into ${CACHE}, but ${missing.join(', ')} missing`);
  const { stdout } = await run(binaries.prometheus, ['--version']);
  log(`${stdout.split('\n')[0]} in .temporal/monitoring/`);
  return binaries;
}

export interface MonitoringTargets {
  /** host:port of each API process and worker metrics listener. */
  api: string[];
  worker: string[];
  /** host:port of HAProxy's exporter. */
  haproxy: string[];
  /** Each Temporal service's metrics listener. */
  temporal: { service: string; address: string }[];
  /** URLs the blackbox exporter probes (the balancer's /readyz). */
  probes: string[];
}

export interface MonitoringLayout {
  dir: string;
  host: string;
  prometheusPort: number;
  alertmanagerPort: number;
  blackboxPort: number;
  targets: MonitoringTargets;
  /** Pages and tickets go there (HUB_ALERT_WEBHOOK_URL); without it alerts stay in Alertmanager. */
  webhookUrl?: string;
  /** Where docs/runbooks.md is served: each alert's runbook_url starts with it. */
  runbookBase: string;
  /** Scrape and rule evaluation interval (the shipped config's 15s unless given, e.g. 5s for the paging proofs). */
  interval?: string;
}

type FileSd = { targets: string[]; labels?: Record<string, string> }[];

/** The file_sd files ops/prometheus/prometheus.yml reads, for this stack's processes. */
export function targetFiles(layout: MonitoringLayout): Record<string, FileSd> {
  const { targets, host } = layout;
  return {
    'api.json': [{ targets: targets.api }],
    'worker.json': [{ targets: targets.worker }],
    'haproxy.json': [{ targets: targets.haproxy }],
    'temporal.json': targets.temporal.map((t) => ({ targets: [t.address], labels: { service: t.service } })),
    'probe.json': [{ targets: targets.probes, labels: { blackbox: `${host}:${layout.blackboxPort}` } }],
    'alertmanager.json': [{ targets: [`${host}:${layout.alertmanagerPort}`] }],
    'prometheus.json': [{ targets: [`${host}:${layout.prometheusPort}`] }],
  };
}

/**
 * ops/alertmanager/alertmanager.yml with `${HUB_ALERT_WEBHOOK_URL}` put in, or, without a URL, its receivers left
 * with no webhook (alerts then stay visible in Alertmanager only).
 */
export function alertmanagerConfig(shipped: string, webhookUrl: string | undefined): string {
  const config = parse(shipped) as { receivers: { name: string; webhook_configs?: { url: string }[] }[] };
  for (const receiver of config.receivers) {
    if (!webhookUrl) delete receiver.webhook_configs;
    else for (const hook of receiver.webhook_configs ?? []) hook.url = hook.url.replace('${HUB_ALERT_WEBHOOK_URL}', webhookUrl);
  }
  return stringify(config);
}

/** ops/prometheus/prometheus.yml, with another scrape and evaluation interval when one is given. */
export function prometheusConfig(shipped: string, interval: string | undefined): string {
  if (!interval) return shipped;
  return shipped
    .replace(/^ {2}scrape_interval: \S+$/m, `  scrape_interval: ${interval}`)
    .replace(/^ {2}evaluation_interval: \S+$/m, `  evaluation_interval: ${interval}`);
}

/** How long Prometheus keeps samples: the SLO rules read 30-day windows, so more than Prometheus's default 15 days. */
export const RETENTION = '35d';

export interface RunningMonitoring {
  prometheusUrl: string;
  alertmanagerUrl: string;
  children: ChildProcess[];
  stop(): Promise<void>;
}

async function answers(url: string, timeoutMs: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}); see ${log}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms; see ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Writes the configs and targets under `layout.dir` (prometheus/, alertmanager/, blackbox/, each with its data and
 * its log), checks them (`promtool check config`, `amtool check-config`) and starts the three; resolves once each
 * answers its readiness endpoint.
 */
export async function startMonitoring(binaries: MonitoringBinaries, layout: MonitoringLayout): Promise<RunningMonitoring> {
  const dirs = {
    prometheus: join(layout.dir, 'prometheus'),
    alertmanager: join(layout.dir, 'alertmanager'),
    blackbox: join(layout.dir, 'blackbox'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(join(dir, 'data'), { recursive: true });
  rmSync(join(dirs.alertmanager, LOCAL_SHARE), { force: true });
  symlinkSync(SHARE_DIR, join(dirs.alertmanager, LOCAL_SHARE));
  mkdirSync(join(dirs.prometheus, 'targets'), { recursive: true });
  for (const file of ['hub-slo.rules.yml', 'hub-outage.rules.yml'])
    copyFileSync(join(OPS, 'prometheus', file), join(dirs.prometheus, file));
  writeFileSync(
    join(dirs.prometheus, 'prometheus.yml'),
    prometheusConfig(readFileSync(join(OPS, 'prometheus', 'prometheus.yml'), 'utf8'), layout.interval),
  );
  for (const [file, content] of Object.entries(targetFiles(layout)))
    writeFileSync(join(dirs.prometheus, 'targets', file), `${JSON.stringify(content, null, 2)}\n`);
  writeFileSync(
    join(dirs.alertmanager, 'alertmanager.yml'),
    alertmanagerConfig(readFileSync(join(OPS, 'alertmanager', 'alertmanager.yml'), 'utf8'), layout.webhookUrl),
  );
  copyFileSync(join(OPS, 'blackbox', 'blackbox.yml'), join(dirs.blackbox, 'blackbox.yml'));
  const env = { ...process.env, HUB_RUNBOOK_BASE_URL: layout.runbookBase };
  await run(binaries.promtool, ['check', 'config', join(dirs.prometheus, 'prometheus.yml')], { env });
  await run(binaries.amtool, ['check-config', join(dirs.alertmanager, 'alertmanager.yml')]);

  const { host } = layout;
  const children: ChildProcess[] = [];
  const start = (name: keyof typeof dirs, path: string, args: string[]) => {
    const out = openSync(join(dirs[name], `${name}.log`), 'a');
    const child = spawn(path, args, { cwd: dirs[name], env, stdio: ['ignore', out, out] });
    closeSync(out);
    children.push(child);
    return child;
  };
  const alertmanager = start('alertmanager', binaries.alertmanager, [
    `--config.file=${join(dirs.alertmanager, 'alertmanager.yml')}`,
    `--storage.path=${join(dirs.alertmanager, 'data')}`,
    `--web.listen-address=${host}:${layout.alertmanagerPort}`,
    '--cluster.listen-address=', // one Alertmanager: no gossip port
    `--web.ui-path=${join(SHARE_DIR, 'ui')}/`,
  ]);
  const blackbox = start('blackbox', binaries.blackbox, [
    `--config.file=${join(dirs.blackbox, 'blackbox.yml')}`,
    `--web.listen-address=${host}:${layout.blackboxPort}`,
  ]);
  const prometheus = start('prometheus', binaries.prometheus, [
    `--config.file=${join(dirs.prometheus, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dirs.prometheus, 'data')}`,
    `--storage.tsdb.retention.time=${RETENTION}`,
    '--enable-feature=expand-external-labels',
    `--web.listen-address=${host}:${layout.prometheusPort}`,
    '--web.enable-lifecycle',
  ]);
  const prometheusUrl = `http://${host}:${layout.prometheusPort}`;
  const alertmanagerUrl = `http://${host}:${layout.alertmanagerPort}`;
  const stop = async () => {
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
  };
  try {
    await answers(`${alertmanagerUrl}/-/ready`, 30_000, alertmanager, join(dirs.alertmanager, 'alertmanager.log'));
    await answers(`http://${host}:${layout.blackboxPort}/`, 30_000, blackbox, join(dirs.blackbox, 'blackbox.log'));
    await answers(`${prometheusUrl}/-/ready`, 60_000, prometheus, join(dirs.prometheus, 'prometheus.log'));
  } catch (err) {
    await stop();
    throw err;
  }
  return { prometheusUrl, alertmanagerUrl, children, stop };
}
