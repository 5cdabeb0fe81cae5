/**
 * `npm run load`: the hub as separate processes (stack/process-stack.ts, loopback only) driven open-loop by
 * bookings (POST /v1/bookings with an Idempotency-Key), status reads (GET of a booking already created) and the
 * webhook delivery each booking causes, at a rate that steps up. Every LOAD_SAMPLE_SECONDS it prints the offered and
 * achieved rates, latency percentiles, the delivery backlog and the memory of the API and worker processes (RSS) and
 * of this driver (heap); at the end, a table per step and the rate where it bends: the first step whose booking
 * throughput falls below 90 % of the offered rate or whose p99 exceeds 3× the first step's.
 * Bounded: LOAD_STEPS (default "2,4,8,16,32" bookings/s), LOAD_STEP_SECONDS (60) each, LOAD_READS_PER_BOOKING (4),
 * at most LOAD_MAX_OUTSTANDING (256) requests in flight (an arrival beyond that is counted as dropped), then it stops.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPartner } from '../app/accounts';
import { migrate, openOrm } from '../db/orm';
import { processStack } from '../stack/process-stack';
import { uptimeMain } from './uptime';

const STEPS = (process.env.LOAD_STEPS ?? '2,4,8,16,32').split(',').map(Number);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 60);
const SAMPLE_SECONDS = Number(process.env.LOAD_SAMPLE_SECONDS ?? 10);
const READS_PER_BOOKING = Number(process.env.LOAD_READS_PER_BOOKING ?? 4);
const MAX_OUTSTANDING = Number(process.env.LOAD_MAX_OUTSTANDING ?? 256);

/** The booking-status read; one line to change if the status endpoint moves. */
const statusPath = (id: string) => `/v1/bookings/${id}`;

