import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkAndTestRules, ensurePromtool } from '../../stack/promtool';

const DIR = join(__dirname, '..', '..', 'ops', 'prometheus');
const RULES = join(DIR, 'hub-slo.rules.yml');
const TESTS = join(DIR, 'hub-slo.test.yml');

/**
 * The SLO rules of ops/prometheus/ under Prometheus's own rule engine (slow tier: the first run builds promtool from
 * its Go module, about four minutes; then cached in .temporal/promtool/). hub-slo.test.yml feeds synthetic series: a
 * fast burn pages (and the page ends minutes after the burn), a slow burn opens only the ticket, a sustained 8× burn
 * pages through the six-hour pair, healthy traffic alerts nobody.
 */
describe('the Prometheus rules', () => {
  let promtool: string;
  beforeAll(async () => {
    promtool = await ensurePromtool((line) => console.log(line));
  }, 20 * 60_000);

  it('are valid and pass their unit tests', async () => {
    const result = await checkAndTestRules(promtool, [RULES], [TESTS]);
    expect(result.check).toMatch(/SUCCESS: 48 rules found/);
    expect(result.test).toMatch(/SUCCESS/);
    expect(result.ok).toBe(true);
  }, 600_000);

  it('fail their unit tests when a page could never fire, or when the 4xx of callers count as failures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-rules-'));
    try {
      copyFileSync(TESTS, join(dir, 'hub-slo.test.yml'));
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
});
