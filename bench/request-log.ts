/**
 * `npx tsx bench/request-log.ts`: what the request log costs a public API request. One process, one scratch
 * PostgreSQL: the same app twice on two ports, with the request log and without, over the same database; a cheap
 * authenticated read (`GET /api/public/v1/api-keys`, one indexed query) in alternating closed-loop rounds, so a busy
 * machine slows both alike. Prints rate and p50/p99 per side, the rows written and any dropped.
 * Sizes: BENCH_REQUESTS (default 2000 per round), BENCH_CONCURRENCY (16), BENCH_ROUNDS (4).
 */
import { Client, Connection } from '@temporalio/client';
import type { Server } from 'node:http';
import { createApp } from '../api/app';
import { apiDeps } from '../api/server';
import { createApiKey, createIntegratorAccount } from '../app/accounts';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { call, run, summary, type Run } from './measure';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

async function main() {
  const stack = await startLocalStack('bench-request-log', { temporal: false, poolMax: 20 });
  const { orm } = stack;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  // Nothing here calls Temporal: a connection that would connect on first use, never made.
  const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
  const deps = apiDeps(config, { orm, temporal, logger: createLogger('silent'), ...STACK_SECRETS });
  await deps.signingKeys.ensureActiveKey();
  const writer = deps.requestLog!;
  writer.start();
  const { accountId } = await createIntegratorAccount(orm, 'Bench');
  const { key } = await createApiKey(orm, STACK_SECRETS, {
    accountId,
    environment: 'sandbox',
    label: 'bench',
    scopes: ['keys.manage'],
    ratePerMinute: 10_000_000,
  });
  const servers: Server[] = [];
  const listen = async (logging: boolean) => {
    const server = createApp(logging ? deps : { ...deps, requestLog: undefined }).listen(0, '127.0.0.1');
    server.keepAliveTimeout = 600_000;
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/api/public/v1/api-keys?limit=1`;
  };
  const [withLog, without] = [await listen(true), await listen(false)];
  const headers = { authorization: `Bearer ${key}` };
  const runs: Record<'with' | 'without', Run[]> = { with: [], without: [] };
  await run(200, CONCURRENCY, () => call('GET', withLog, undefined, headers)); // warm both
  await run(200, CONCURRENCY, () => call('GET', without, undefined, headers));
  for (let r = 0; r < ROUNDS; r++) {
    runs.without.push(await run(REQUESTS, CONCURRENCY, () => call('GET', without, undefined, headers)));
    runs.with.push(await run(REQUESTS, CONCURRENCY, () => call('GET', withLog, undefined, headers)));
  }
  await writer.close();
  const [{ n }] = await orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from api_request_log');
  const show = (name: string, s: ReturnType<typeof summary>) =>
    console.log(`${name.padEnd(20)} ${s.rate.toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(2)} ms   p99 ${s.p99.toFixed(2)} ms`);
  console.log(`GET /api/public/v1/api-keys, ${ROUNDS} alternating rounds of ${REQUESTS} at concurrency ${CONCURRENCY}`);
  show('without request log', summary(runs.without));
  show('with request log', summary(runs.with));
  console.log(`rows written ${n}, dropped ${writer.dropped}`);
  for (const server of servers) server.close();
  await stack.stop();
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