type Kind = 'create' | 'read';
interface Sample {
  kind: Kind;
  at: number;
  ms: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'hub-load-'));
  chmodSync(dir, 0o755);
  const received: number[] = [];
  const delivered = new Set<string>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(Date.now());
      delivered.add(String(req.headers['x-event-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  const stack = await processStack(dir);
  try {
    await stack.startPostgres();
    const orm = await openOrm(stack.databaseUrl, 2);
    await migrate(orm);
    const partner = await createPartner(orm, stack.secrets, { name: 'Load OTA', webhookUrl });
    await orm.close();
    await stack.startTemporal();
    await stack.startWorker();
    await stack.startApi();
    const client = partner.clients.find((c) => c.environment === 'sandbox')!;
    const tokenResponse = await fetch(`${stack.apiUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    console.log(`load: steps ${STEPS.join(', ')} bookings/s × ${STEP_SECONDS} s, ${READS_PER_BOOKING} reads per booking; stack in ${dir}`);

    const samples: Sample[] = [];
    const created: string[] = [];
    let outstanding = 0;
    let dropped = 0;
    let seq = 0;
    const timed = async (kind: Kind, run: () => Promise<Response>, onOk?: (body: { id?: string }) => void) => {
      if (outstanding >= MAX_OUTSTANDING) {
        dropped++;
        return;
      }
      outstanding++;
      const started = performance.now();
      let ok = false;
      try {
        const response = await run();
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        ok = response.ok;
        if (ok) onOk?.(body);
      } catch {
        ok = false;
      } finally {
        outstanding--;
        samples.push({ kind, at: Date.now(), ms: performance.now() - started, ok });
      }
    };
    const createOne = () => {
      const n = seq++;
      return timed(
        'create',
        () =>
          fetch(`${stack.apiUrl}/v1/bookings`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': `load-${n}` },
            body: JSON.stringify({
              external_id: `LOAD-${n}`,
              pickup: { lat: 48.8443, lng: 2.3744, datetime: new Date(Date.now() + 48 * 3600_000).toISOString() },
              dropoff: { lat: 48.7262, lng: 2.3652 },
              passenger: { name: 'Load Test', phone: '+33612345678' },
              vehicle_class: 'standard',
            }),
            signal: AbortSignal.timeout(30_000),
          }),
        (body) => body.id && created.push(body.id),
      );
    };
    const readOne = () => {
      if (!created.length) return Promise.resolve();
      const id = created[Math.floor(Math.random() * created.length)];
      return timed('read', () => fetch(`${stack.apiUrl}${statusPath(id)}`, { headers, signal: AbortSignal.timeout(30_000) }));
    };

    const t0 = Date.now();
    const steps: { rate: number; from: number; to: number }[] = [];
    const pending: Promise<void>[] = [];
    const sampler = setInterval(() => {
      const since = Date.now() - SAMPLE_SECONDS * 1000;
      const recent = (kind: Kind) => samples.filter((s) => s.kind === kind && s.at >= since);
      const c = recent('create');
      const r = recent('read');
      const pids = stack.pids();
      console.log(
        `${f((Date.now() - t0) / 1000).padStart(5)} s  offered ${String(steps.at(-1)?.rate ?? 0).padStart(3)}/s  ` +
          `create ${f(c.filter((s) => s.ok).length / SAMPLE_SECONDS, 1)}/s p50 ${f(
            pct(
              c.map((s) => s.ms),
              50,
            ),
          )} p99 ${f(
            pct(
              c.map((s) => s.ms),
              99,
            ),
          )} ms  ` +
          `read ${f(r.filter((s) => s.ok).length / SAMPLE_SECONDS, 1)}/s p99 ${f(
            pct(
              r.map((s) => s.ms),
              99,
            ),
          )} ms  ` +
          `webhooks ${f(received.filter((t) => t >= since).length / SAMPLE_SECONDS, 1)}/s events delivered ${delivered.size}/${created.length} answered  ` +
          `errors ${c.concat(r).filter((s) => !s.ok).length}  in flight ${outstanding}  ` +
          `RSS api ${f(rssMb(pids.api))} MB worker ${f(rssMb(pids.worker))} MB  driver heap ${f(process.memoryUsage().heapUsed / 2 ** 20)} MB`,
      );
    }, SAMPLE_SECONDS * 1000);

    for (const rate of STEPS) {
      const from = Date.now();
      steps.push({ rate, from, to: from + STEP_SECONDS * 1000 });
      const interval = 1000 / rate;
      for (let i = 0; Date.now() < from + STEP_SECONDS * 1000; i++) {
        // Open loop: arrivals follow the clock, not the answers.
        const due = from + i * interval;
        if (due > Date.now()) await sleep(due - Date.now());
        pending.push(createOne());
        for (let k = 0; k < READS_PER_BOOKING; k++) pending.push(readOne());
      }
    }
    await Promise.all(pending);
    const drainFrom = Date.now();
    while (delivered.size < created.length && Date.now() - drainFrom < 60_000) await sleep(250);
    clearInterval(sampler);

    console.log('\nrate/s  created/s  create p50  p99 ms  reads/s  read p99 ms  webhooks/s  errors  dropped-at-cap');
    const firstP99 = pct(
      samples.filter((s) => s.kind === 'create' && s.at >= steps[0].from && s.at < steps[0].to).map((s) => s.ms),
      99,
    );
    let bend: string | undefined;
    for (const step of steps) {
      const inStep = (s: Sample) => s.at >= step.from && s.at < step.to;
      const c = samples.filter((s) => s.kind === 'create' && inStep(s));
      const r = samples.filter((s) => s.kind === 'read' && inStep(s));
      const seconds = (step.to - step.from) / 1000;
      const achieved = c.filter((s) => s.ok).length / seconds;
      const p99 = pct(
        c.map((s) => s.ms),
        99,
      );
      console.log(
        `${String(step.rate).padStart(6)}  ${f(achieved, 1).padStart(9)}  ${f(
          pct(
            c.map((s) => s.ms),
            50,
          ),
        ).padStart(10)}  ${f(p99).padStart(6)}  ` +
          `${f(r.filter((s) => s.ok).length / seconds, 1).padStart(7)}  ${f(
            pct(
              r.map((s) => s.ms),
              99,
            ),
          ).padStart(11)}  ` +
          `${f(received.filter((t) => t >= step.from && t < step.to).length / seconds, 1).padStart(10)}  ${String(c.concat(r).filter((s) => !s.ok).length).padStart(6)}`,
      );
      if (!bend && (achieved < 0.9 * step.rate || p99 > 3 * firstP99)) {
        bend = `bends at ${step.rate} bookings/s: ${f(achieved, 1)}/s achieved, create p99 ${f(p99)} ms (first step ${f(firstP99)} ms)`;
      }
    }
    console.log(
      `dropped at the in-flight cap: ${dropped}; webhooks: ${received.length} requests, ${delivered.size} distinct events for ${created.length} bookings`,
    );
    console.log(bend ?? `did not bend up to ${STEPS.at(-1)} bookings/s`);
  } finally {
    await stack.stop();
    receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run load -- --rolling`: the uptime proofs instead (bench/uptime.ts).
(process.argv.includes('--rolling') ? uptimeMain() : main()).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
