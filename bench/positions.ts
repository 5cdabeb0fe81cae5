/**
 * `npm run bench:positions`: one self-contained run on this machine (embedded PostgreSQL, the API in this process; no
 * Temporal: positions never reach it) measuring
 *   1. GPS positions ingested per second through POST /driver/v1/positions (auth, rate limit, validation, the unit's
 *      and the ride's position and ETA written, latest wins), with p50/p99 latency;
 *   2. the delay from a position report to its event on the tracking page's stream (/track/<token>/events: trigger →
 *      NOTIFY → the process's LISTEN connection → SSE);
 *   3. beside them, the bare PostgreSQL baselines in the same run: the same row update (trigger + NOTIFY) from a plain
 *      pg client, its rate, and its delay to a LISTEN connection; and the hub's own statement from that client, which
 *      also writes the unit's row (the API's cost beside the SQL it runs).
 * The load of the three stages comes from a worker thread (bench/positions-load.ts), in alternating rounds.
 * Sizes: BENCH_UNITS (default 50), BENCH_POSITIONS (4000), BENCH_CONCURRENCY (16), BENCH_ROUNDTRIPS (200).
 */
import { Client as TemporalClient } from '@temporalio/client';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client, Pool } from 'pg';
import { apiDeps, listen } from '../api/server';
import { trackingUrl } from '../infra/passenger-links';
import { BookingSchema } from '../db/entities';
import { addUnit, issueDriverCredential } from '../app/fleet';
import { createPartner } from '../app/accounts';
import { priceFare } from '../domain/pricing';
import { loadConfig } from '../infra/config';
import { newId } from '../infra/ids';
import { createLogger } from '../infra/logger';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { cpuPer, cpuSample, type CpuSample } from './cpu';
import { call, percentiles, summary, type Run } from './measure';
import type { LoadRound, LoadSetup, LoadStage } from './positions-load';

const UNITS = Number(process.env.BENCH_UNITS ?? 50);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDTRIPS = Number(process.env.BENCH_ROUNDTRIPS ?? 200);
const ROUNDS = 4;

interface Measured {
  run: Run;
  cpu: CpuSample;
  /** CPU milliseconds per report of the load thread. */
  loadMs: number;
}
// One driver reports one position at a time: two reports of the same unit in flight would race (latest wins).
if (UNITS < CONCURRENCY) {
  console.error(`BENCH_UNITS (${UNITS}) must be at least BENCH_CONCURRENCY (${CONCURRENCY}): each caller plays its own driver.`);
  process.exit(2);
}
const PICKUP = { lat: 49.0097, lng: 2.5479 };
const DROPOFF = { lat: 48.8674, lng: 2.3294 };

/** Reads an SSE response and resolves waiters whose predicate matches an event's data. */
function sseWatcher(body: ReadableStream<Uint8Array>) {
  const waiters: { match: (data: string) => boolean; resolve: () => void }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    const reader = body.getReader();
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (!data) continue;
        for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!.match(data)) waiters.splice(i, 1)[0]!.resolve();
      }
    }
  })();
  return (match: (data: string) => boolean) => new Promise<void>((resolve) => waiters.push({ match, resolve }));
}

