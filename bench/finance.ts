/**
 * `npm run bench -- finance`: the settlement cycle over BENCH_FINANCE_RIDES (default 100,000) completed rides of a
 * closed month across BENCH_FINANCE_ACCOUNTS (1,000) accounts and BENCH_FINANCE_DRIVERS (500) drivers, seeded
 * straight into the ledger, on an in-memory Temporal dev server with the real workers in this process: wall time and
 * the process's peak memory, beside a bare SQL aggregation of the same totals in the same run. Then the invoice list
 * over HTTP with BENCH_FINANCE_DOCUMENTS (100,000) documents: p50/p99 of a first page and of a page 1,000 deep, for an
 * operator and a corporate key (the public API's list goal: p99 < 20 ms).
 */
import { Agent, request } from 'node:http';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { apiDeps, listen } from '../api/server';
import { createApiKey, createIntegratorAccount } from '../app/accounts';
import { insertRows } from '../db/finance';
import { loadConfig } from '../infra/config';
import { newId } from '../infra/ids';
import { createLogger } from '../infra/logger';
import { BOOKINGS_TASK_QUEUE } from '../contracts/booking';
import { settlementCycleWorkflowId, type CycleSummary, type PeriodRef } from '../contracts/finance';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { percentiles } from './measure';

const RIDES = Number(process.env.BENCH_FINANCE_RIDES ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_FINANCE_ACCOUNTS ?? 1_000);
const DRIVERS = Number(process.env.BENCH_FINANCE_DRIVERS ?? 500);
const DOCUMENTS = Number(process.env.BENCH_FINANCE_DOCUMENTS ?? 100_000);
const SAMPLES = 200;
const MONTH: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
const MARKETS = ['PAR', 'LON', 'BER', 'MAD', 'AMS'];
const BILLING = { address: '1 Main St', city: 'Paris', postal_code: '75001', country: 'FR', email: 'ap@example.com' };

const account = (i: number) => `acct_bench_${String(i).padStart(5, '0')}`;

async function seed(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  await insertRows(
    em,
    'integrator_accounts',
    ['id', 'name', 'kind', 'billing', 'created_at'],
    Array.from({ length: ACCOUNTS }, (_, i) => [
      account(i),
      `Account ${i}`,
      'corporate',
      JSON.stringify({ ...BILLING, legal_name: `Account ${i} Ltd` }),
      new Date(),
    ]),
  );
  const start = Date.parse(MONTH.start);
  const span = Date.parse(MONTH.end) - start;
  const rows = Array.from({ length: RIDES }, (_, i) => [
    newId('ble'),
    `bkg_bench_${i}`,
    'fare',
    'account',
    account(i % ACCOUNTS),
    true,
    'EUR',
    2_000 + ((i * 7919) % 20_000),
    0,
    MARKETS[i % MARKETS.length],
    'executive',
    `bkg_bench_${i}`,
    new Date(start + ((i * 104_729) % span)),
    `unit_bench_${i % DRIVERS}`,
    `Driver ${i % DRIVERS}`,
  ]);
  await insertRows(
    em,
    'billing_entries',
    [
      'id',
      'booking_id',
      'kind',
      'party_kind',
      'party_id',
      'livemode',
      'currency',
      'gross_minor',
      'commission_minor',
      'jurisdiction',
      'vehicle_class',
      'booking_ref',
      'tax_point',
      'driver_id',
      'driver_name',
    ],
    rows,
  );
  await em.execute('analyze billing_entries');
}

/** The same totals by bare SQL: per account (gross) and per driver (gross), over the period. */
async function bareAggregation(orm: MikroORM): Promise<number> {
  const t = performance.now();
  const conn = orm.em.fork();
  await conn.execute(
    `select party_id, currency, livemode, count(*), sum(gross_minor) from billing_entries where tax_point >= ? and tax_point < ? group by 1, 2, 3`,
    [new Date(MONTH.start), new Date(MONTH.end)],
  );
  await conn.execute(
    `select driver_id, currency, livemode, count(*), sum(gross_minor) from billing_entries where tax_point >= ? and tax_point < ? group by 1, 2, 3`,
    [new Date(MONTH.start), new Date(MONTH.end)],
  );
  return performance.now() - t;
}

