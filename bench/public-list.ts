/**
 * `npm run bench -- public-list`: GET /api/public/v1/bookings over HTTP on the database `npm run bench:seed` filled,
 * for a corporate key and an operator key, with each filter and their combination: p50/p99 of the first page and of
 * a page 1,000 deep (reached through the cursor), each beside the bare SQL of the same page in the same run. Then the
 * single read against the same bare read. The API runs in this process over the seeded database; nothing here calls
 * Temporal. Sizes: BENCH_LIST_SAMPLES (default 200 requests per figure), BENCH_LIST_DEPTH (1000 pages).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Client as TemporalClient } from '@temporalio/client';
import { Pool } from 'pg';
import { apiDeps, listen } from '../api/server';
import { toInternalStatus } from '../domain/public-status';
import { loadConfig } from '../infra/config';
import { embeddedDatabaseUrl } from '../stack/embedded-postgres';
import { createLogger } from '../infra/logger';
import { connect, hubSecrets } from '../scripts/hub-connection';
import { percentiles } from './measure';

const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 200);
const DEPTH = Number(process.env.BENCH_LIST_DEPTH ?? 1000);
const PAGE = 25;

interface BenchKeys {
  corporate: { accountId: string; live: string };
  operator: { accountId: string; live: string };
}

type Filter = { market?: string; status?: string; from?: string; to?: string; customer_reference?: string };

async function sample(times: number, one: () => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await one();
    latencies.push(performance.now() - t);
  }
  return percentiles(latencies);
}

export async function publicListBench(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const keys = JSON.parse(readFileSync(join(config.dataDir, 'bench-keys.json'), 'utf8')) as BenchKeys;
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'hub');
  const orm = await connect(config, 10);
  const temporal = new TemporalClient(); // never called by a list; closed below, or its connection keeps the bench running
  const deps = apiDeps(config, { orm, temporal, logger: createLogger('silent'), ...hubSecrets(config) });
  const api = await listen(deps, '127.0.0.1', 0);
  const port = (api.server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const pool = new Pool({ connectionString: url, max: 1 });

  const get = (path: string, key: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  /** A purchase order of one of the account's live bookings (every account sees it; operators, among all). */
  async function onePurchaseOrder(accountId: string): Promise<string> {
    const { rows } = await pool.query<{ customer_reference: string }>(
      `select customer_reference from bookings where account_id = $1 and environment = 'live' and customer_reference like 'PO-%' limit 1`,
      [accountId],
    );
    return rows[0]?.customer_reference ?? 'PO-none';
  }

  /** The SQL the list runs (api/public/list-bookings.ts), written out bare: same filters, same order, same limit. */
  function bareQuery(accountId: string | null, f: Filter, before: string | null) {
    const where = ['environment = $1'];
    const values: unknown[] = ['live'];
    const add = (sql: string, v: unknown) => {
      values.push(v);
      where.push(sql.replace('?', `$${values.length}`));
    };
    if (accountId) add('account_id = ?', accountId);
    if (f.market) add('market = ?', f.market);
    if (f.status) add('status = ?', toInternalStatus(f.status as never));
    if (f.from) add('pickup_at >= ?', f.from);
    if (f.to) add('pickup_at < ?', f.to);
    if (f.customer_reference) add('customer_reference = ?', f.customer_reference);
    if (before) add('id < ?', before);
    return { text: `select * from bookings where ${where.join(' and ')} order by id desc limit ${PAGE + 1}`, values };
  }

  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const filters: [string, Filter][] = [
    ['no filter', {}],
    ['market', { market: 'PAR' }],
    ['status', { status: 'completed' }],
    ['rare status', { status: 'pob' }],
    ['pickup range', { from, to }],
    ['all three', { market: 'PAR', status: 'completed', from, to }],
    // bench:seed gives a third of an account's rides one of four cost centres, and some a purchase order of their own.
    ['reference: cost centre', { customer_reference: 'CC-1' }],
    ['reference: one PO', { customer_reference: await onePurchaseOrder(keys.corporate.accountId) }],
    ['reference: none matches', { customer_reference: 'CC-0' }],
  ];
  const rows: string[][] = [];
  try {
    for (const [who, key, accountId] of [
      ['corporate', keys.corporate.live, keys.corporate.accountId],
      ['operator', keys.operator.live, null],
    ] as const) {
      for (const [name, f] of filters) {
        const query = (cursor?: string) =>
          `/api/public/v1/bookings?${new URLSearchParams({ ...f, limit: String(PAGE), ...(cursor ? { cursor } : {}) })}`;
        // Walk to the deep page through the cursor, remembering the id the bare query starts below.
        let cursor: string | undefined;
        let before: string | null = null;
        let depth = 0;
        for (; depth < DEPTH; depth++) {
          const page = JSON.parse((await get(query(cursor), key)).body) as { data: { ref: string }[]; next_cursor: string | null };
          if (!page.next_cursor) break;
          cursor = page.next_cursor;
          before = page.data[page.data.length - 1].ref;
        }
        const first = await sample(SAMPLES, () => get(query(), key));
        const deep = await sample(SAMPLES, () => get(query(cursor), key));
        const bare = bareQuery(accountId, f, null);
        const bareDeep = bareQuery(accountId, f, before);
        const bareFirst = await sample(SAMPLES, () => pool.query(bare.text, bare.values));
        const bareAtDepth = await sample(SAMPLES, () => pool.query(bareDeep.text, bareDeep.values));
        rows.push([
          who,
          name,
          `${first.p50.toFixed(1)} / ${first.p99.toFixed(1)}`,
          `${deep.p50.toFixed(1)} / ${deep.p99.toFixed(1)} (page ${depth + 1})`,
          (deep.p50 / first.p50).toFixed(2),
          `${bareFirst.p50.toFixed(1)} / ${bareFirst.p99.toFixed(1)}`,
          `${bareAtDepth.p50.toFixed(1)} / ${bareAtDepth.p99.toFixed(1)}`,
        ]);
      }
    }
    const [{ n }] = (await pool.query('select count(*)::int as n from bookings')).rows as { n: number }[];
    console.log(
      `\nGET /api/public/v1/bookings over HTTP, ${n.toLocaleString('en')} bookings, ${PAGE} per page, ${SAMPLES} requests each, one at a time (ms, p50 / p99)\n`,
    );
    const header = ['key', 'filter', 'first page', 'deep page', 'deep/first p50', 'bare SQL first', 'bare SQL deep'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  } finally {
    agent.destroy();
    await pool.end();
    await api.close();
    await orm.close();
    await temporal.connection.close();
  }
}
