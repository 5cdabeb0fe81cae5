/**
 * `npx tsx bench/middleware-overhead.ts`: CPU cost per request of what the observability work added to every
 * request — the metrics middleware (label lookup, counter, histogram) and the per-request pino child logger —
 * measured in-process, interleaved with an empty middleware, so a busy machine slows both alike.
 */
import type { Context } from 'koa';
import pino from 'pino';
import { requestMetrics } from '../api/middleware/metrics';
import { OPERATIONS } from '../api/operations';

const ROUNDS = 5;
const N = Number(process.env.BENCH_ITERATIONS ?? 200_000);

function fakeCtx(i: number): Context {
  const headers: Record<string, string> = i % 10 === 0 ? { 'idempotent-replayed': 'true' } : {};
  return {
    _matchedRouteName: i % 2 ? 'getBooking' : 'createBooking',
    status: i % 50 === 0 ? 429 : 200,
    response: { get: (h: string) => headers[h.toLowerCase()] ?? '' },
    state: {},
  } as unknown as Context;
}

async function perCall(one: (ctx: Context) => Promise<void> | void): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < N; i++) await one(fakeCtx(i));
  return ((performance.now() - started) * 1000) / N; // µs
}

async function main() {
  const metrics = requestMetrics(OPERATIONS);
  const next = async () => {};
  const logger = pino({ level: 'silent' });
  const empty = { metrics: [] as number[], logger: [] as number[], base: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    empty.base.push(await perCall(async (ctx) => next.call(ctx)));
    empty.metrics.push(await perCall((ctx) => metrics(ctx, next)));
    empty.logger.push(await perCall((ctx) => void (ctx.state.logger = logger.child({ requestId: 'req_0123456789abcdef' }))));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(empty.base);
  console.log(`per request, median of ${ROUNDS} × ${N} calls (Node ${process.version}):`);
  console.log(`  metrics middleware   ${(median(empty.metrics) - base).toFixed(2)} µs`);
  console.log(`  pino child logger    ${(median(empty.logger) - base).toFixed(2)} µs`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
