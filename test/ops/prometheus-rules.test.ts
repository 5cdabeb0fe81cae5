import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureMonitoringBinaries, alertmanagerConfig } from '../../stack/monitoring';
import { checkAndTestRules, ensurePromtool } from '../../stack/promtool';

const DIR = join(__dirname, '..', '..', 'ops', 'prometheus');
const RULES = join(DIR, 'hub-slo.rules.yml');
const TESTS = join(DIR, 'hub-slo.test.yml');
const OUTAGE_RULES = join(DIR, 'hub-outage.rules.yml');
const OUTAGE_TESTS = join(DIR, 'hub-outage.test.yml');
const ALERTMANAGER = join(__dirname, '..', '..', 'ops', 'alertmanager', 'alertmanager.yml');
const run = promisify(execFile);

/**
 * The SLO and outage rules of ops/prometheus/ under Prometheus's own rule engine (slow tier: promtool of Debian's
 * Prometheus 2.42, the one `npm run stack:cluster` runs, unpacked once into .temporal/monitoring/). hub-slo.test.yml feeds synthetic series: a
 * fast burn pages (and the page ends minutes after the burn), a slow burn opens only the ticket, a sustained 8× burn
 * pages through the six-hour pair, healthy traffic alerts nobody.
 */
describe('the Prometheus rules', () => {
  let promtool: string;
  beforeAll(async () => {
    promtool = await ensurePromtool((line) => console.log(line));
  }, 20 * 60_000);

  it('are valid and pass their unit tests', async () => {
    const result = await checkAndTestRules(promtool, [RULES, OUTAGE_RULES], [TESTS, OUTAGE_TESTS]);
    expect(result.check).toMatch(/SUCCESS: 56 rules found/);
    expect(result.check).toMatch(/SUCCESS: 23 rules found/);
    expect(result.test).toMatch(/SUCCESS/);
    expect(result.ok).toBe(true);
  }, 600_000);

  it('fail their unit tests when a page could never fire, or when the 4xx of callers count as failures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-rules-'));
    try {
      copyFileSync(TESTS, join(dir, 'hub-slo.test.yml'));
      copyFileSync(OUTAGE_RULES, join(dir, 'hub-outage.rules.yml'));
      const rules = readFileSync(RULES, 'utf8');
      // The fast-burn factor raised out of reach: the fast-burn scenario's pages are then missing.
      writeFileSync(join(dir, 'hub-slo.rules.yml'), rules.replaceAll('14.4 *', '1000 *').replaceAll('(6 *', '(1000 *'));
      const noPage = await checkAndTestRules(promtool, [join(dir, 'hub-slo.rules.yml')], [join(dir, 'hub-slo.test.yml')]);
      expect(noPage.ok).toBe(false);
      expect(noPage.test).toMatch(/alertname: HubApiAvailabilityFastBurn/);
      // 404 and 429 counted as failures (they are the caller's): the healthy scenario, a fifth of whose public answers
      // are 404 or 429, then alerts.
      writeFileSync(join(dir, 'hub-slo.rules.yml'), rules.replaceAll('status=~"5.."', 'status=~"[45].."'));
      const fourXx = await checkAndTestRules(promtool, [join(dir, 'hub-slo.rules.yml')], [join(dir, 'hub-slo.test.yml')]);
      expect(fourXx.ok).toBe(false);
      expect(fourXx.test).toMatch(/healthy traffic alerts nobody/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 1_200_000);

  it('fail their outage tests when the traffic guard is dropped or a threshold moves by one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-rules-'));
    try {
      copyFileSync(RULES, join(dir, 'hub-slo.rules.yml'));
      copyFileSync(OUTAGE_TESTS, join(dir, 'hub-outage.test.yml'));
      const outage = readFileSync(OUTAGE_RULES, 'utf8');
      const rulesWith = async (text: string) => {
        writeFileSync(join(dir, 'hub-outage.rules.yml'), text);
        return checkAndTestRules(promtool, [join(dir, 'hub-outage.rules.yml')], [join(dir, 'hub-outage.test.yml')]);
      };
      // The balancer's guard gone: a quiet hour's single 5xx pages.
      const unguarded = await rulesWith(
        outage.replace(/\n\s+and \(hub_balancer_requests:increase1h >= 139 or hub_balancer_5xx:increase1h >= 10\)/, ''),
      );
      expect(unguarded.ok).toBe(false);
      expect(unguarded.test).toMatch(/a quiet hour with one 5xx pages nobody/);
      // The backlog threshold at or above instead of above: 60 s exactly pages.
      const atThreshold = await rulesWith(outage.replace(') > 60', ') >= 60'));
      expect(atThreshold.ok).toBe(false);
      expect(atThreshold.test).toMatch(/alertname: HubTaskQueueBacklog/);
      // The worker page on any one worker down instead of all of them.
      const anyWorker = await rulesWith(outage.replace('sum(up{job="hub-worker"}) == 0', 'min(up{job="hub-worker"}) == 0'));
      expect(anyWorker.ok).toBe(false);
      expect(anyWorker.test).toMatch(/alertname: HubWorkersDown/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it("Alertmanager's config is valid, routes pages and tickets to the webhook, and holds back an outage's consequences", async () => {
    const { amtool } = await ensureMonitoringBinaries(() => undefined);
    const dir = mkdtempSync(join(tmpdir(), 'hub-alertmanager-'));
    try {
      const config = join(dir, 'alertmanager.yml');
      writeFileSync(config, alertmanagerConfig(readFileSync(ALERTMANAGER, 'utf8'), 'http://127.0.0.1:9/alerts'));
      expect((await run(amtool, ['check-config', config])).stdout).toMatch(/SUCCESS/);
      const route = async (...labels: string[]) =>
        (await run(amtool, ['config', 'routes', 'test', `--config.file=${config}`, ...labels])).stdout.trim();
      expect(await route('alertname=HubApiUnreachable', 'severity=page')).toBe('pages');
      expect(await route('alertname=HubDestinationsPaused', 'severity=ticket')).toBe('tickets');
      expect(readFileSync(config, 'utf8')).toContain('url: http://127.0.0.1:9/alerts');
      // Without a webhook URL the receivers have none: alerts stay in Alertmanager, and the config is still valid.
      writeFileSync(config, alertmanagerConfig(readFileSync(ALERTMANAGER, 'utf8'), undefined));
      expect((await run(amtool, ['check-config', config])).stdout).toMatch(/SUCCESS/);
      expect(readFileSync(config, 'utf8')).not.toContain('webhook_configs');
      // Every alert that depends on PostgreSQL or Temporal says so, and the inhibitions name those labels.
      const inhibit = readFileSync(ALERTMANAGER, 'utf8');
      expect(inhibit).toMatch(/source_matchers: \[alertname="HubPostgresDown"\]\n\s+target_matchers: \[depends_on=~".\*postgres.\*"\]/);
      expect(inhibit).toMatch(/source_matchers: \[alertname="HubTemporalDown"\]\n\s+target_matchers: \[depends_on=~".\*temporal.\*"\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
