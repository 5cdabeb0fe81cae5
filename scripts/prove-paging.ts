import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../infra/config';
import { clusterStateFile, readClusterState } from '../stack/cluster-state';
import { freePort, freePortBlock } from '../stack/ports';
import { startReceiver, type ReceivedRequest } from '../stack/receiver';
import { clusterPortOffsets } from '../stack/temporal-cluster';
import { bookingBody } from '../test/support/fixtures';

/**
 * `npm run prove:paging`: that a stopped hub pages. `npm run stack:cluster` (one API process, one worker) with a local
 * receiver as HUB_ALERT_WEBHOOK_URL; then every worker is stopped (SIGSTOP) and a booking created, so its workflow
 * task waits, and every API process is stopped. Measured from each stop: the firing `HubApiUnreachable` page at the
 * receiver, its resolution once the API processes continue (SIGCONT), and the backlog page (`HubTaskQueueBacklog`).
 * Each must arrive within 5 minutes. PROMETHEUS_INTERVAL (15s, the shipped config's) sets the scrape and evaluation
 * interval; the slow tier runs it at 5s (test/cluster/paging.test.ts). PAGING_RESULT_FILE receives the result as JSON.
 */
export interface PagingResult {
  interval: string;
  apiPageSeconds?: number;
  apiResolvedSeconds?: number;
  backlogPageSeconds?: number;
  /** Every notification the receiver got, in order: alert name, status, severity. */
  notifications: { alertname: string; status: string; severity: string; atSeconds: number }[];
  violations: string[];
}

const LIMIT_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Notification {
  status: string;
  alerts: { status: string; labels: Record<string, string> }[];
}

