/**
 * The hot reads beside their bare baseline, in the same run: GET /v1/booking-status and GET /v1/bookings/:id with a
 * partner token, GET /api/public/v1/bookings/:ref with an operator key, and a bare Koa app reading the same row from
 * PostgreSQL. Each one at a time (latency) and BENCH_CONCURRENCY at a time (throughput, i.e. CPU per request).
 * `npm run bench` runs it after the bookings; `npm run bench -- reads` alone, on a stack without Temporal (reads never
 * reach it), which is also the way to profile them: `node --cpu-prof --import tsx bench/run.ts reads`.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client as TemporalClient } from '@temporalio/client';
import { apiDeps, listen } from '../api/server';
import { createApiKey, createIntegratorAccount, createPartner } from '../app/accounts';
import { BookingSchema } from '../db/entities';
import { priceFare } from '../domain/pricing';
import { loadConfig } from '../infra/config';
import { newId } from '../infra/ids';
import { createLogger } from '../infra/logger';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { call, partnerToken, run, summary, type Run } from './measure';

const ROUNDS = 4;

type Secrets = { encryptionKey: Buffer; hashPepper: Buffer };

export interface ReadFigures {
  name: string;
  serial: { p50: number; p99: number };
  parallel: { rate: number };
}

/** An operator key of the sandbox: it reads every account's and partner's sandbox bookings. */
export async function operatorKey(orm: MikroORM, secrets: Secrets): Promise<string> {
  const { accountId } = await createIntegratorAccount(orm, 'Bench operator', 'operator');
  const { key } = await createApiKey(orm, secrets, {
    accountId,
    environment: 'sandbox',
    label: 'bench',
    scopes: ['bookings.read'],
    ratePerMinute: 1e9,
  });
  return key;
}

/** Measures the hot reads of `bookingId` on the API at `base` beside the bare read of the same row, in alternating rounds. */
export async function measureReads(
  input: { base: string; orm: MikroORM; token: string; apiKey: string; bookingId: string },
  sizes: { pings: number; concurrency: number },
): Promise<ReadFigures[]> {
  const bareRead = new Koa();
  bareRead.use(async (ctx) => {
    const [row] = await input.orm.em.getConnection().execute(`select * from bookings where id = ?`, [ctx.path.slice(1)]);
    ctx.body = row;
  });
  const bareServer = bareRead.listen(0, '127.0.0.1');
  await new Promise((r) => bareServer.once('listening', r));
  const bareBase = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
  const { base, bookingId } = input;
  const targets = [
    ['GET /v1/booking-status', `${base}/v1/booking-status?id=${bookingId}`, `Bearer ${input.token}`],
    ['GET /v1/bookings/:id', `${base}/v1/bookings/${bookingId}`, `Bearer ${input.token}`],
    ['GET /api/public/v1/bookings/:ref', `${base}/api/public/v1/bookings/${bookingId}`, `Bearer ${input.apiKey}`],
    ['bare Koa + PostgreSQL read', `${bareBase}/${bookingId}`, undefined],
  ] as const;
  const runs = targets.map(() => ({ serial: [] as Run[], parallel: [] as Run[] }));
  try {
    const gets = targets.map(
      ([, url, authorization]) =>
        () =>
          call('GET', url, undefined, authorization ? { authorization } : {}),
    );
    for (const get of gets) await run(200, sizes.concurrency, get);
    // Alternating rounds, so that no target is measured alone on a machine that drifted.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, get] of gets.entries()) {
        runs[i]!.serial.push(await run(sizes.pings / 4 / ROUNDS, 1, get));
        runs[i]!.parallel.push(await run(sizes.pings / ROUNDS, sizes.concurrency, get));
      }
    }
    return targets.map(([name], i) => ({ name, serial: summary(runs[i]!.serial), parallel: summary(runs[i]!.parallel) }));
  } finally {
    bareServer.close();
  }
}

export function printReads(reads: ReadFigures[], concurrency: number): void {
  const f = (n: number) => n.toFixed(1);
  const bare = reads.find((r) => r.name.startsWith('bare'))!;
  console.log(`\n                                    one at a time           concurrency ${concurrency}     share of bare`);
  for (const { name, serial, parallel } of reads) {
    const share = (parallel.rate / bare.parallel.rate).toFixed(2);
    console.log(`${name.padEnd(36)}p50 ${f(serial.p50)} ms  p99 ${f(serial.p99)} ms   ${f(parallel.rate).padStart(7)} req/s   ${share}`);
  }
}

/** `npm run bench -- reads`: the reads alone, on a fresh stack without Temporal, over one sandbox booking. */
export async function readsBench(sizes: { pings: number; concurrency: number }): Promise<void> {
  const local = await startLocalStack('bench-reads', { poolMax: 30, temporal: false });
  const { orm } = local;
  const secrets = STACK_SECRETS;
  const config = loadConfig({ LOG_LEVEL: 'silent', PARTNER_RATE_LIMIT_PER_MINUTE: '1000000' });
  const deps = apiDeps(config, { orm, temporal: new TemporalClient(), logger: createLogger('silent'), ...secrets });
  await deps.signingKeys.ensureActiveKey();
  const api = await listen(deps, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  try {
    const partner = await createPartner(orm, secrets, { name: 'Bench' });
    const client = partner.clients[0]!;
    const token = await partnerToken(base, client.clientId, client.clientSecret);
    const pickup = { lat: 49.0097, lng: 2.5479 };
    const dropoff = { lat: 48.8674, lng: 2.3294 };
    const pickupAt = new Date(Date.now() + 48 * 3600_000);
    const fare = priceFare({ pickup, dropoff, pickupAt, vehicleClass: 'standard', currency: 'EUR' });
    const em = orm.em.fork();
    const booking = em.create(BookingSchema, {
      id: newId('bkg'),
      partnerId: partner.partnerId,
      environment: client.environment,
      status: 'confirmed',
      vehicleClass: 'standard',
      market: 'PAR',
      pickup,
      dropoff,
      passenger: { name: 'Bench', phone: '+33612345678' },
      pickupAt,
      currency: 'EUR',
      fare: fare as unknown as Record<string, unknown>,
      fareTotalMinor: fare.total,
      commissionPct: 0,
      freeUntil: pickupAt,
      lateCancellationFeeMinor: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const apiKey = await operatorKey(orm, secrets);
    const reads = await measureReads({ base, orm, token, apiKey, bookingId: booking.id }, sizes);
    console.log(`\nhub reads bench — ${sizes.pings} requests each, concurrency ${sizes.concurrency}, Node ${process.version}`);
    printReads(reads, sizes.concurrency);
    console.log('');
  } finally {
    await api.close();
    await deps.changes.close();
    await deps.lifeline.close();
    await local.stop();
  }
}
