import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PagingResult } from '../../scripts/prove-paging';
import { oneClusterAtATime } from '../support/one-cluster-at-a-time';

oneClusterAtATime();

const ROOT = join(__dirname, '..', '..');

/**
 * `npm run prove:paging` (scripts/prove-paging.ts) with Prometheus scraping and evaluating every 5 s: the stack with
 * Prometheus, Alertmanager and a local receiver as HUB_ALERT_WEBHOOK_URL; every worker stopped with a booking's task
 * waiting, every API process stopped. The pages arrive (the script itself fails past 5 minutes), and the API page
 * resolves after SIGCONT. No duration is asserted beyond that bound.
 */
it('pages when every API process is stopped and when the workers are, and resolves the API page once they continue', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hub-paging-result-'));
  const resultFile = join(dir, 'result.json');
  let output = '';
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/prove-paging.ts'], {
      cwd: ROOT,
      env: { ...process.env, PROMETHEUS_INTERVAL: '5s', PAGING_RESULT_FILE: resultFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    console.log(output);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as PagingResult;
    expect(result.violations).toEqual([]);
    expect(code).toBe(0);
    const seen = (alertname: string, status: string) =>
      result.notifications.some((n) => n.alertname === alertname && n.status === status && n.severity === 'page');
    expect(seen('HubApiUnreachable', 'firing')).toBe(true);
    expect(seen('HubApiUnreachable', 'resolved')).toBe(true);
    expect(seen('HubTaskQueueBacklog', 'firing')).toBe(true);
    // The balancer's 503s during that outage are held back under its page (ops/alertmanager/alertmanager.yml).
    expect(
      result.notifications.filter(
        (n) =>
          n.alertname === 'HubBalancer5xx' &&
          n.atSeconds < result.notifications.find((f) => f.alertname === 'HubApiUnreachable' && f.status === 'resolved')!.atSeconds,
      ),
    ).toEqual([]);
    expect(result.apiPageSeconds).toBeLessThanOrEqual(300);
    expect(result.backlogPageSeconds).toBeLessThanOrEqual(300);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 900_000);
