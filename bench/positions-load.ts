/**
 * The load of `npm run bench:positions`, on a worker thread of its own: the drivers' reports through the API, and the
 * bare baselines' writes, so that the thread serving the API does not also generate its load (in production the
 * reports come from phones). The main thread sends `{ stage, count, first }`; the worker answers the round's run and
 * the CPU its own thread spent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'pg';
import { landPositions } from '../db/positions';
import { call, run, type Run } from './measure';

export interface LoadSetup {
  base: string;
  databaseUrl: string;
  rides: { unitId: string; credential: string; bookingId: string }[];
  concurrency: number;
  /** Milliseconds since the epoch of the first report: every report is 1 ms newer than the one before. */
  clock: number;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
}

export type LoadStage = 'api' | 'bare' | 'bareSame';
export interface LoadRound {
  run: Run;
  /** CPU milliseconds of the load thread during the round. */
  cpuMs: number;
}

const setup = workerData as LoadSetup;
const { rides } = setup;
const pool = new Pool({ connectionString: setup.databaseUrl, max: setup.concurrency });
let clock = setup.clock;
const spot = (i: number) => ({ lat: 48.9 + (i % 1000) / 100_000, lng: 2.4 + (i % 777) / 100_000 });
const rideOf = (i: number) => rides[i % rides.length]!;

const stages: Record<LoadStage, (i: number) => Promise<void>> = {
  /** A driver's report through POST /driver/v1/positions; each one must be applied (newer than the last). */
  api: (i) =>
    call(
      'POST',
      `${setup.base}/driver/v1/positions`,
      JSON.stringify({ ...spot(i), recorded_at: new Date(++clock).toISOString() }),
      { authorization: `Bearer ${rideOf(i).credential}`, 'content-type': 'application/json' },
      (answer) => answer.includes('"applied":true'),
    ),
  /** The baseline: the ride's row written from a bare pg client (the bookings trigger notifies). */
  bare: async (i) => {
    const { lat, lng } = spot(i);
    await pool.query(`update bookings set position_lat = $1, position_lng = $2, position_at = $3, eta_minutes = $4 where id = $5`, [
      lat,
      lng,
      new Date(++clock),
      i % 60,
      rideOf(i).bookingId,
    ]);
  },
  /** The hub's own statement (the unit's row and the ride's, db/positions.ts), one report each, from the bare client. */
  bareSame: async (i) => {
    const { unitId, bookingId } = rideOf(i);
    const expected = { bookingId, status: 'on_the_way', pickup: setup.pickup, dropoff: setup.dropoff };
    const { text, values } = landPositions([{ unitId, report: { ...spot(i), at: new Date(++clock) }, expected }]);
    await pool.query({ name: 'land-position', text, values });
  },
};

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

parentPort!.on('message', (message: { stage: LoadStage; count: number; first: number } | 'stop') => {
  if (message === 'stop') {
    void pool.end().then(() => parentPort!.close());
    return;
  }
  const before = threadCpuMs();
  run(message.count, setup.concurrency, stages[message.stage], message.first).then(
    (result) => parentPort!.postMessage({ run: result, cpuMs: threadCpuMs() - before } satisfies LoadRound),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  );
});