async function main() {
  const interval = process.env.PROMETHEUS_INTERVAL || '15s';
  const dir = mkdtempSync(join(tmpdir(), 'hub-paging-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const receiver = await startReceiver();
  const started = Date.now();
  const say = (line: string) => console.log(`[paging ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);
  const notifications = () =>
    receiver.requests.flatMap((r: ReceivedRequest) => (JSON.parse(r.body) as Notification).alerts.map((a) => ({ ...a, at: r.at })));
  /** When the first notification of `alertname` in `status` arrived after `since`. */
  const waitFor = async (alertname: string, status: string, since: number): Promise<number | undefined> => {
    while (Date.now() - since < LIMIT_MS) {
      const hit = notifications().find((n) => n.labels.alertname === alertname && n.status === status && n.at >= since);
      if (hit) return hit.at;
      await sleep(500);
    }
    return undefined;
  };

  const port = await freePortBlock([0, 1]);
  let stack: ChildProcess | undefined;
  const stopped: number[] = [];
  const result: PagingResult = { interval, notifications: [], violations: [] };
  try {
    const stackLog = createWriteStream(join(dir, 'stack.log'));
    stack = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
      cwd: join(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HUB_DATA_DIR: dataDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePortBlock([0, 1])),
        TEMPORAL_CLUSTER_PORT: String(await freePortBlock(clusterPortOffsets())),
        TEMPORAL_UI_PORT: '0',
        WORKER_METRICS_PORT: String(await freePort()),
        BALANCER_STATS_PORT: String(await freePort()),
        PROMETHEUS_PORT: String(await freePort()),
        ALERTMANAGER_PORT: String(await freePort()),
        BLACKBOX_PORT: String(await freePort()),
        PROMETHEUS_INTERVAL: interval,
        HUB_ALERT_WEBHOOK_URL: receiver.url,
        LOG_LEVEL: 'warn',
        SANDBOX_RIDE_SECONDS: '3600',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stack.stdout!.pipe(stackLog, { end: false });
    stack.stderr!.pipe(stackLog, { end: false });
    const stateFile = clusterStateFile(join(dataDir, 'cluster'));
    const startDeadline = Date.now() + 600_000;
    while (!(existsSync(stateFile) && readClusterState(stateFile).ready)) {
      if (stack.exitCode !== null) throw new Error(`stack:cluster exited (${stack.exitCode}); see ${dir}/stack.log`);
      if (Date.now() > startDeadline) throw new Error(`stack:cluster not ready within 10 minutes; see ${dir}/stack.log`);
      await sleep(500);
    }
    const state = readClusterState(stateFile);
    say(`stack ready: ${state.balancer.url}; scrape and evaluation every ${interval}`);
    const signal = (role: 'api' | 'worker', sig: 'SIGSTOP' | 'SIGCONT') => {
      for (const p of state.processes.filter((x) => x.role === role)) {
        process.kill(p.pid, sig);
        if (sig === 'SIGSTOP') stopped.push(p.pid);
        else stopped.splice(stopped.indexOf(p.pid), 1);
      }
    };

    // Every worker stopped, then a booking whose workflow task now waits on the bookings task queue.
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      partner: { sandbox: { clientId: string; clientSecret: string } };
    };
    const workersStopped = Date.now();
    signal('worker', 'SIGSTOP');
    const token = (await (
      await fetch(`${state.balancer.url}/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${demo.partner.sandbox.clientId}:${demo.partner.sandbox.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      })
    ).json()) as { access_token: string };
    const booking = await fetch(`${state.balancer.url}/v1/bookings`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'content-type': 'application/json',
        'idempotency-key': `paging-${Date.now()}`,
      },
      body: JSON.stringify(bookingBody()),
    });
    say(`workers stopped; a booking created while they are: ${booking.status}`);
    if (booking.status !== 201) result.violations.push(`the booking was answered ${booking.status}: ${await booking.text()}`);

    // Every API process stopped.
    const apisStopped = Date.now();
    signal('api', 'SIGSTOP');
    say('API processes stopped');
    const apiPage = await waitFor('HubApiUnreachable', 'firing', apisStopped);
    result.apiPageSeconds = apiPage && (apiPage - apisStopped) / 1000;
    say(`HubApiUnreachable page: ${result.apiPageSeconds ?? 'none'} s after the stop`);
    const apisContinued = Date.now();
    signal('api', 'SIGCONT');
    const apiResolved = await waitFor('HubApiUnreachable', 'resolved', apisContinued);
    result.apiResolvedSeconds = apiResolved && (apiResolved - apisContinued) / 1000;
    say(`HubApiUnreachable resolved: ${result.apiResolvedSeconds ?? 'never'} s after SIGCONT`);
    const backlogPage = await waitFor('HubTaskQueueBacklog', 'firing', workersStopped);
    result.backlogPageSeconds = backlogPage && (backlogPage - workersStopped) / 1000;
    say(`HubTaskQueueBacklog page: ${result.backlogPageSeconds ?? 'none'} s after the workers stopped`);
    signal('worker', 'SIGCONT');

    for (const [what, seconds] of [
      ['the API page', result.apiPageSeconds],
      ['the API page resolved', result.apiResolvedSeconds],
      ['the backlog page', result.backlogPageSeconds],
    ] as const)
      if (seconds === undefined) result.violations.push(`${what} did not reach the receiver within 5 minutes`);
  } finally {
    for (const pid of stopped) process.kill(pid, 'SIGCONT');
    result.notifications = notifications().map((n) => ({
      alertname: n.labels.alertname,
      status: n.status,
      severity: n.labels.severity,
      atSeconds: (n.at - started) / 1000,
    }));
    if (stack && stack.exitCode === null) {
      const exited = new Promise((r) => stack!.once('exit', r));
      stack.kill('SIGTERM');
      await exited;
    }
    await receiver.close();
  }
  console.log(JSON.stringify(result, null, 2));
  if (process.env.PAGING_RESULT_FILE) writeFileSync(process.env.PAGING_RESULT_FILE, JSON.stringify(result));
  process.exit(result.violations.length ? 1 : 0);
}

if (require.main === module) main().catch(fail);