/** 100,000 documents for the list: the cycle's invoices, then credit notes of the same accounts in an earlier period. */
async function fillDocuments(orm: MikroORM, have: number): Promise<void> {
  const em = orm.em.fork();
  const more = Math.max(0, DOCUMENTS - have);
  await em.execute(
    `insert into finance_periods (id, starts_at, ends_at) values ('2000-01', '2000-01-01', '2000-02-01') on conflict do nothing`,
  );
  await em.execute(
    `insert into finance_documents (id, number, type, party_kind, party_id, livemode, currency, period_id, status, issued_at, due_at,
       net_minor, tax_minor, gross_minor, tax_buckets, billing_details, reason)
     select 'doc_' || lpad(g::text, 26, '0'), 'CN-2000-' || lpad(g::text, 6, '0'), 'credit_note', 'account',
            'acct_bench_' || lpad((g % ?)::text, 5, '0'), true, 'EUR', '2000-01', 'issued',
            timestamp '2000-02-01' + g * interval '1 second', null, 10000, 1000, 11000, '[]'::jsonb, '{}'::jsonb, 'refund'
       from generate_series(1, ?) g`,
    [ACCOUNTS, more],
  );
  await em.execute('analyze finance_documents');
}

function get(agent: Agent, port: number, path: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listBench(orm: MikroORM, temporal: Client) {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const deps = apiDeps(config, { orm, temporal, logger: createLogger('silent'), ...STACK_SECRETS });
  const api = await listen(deps, '127.0.0.1', 0);
  const port = (api.server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { accountId: operatorAccount } = await createIntegratorAccount(orm, 'Operator', 'operator');
  const operator = (
    await createApiKey(orm, STACK_SECRETS, {
      accountId: operatorAccount,
      environment: 'live',
      label: 'bench',
      scopes: ['invoices.read'],
      ratePerMinute: 1_000_000,
    })
  ).key;
  const corporate = (
    await createApiKey(orm, STACK_SECRETS, {
      accountId: account(7),
      environment: 'live',
      label: 'bench',
      scopes: ['invoices.read'],
      ratePerMinute: 1_000_000,
    })
  ).key;
  try {
    for (const [who, key] of [
      ['operator', operator],
      ['corporate', corporate],
    ] as const) {
      // A page deep in the list: follow the cursor (corporate keys see 1/ACCOUNTS of the documents).
      const visible = who === 'operator' ? DOCUMENTS : DOCUMENTS / ACCOUNTS;
      const depth = Math.max(1, Math.min(1000, Math.floor(visible / 25) - 1));
      let cursor: string | null = null;
      for (let i = 0; i < depth; i++) {
        const page = JSON.parse((await get(agent, port, `/api/public/v1/invoices?limit=25${cursor ? `&cursor=${cursor}` : ''}`, key)).body);
        cursor = page.next_cursor;
      }
      for (const [where, path] of [
        ['first page', '/api/public/v1/invoices?limit=25'],
        [`page ${depth} deep`, `/api/public/v1/invoices?limit=25&cursor=${cursor}`],
      ] as const) {
        const latencies: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const t = performance.now();
          const res = await get(agent, port, path, key);
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body}`);
          latencies.push(performance.now() - t);
        }
        const p = percentiles(latencies);
        console.log(
          `GET /api/public/v1/invoices ${who.padEnd(9)} ${where.padEnd(16)} p50 ${p.p50.toFixed(2)} ms  p99 ${p.p99.toFixed(2)} ms`,
        );
      }
    }
  } finally {
    agent.destroy();
    await api.close();
  }
}

export async function financeBench(): Promise<void> {
  const local = await startLocalStack('bench-finance', { poolMax: 20 });
  const { env, orm } = local;
  try {
    await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey });
    let t = performance.now();
    await seed(orm);
    console.log(`seeded ${RIDES} rides, ${ACCOUNTS} accounts, ${DRIVERS} drivers in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const bare = await bareAggregation(orm);

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const before = process.memoryUsage().rss;
    t = performance.now();
    const summary = (await env.client.workflow.execute('settlementCycleWorkflow', {
      workflowId: settlementCycleWorkflowId(MONTH.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period: MONTH }],
    })) as CycleSummary;
    const wall = performance.now() - t;
    clearInterval(sampler);
    const lines = summary.invoices.reduce((s, d) => s + d.lines, 0);
    console.log(
      `settlement cycle: ${summary.invoices.length} invoices (${lines} lines), ${summary.settlements.length} settlements, ${summary.payouts.length} payouts ` +
        `in ${(wall / 1000).toFixed(1)} s; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB (${((peak - before) / 2 ** 20).toFixed(0)} MiB above the start)`,
    );
    console.log(
      `bare SQL aggregation of the same totals (per account, per driver): ${bare.toFixed(0)} ms  → cycle / bare = ${(wall / bare).toFixed(0)}×`,
    );
    t = performance.now();
    const again = (await env.client.workflow.execute('settlementCycleWorkflow', {
      workflowId: `${settlementCycleWorkflowId(MONTH.id)}:rerun`,
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [{ period: MONTH }],
    })) as CycleSummary;
    console.log(
      `re-run of the closed period: ${again.invoices.length} invoices answered, ${again.payouts.length} payouts, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    await fillDocuments(orm, summary.invoices.length);
    await listBench(orm, env.client);
  } finally {
    await local.stop();
  }
}
