/**
 * `npm run bench -- isolation`: partner A floods sandbox rides above what the workers can do while partner B, tried
 * `BENCH_TRIES` times (30), gets a quote, books it and cancels the booking; prints each step's p50/p99/max and what
 * became of A's flood, first with load shedding off (task queues, priority and fairness alone), then with the default
 * budgets. The test test/api/interactive-isolation.test.ts is its short form. Sizes: BENCH_FLOOD_RATE (A's bookings per
 * second, 40), BENCH_TRIES (30), BENCH_WARMUP_SECONDS (15: A floods alone first), BENCH_B_ENV (sandbox | live).
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { apiDeps, listen } from '../api/server';
import { createPartner } from '../app/accounts';
import { oldestCustomerTasks } from '../app/admission';
import { SANDBOX_BOOKINGS_TASK_QUEUE } from '../contracts/task-queues';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { partnerToken, percentiles } from './measure';
import type { Client } from '@temporalio/client';

const HOUR = 3600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TRIP = { pickup: { lat: 49.0097, lng: 2.5479 }, dropoff: { lat: 48.8674, lng: 2.3294 } };

function bookingBody(pickupAt: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    pickup: { address: 'CDG T2E', ...TRIP.pickup, datetime: pickupAt },
    dropoff: { address: 'Place Vendôme', ...TRIP.dropoff },
    passenger: { name: 'Ada Lovelace', phone: '+33612345678', pax: 1, luggage: 1 },
    vehicle_class: 'executive',
    ...extra,
  });
}

async function send(method: string, url: string, token: string, body?: string, timeoutMs = 15_000) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export interface FloodCounts {
  sent: number;
  byStatus: Record<string, number>;
}

/** Partner A: sandbox bookings at `rate` per second, open loop, until `stop()` or `limit` sent; counts the answers by status. */
export function floodSandbox(
  base: string,
  token: string,
  rate: number,
  limit = Infinity,
): { counts: FloodCounts; stop: () => Promise<void> } {
  const counts: FloodCounts = { sent: 0, byStatus: {} };
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const due = Math.floor(((Date.now() - started) / 1000) * rate);
      while (counts.sent < Math.min(due, limit) && !stopped) {
        counts.sent++;
        const one = send('POST', `${base}/v1/bookings`, token, bookingBody(new Date(Date.now() + 2 * HOUR).toISOString()), 60_000)
          .then((r) => void (counts.byStatus[r.status] = (counts.byStatus[r.status] ?? 0) + 1))
          .catch(() => void (counts.byStatus.error = (counts.byStatus.error ?? 0) + 1))
          .finally(() => inFlight.delete(one));
        inFlight.add(one);
      }
      await sleep(20);
    }
  })();
  return {
    counts,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

export interface TryLatencies {
  quote: number[];
  book: number[];
  cancel: number[];
  /** Steps that failed or took longer than the timeout, with what they answered. */
  failures: string[];
}

/** Partner B: `tries` times a quote → a booking from the quote → its cancellation, one after the other, each timed. */
export async function quoteBookCancel(base: string, token: string, tries: number, timeoutMs = 15_000): Promise<TryLatencies> {
  const out: TryLatencies = { quote: [], book: [], cancel: [], failures: [] };
  const timed = async (
    step: keyof Omit<TryLatencies, 'failures'>,
    call: () => Promise<{ status: number; json: Record<string, unknown> }>,
  ) => {
    const t0 = performance.now();
    try {
      const answer = await call();
      out[step].push(performance.now() - t0);
      if (answer.status >= 300) out.failures.push(`${step}: ${answer.status} ${String(answer.json.code)}`);
      return answer.status < 300 ? answer.json : undefined;
    } catch (err) {
      out[step].push(performance.now() - t0);
      out.failures.push(`${step}: ${(err as Error).name}`);
      return undefined;
    }
  };
  for (let i = 0; i < tries; i++) {
    const pickupAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const params = new URLSearchParams({
      pickup_lat: String(TRIP.pickup.lat),
      pickup_lng: String(TRIP.pickup.lng),
      dropoff_lat: String(TRIP.dropoff.lat),
      dropoff_lng: String(TRIP.dropoff.lng),
      datetime: pickupAt,
      vehicle_class: 'executive',
    });
    const quote = await timed('quote', () => send('GET', `${base}/v1/quotes?${params}`, token, undefined, timeoutMs));
    if (!quote) continue;
    const booking = await timed('book', () =>
      send('POST', `${base}/v1/bookings`, token, bookingBody(pickupAt, { quote_id: quote.id }), timeoutMs),
    );
    if (!booking) continue;
    await timed('cancel', () =>
      send('DELETE', `${base}/v1/bookings/${String(booking.id)}?reason_code=passenger_request`, token, undefined, timeoutMs),
    );
  }
  return out;
}

/** The oldest customer task on the sandbox booking queue, sampled every second until `stop()`: the backlog A built. */
export function sampleSandboxBacklog(client: Client): { maxSeconds: () => number; stop: () => void } {
  let max = 0;
  const timer = setInterval(() => {
    oldestCustomerTasks(client, SANDBOX_BOOKINGS_TASK_QUEUE)
      .then((s) => (max = Math.max(max, s.quote, s.booking)))
      .catch(() => {});
  }, 1000);
  return { maxSeconds: () => max, stop: () => clearInterval(timer) };
}

const ms = (v: number) => `${Math.round(v)} ms`;

export function printTries(label: string, t: TryLatencies): void {
  for (const step of ['quote', 'book', 'cancel'] as const) {
    const p = percentiles(t[step]);
    console.log(`  ${label} ${step.padEnd(6)} n=${t[step].length}  p50 ${ms(p.p50)}  p99 ${ms(p.p99)}  max ${ms(Math.max(0, ...t[step]))}`);
  }
  if (t.failures.length) console.log(`  ${label} failures: ${t.failures.join('; ')}`);
}

export async function isolationBench(): Promise<void> {
  const rate = Number(process.env.BENCH_FLOOD_RATE ?? 40);
  const tries = Number(process.env.BENCH_TRIES ?? 30);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
  const bEnv = process.env.BENCH_B_ENV === 'live' ? 'live' : 'sandbox';
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const local = await startLocalStack('isolation', { poolMax: 30 });
  const ride = { sandboxRideMs: 20_000, gpsIntervalMs: 5000 };
  await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey, ride });
  try {
    for (const mode of ['on', 'off'] as const) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        PARTNER_RATE_LIMIT_PER_MINUTE: '1000000',
        SANDBOX_RIDE_SECONDS: String(ride.sandboxRideMs / 1000),
        ...(mode === 'off' ? { HUB_SANDBOX_RIDE_BUDGET: '10000000', HUB_MAX_TASK_WAIT_SECONDS: '86400' } : {}),
      });
      const deps = apiDeps(config, { orm: local.orm, temporal: local.env.client, logger: createLogger('silent'), ...STACK_SECRETS });
      const api = await listen(deps, '127.0.0.1', 0);
      const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
      const a = await createPartner(local.orm, STACK_SECRETS, { name: `Flooding ${mode}` });
      const b = await createPartner(local.orm, STACK_SECRETS, { name: `Interactive ${mode}` });
      const client = (p: typeof a, env: string) => p.clients.find((c) => c.environment === env)!;
      const aToken = await partnerToken(base, client(a, 'sandbox').clientId, client(a, 'sandbox').clientSecret);
      const bToken = await partnerToken(base, client(b, bEnv).clientId, client(b, bEnv).clientSecret);

      console.log(
        `\nload shedding ${mode}: A floods ${rate} sandbox bookings/s (${ride.sandboxRideMs / 1000} s rides); B (${bEnv}) quote → book → cancel × ${tries}`,
      );
      const backlog = sampleSandboxBacklog(local.env.client);
      const flood = floodSandbox(base, aToken, rate);
      const cpu0 = process.cpuUsage();
      await sleep(warmupSeconds * 1000);
      const t0 = Date.now();
      const latencies = await quoteBookCancel(base, bToken, tries);
      const seconds = (Date.now() - t0) / 1000 + warmupSeconds;
      await flood.stop();
      backlog.stop();
      const cpu = process.cpuUsage(cpu0);
      printTries('B', latencies);
      console.log(
        `  A sent ${flood.counts.sent} in ${seconds.toFixed(0)} s, answers ${JSON.stringify(flood.counts.byStatus)}; oldest waiting sandbox task up to ${backlog.maxSeconds().toFixed(1)} s; this process's CPU ${((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)} cores`,
      );
      await api.close();
      await deps.changes.close();
      // Let A's rides of this round end before the next: each round starts from an idle hub.
      await sleep(ride.sandboxRideMs + 10_000);
    }
  } finally {
    await local.stop();
  }
}
