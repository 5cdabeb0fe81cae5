import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { BOOKINGS_TASK_QUEUE } from '../../contracts/booking';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { headingSlug } from '../../api/docs-routes';
import { localEnvironment } from '../../stack/temporal';

/**
 * The Prometheus rules and Grafana dashboards of ops/ may only name series that a running hub exports (read from a
 * real `/metrics` of the API and workers in one process, as `npm start` serves it) or that the rules record: a
 * renamed metric or a typo would otherwise leave a panel empty and an alert that can never fire, and promtool's
 * tests (which feed synthetic series of the names the rules use) cannot see that.
 */

const OPS = join(__dirname, '..', '..', 'ops');
const RULES = join(OPS, 'prometheus', 'hub-slo.rules.yml');
const DASHBOARDS = join(OPS, 'grafana', 'dashboards');

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, strings, ranges, grouping and functions left out). */
function seriesNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings (label values, regexes)
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // grouping label lists
    .replace(/\$\{?[a-zA-Z_][a-zA-Z0-9_]*\}?/g, ' '); // Grafana variables
  const names = new Set<string>();
  for (const m of bare.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    if (m[2] || KEYWORDS.has(m[1].toLowerCase())) continue; // a function call or a keyword
    names.add(m[1]);
  }
  return [...names];
}

/** Every series name in an exposition: samples, and each declared family's own suffixes even with no sample yet. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const type = line.match(/^# TYPE (\S+) (\S+)/);
    if (type) {
      const [, name, kind] = type;
      names.add(name);
      if (kind === 'histogram') for (const s of ['_bucket', '_count', '_sum']) names.add(name + s);
      if (kind === 'summary') for (const s of ['_count', '_sum']) names.add(name + s);
    } else if (line && !line.startsWith('#')) names.add(line.split(/[{ ]/)[0]);
  }
  return names;
}

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules: Rule[] = (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));
// The outage alerts also read HAProxy's, Temporal's, the probe's and scrape health series, none the hub's own.
const outageRules: Rule[] = (
  parse(readFileSync(join(OPS, 'prometheus', 'hub-outage.rules.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);

interface Panel {
  title?: string;
  type: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}
const dashboards = readdirSync(DASHBOARDS)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({
    file,
    json: JSON.parse(readFileSync(join(DASHBOARDS, file), 'utf8')) as { uid: string; title: string; panels: Panel[] },
  }));
const panelsOf = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...panelsOf(p.panels ?? [])]);

describe('the ops rules and dashboards name only what the hub exports', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let exported: Set<string>;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env);
    // Traffic that makes every lazily created series exist: a booking through the API, its webhook delivered by the
    // workers (Temporal Core's metrics appear with their first task), and a workflow task that fails (a workflow
    // type no worker has), since Core creates its failure counters with their first failure.
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    expect((await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody())).status).toBe(201);
    await receiver.waitFor(1);
    const failing = await env.client.workflow.start('noSuchWorkflowType', {
      taskQueue: BOOKINGS_TASK_QUEUE,
      workflowId: 'ops-names-failing-task',
      args: [],
    });
    let text = '';
    for (let i = 0; i < 100; i++) {
      text = await (await fetch(`${hub.baseUrl}/metrics`)).text();
      if (/^temporal_workflow_task_execution_failed\{/m.test(text) && /^temporal_activity_schedule_to_start_latency_count\{/m.test(text))
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await failing.terminate('names read');
    exported = exportedNames(text);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  it('reads names out of PromQL', () => {
    expect(
      seriesNames(
        'sum by (api) (rate(hub_http_requests_total{status=~"5..",api="partner"}[$__rate_interval])) / on (api) group_left sum(x:y:z) and 1 - histogram_quantile(0.99, b_bucket)',
      ).sort(),
    ).toEqual(['b_bucket', 'hub_http_requests_total', 'x:y:z']);
  });

  it('the rules read only exported series or recorded ones', () => {
    expect(rules.length).toBeGreaterThan(40);
    const unknown = rules.flatMap((r) =>
      seriesNames(r.expr)
        .filter((n) => !exported.has(n) && !recorded.has(n))
        .map((n) => `${r.record ?? r.alert}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every alert is a page or a ticket with a runbook section in docs/runbooks.md, linked by URL', () => {
    const alerts = [...rules, ...outageRules].filter((r) => r.alert);
    expect(alerts.length).toBe(12 + 19);
    const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'runbooks.md'), 'utf8');
    const anchors = new Set([...docs.matchAll(/^#+ (.+)$/gm)].map((m) => headingSlug(m[1])));
    for (const a of alerts) {
      expect(['page', 'ticket']).toContain(a.labels?.severity);
      const [base, anchor] = (a.annotations?.runbook_url ?? '').split('#');
      expect(base).toBe('{{ $externalLabels.runbook_base }}');
      expect(anchors).toContain(anchor);
    }
  });

  it('every dashboard panel queries only exported series or recorded ones', () => {
    expect(dashboards.length).toBeGreaterThanOrEqual(2);
    const unknown: string[] = [];
    let queries = 0;
    for (const { file, json } of dashboards) {
      for (const panel of panelsOf(json.panels)) {
        for (const { expr } of panel.targets ?? []) {
          queries++;
          for (const name of seriesNames(expr))
            if (!exported.has(name) && !recorded.has(name)) unknown.push(`${file} "${panel.title}": ${name}`);
        }
      }
    }
    expect(queries).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });

  it('exports the paused destinations once: by environment, the gauge the alert and the dashboard read', () => {
    expect(exported.has('hub_webhook_destinations_paused')).toBe(true);
    expect(exported.has('hub_destinations_paused')).toBe(false);
  });

  it('the service-level dashboard shows every objective with its remaining budget', () => {
    const slo = dashboards.find((d) => d.json.uid === 'hub-slo')!.json;
    const exprs = panelsOf(slo.panels).flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    for (const name of [...recorded].filter((r) => r.endsWith('_rate30d'))) expect(exprs.some((e) => e.includes(name))).toBe(true);
  });
});