async function main() {
  const local = await startLocalStack('bench-positions', { poolMax: 30, temporal: false });
  const { orm, databaseUrl: url } = local;
  const secrets = STACK_SECRETS;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  // The tracking stream never calls Temporal, nor do the driver endpoints with position signals off (below); the client
  // is lazy and never connects.
  const deps = apiDeps(config, { orm, temporal: new TemporalClient(), logger: createLogger('silent'), ...secrets });
  // No booking workflows run here: the coalesced position Signal (at most one per ride per GPS interval, so ≤ 10 a
  // second for 50 rides at 5 s) is left out, and the bench measures the read-model path every report takes.
  deps.positionSignals = undefined;
  const api = await listen(deps, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const pool = new Pool({ connectionString: url, max: 1 });

  try {
    const partner = await createPartner(orm, secrets, { name: 'Bench' });
    const fare = priceFare({ pickup: PICKUP, dropoff: DROPOFF, pickupAt: new Date(), vehicleClass: 'executive', currency: 'EUR' });
    const rides: { unitId: string; credential: string; bookingId: string }[] = [];
    for (let i = 0; i < UNITS; i++) {
      const unit = await addUnit(orm, {
        market: 'PAR',
        vehicleClass: 'executive',
        vehicle: { make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: `BENCH-${i}` },
        chauffeur: { name: `Driver ${i}`, phone: '+33611111111', photo_url: 'https://example.com/d.jpg', licence_no: `L${i}`, rating: 4.8 },
        documents: {
          driving_licence: '2099-01-01',
          insurance: '2099-01-01',
          vehicle_inspection: '2099-01-01',
          operator_permit: '2099-01-01',
        },
      });
      const { credential } = await issueDriverCredential(orm, secrets, unit.id);
      const em = orm.em.fork();
      const booking = em.create(BookingSchema, {
        id: newId('bkg'),
        partnerId: partner.partnerId,
        environment: 'live',
        status: 'on_the_way',
        vehicleClass: 'executive',
        market: 'PAR',
        pickup: PICKUP,
        dropoff: DROPOFF,
        passenger: { name: 'Bench' },
        pickupAt: new Date(),
        currency: 'EUR',
        fare: fare as unknown as Record<string, unknown>,
        fareTotalMinor: fare.total,
        commissionPct: 0,
        freeUntil: new Date(),
        lateCancellationFeeMinor: 0,
        unitId: unit.id,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await em.flush();
      await orm.em
        .getConnection()
        .execute(`update fleet_units set dispatch_state = 'assigned', booking_id = ? where id = ?`, [booking.id, unit.id]);
      rides.push({ unitId: unit.id, credential, bookingId: booking.id });
    }

    // Every report is newer than the one before (ms resolution), so each one is applied, never skipped as stale.
    let clock = Date.now() - 3_600_000;
    const report = (ride: (typeof rides)[number], lat: number, lng: number) =>
      call(
        'POST',
        `${base}/driver/v1/positions`,
        JSON.stringify({ lat, lng, recorded_at: new Date(++clock).toISOString() }),
        { authorization: `Bearer ${ride.credential}`, 'content-type': 'application/json' },
        (answer) => answer.includes('"applied":true'),
      );
    // Report → the page's event stream, one report at a time.
    const ride = rides[0]!;
    const events = await fetch(`${trackingUrl(base, secrets.encryptionKey, { id: ride.bookingId, pickupAt: new Date() })}/events`);
    const waitFor = sseWatcher(events.body!);
    const toStream: number[] = [];
    for (let i = 0; i < ROUNDTRIPS; i++) {
      const lat = 48.5 + i / 10_000;
      const seen = waitFor((data) => data.includes(`"lat":${lat},`));
      const t = performance.now();
      await report(ride, lat, 2.3);
      await seen;
      toStream.push(performance.now() - t);
    }

    // The three stages in alternating rounds, so that no stage is measured alone on a machine that drifted, loaded from a
    // worker thread (bench/positions-load.ts). Its reports are newer than every report above.
    const setup: LoadSetup = {
      base,
      databaseUrl: url,
      rides,
      concurrency: CONCURRENCY,
      clock: clock + 60_000,
      pickup: PICKUP,
      dropoff: DROPOFF,
    };
    const load = new Worker(join(__dirname, 'positions-load.ts'), { workerData: setup });
    const loadRound = (stage: LoadStage, count: number, first: number) =>
      new Promise<LoadRound>((resolve, reject) => {
        load.once('message', (answer: LoadRound | { error: string }) =>
          'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
        );
        load.postMessage({ stage, count, first });
      });
    const stages: LoadStage[] = ['api', 'bare', 'bareSame'];
    const rounds = { api: [] as Measured[], bare: [] as Measured[], bareSame: [] as Measured[] };
    for (const stage of stages) await loadRound(stage, 200, 0);
    const perRound = Math.ceil(POSITIONS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const stage of stages) {
        const before = cpuSample();
        const { run, cpuMs } = await loadRound(stage, perRound, round * perRound);
        rounds[stage].push({ run, cpu: cpuPer(before, cpuSample(), perRound), loadMs: cpuMs / perRound });
      }
    }
    load.postMessage('stop');
    const [ingest, bareRate, bareSameRate] = stages.map((stage) => summary(rounds[stage].map((r) => r.run)));
    /** CPU milliseconds per report: the thread under test (the process but the load thread), PostgreSQL, the load. */
    const cpuMean = (measured: Measured[]) => {
      const mean = (pick: (m: Measured) => number) => measured.reduce((sum, m) => sum + pick(m), 0) / measured.length;
      return { hub: mean((m) => m.cpu.hub - m.loadMs), postgres: mean((m) => m.cpu.postgres), load: mean((m) => m.loadMs) };
    };

    const listener = new Client({ connectionString: url });
    await listener.connect();
    await listener.query('listen booking_changed');
    const bareDelay: number[] = [];
    for (let i = 0; i < ROUNDTRIPS; i++) {
      const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
      const t = performance.now();
      await pool.query(`update bookings set position_lat = $1, position_at = $2 where id = $3`, [
        48 + i / 1000,
        new Date(++clock),
        ride.bookingId,
      ]);
      await heard;
      bareDelay.push(performance.now() - t);
    }
    await listener.end();
    events.body?.cancel().catch(() => undefined);

    const f = (n: number) => n.toFixed(1);
    const delay = percentiles(toStream);
    const bareD = percentiles(bareDelay);
    console.log(
      `\nhub positions bench — ${UNITS} units on rides, ${POSITIONS} positions, concurrency ${CONCURRENCY}, ${ROUNDTRIPS} round trips, Node ${process.version}\n`,
    );
    const line = (name: string, figures: { rate: number; p50: number; p99: number }, measured: Measured[]) => {
      const { hub, postgres, load } = cpuMean(measured);
      console.log(
        `${name.padEnd(46)}${f(figures.rate).padStart(7)}/s   p50 ${f(figures.p50)} ms   p99 ${f(figures.p99).padStart(4)} ms   ` +
          `CPU ms/op: API ${hub.toFixed(2)}, PostgreSQL ${postgres.toFixed(2)}, load ${load.toFixed(2)}`,
      );
    };
    line('POST /driver/v1/positions', ingest!, rounds.api);
    line('bare pg update + trigger NOTIFY (baseline)', bareRate!, rounds.bare);
    line("bare pg, the hub's statement, one report each", bareSameRate!, rounds.bareSame);
    console.log(`ratio API / bare write                        ${(ingest.rate / bareRate.rate).toFixed(2)}`);
    console.log(`ratio API / its statement from bare pg        ${(ingest.rate / bareSameRate.rate).toFixed(2)}`);
    console.log(`\nreport → tracking page event stream        p50 ${f(delay.p50)} ms   p99 ${f(delay.p99)} ms`);
    console.log(`bare write → LISTEN notification           p50 ${f(bareD.p50)} ms   p99 ${f(bareD.p99)} ms\n`);
  } finally {
    await pool.end();
    await api.close();
    await local.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
