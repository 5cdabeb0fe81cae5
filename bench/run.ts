/**
 * `npm run bench`: one self-contained run on this machine — embedded PostgreSQL, an in-memory Temporal dev server,
 * the workers and the API in this process — measuring, each beside its raw baseline in the same run:
 *   1. bookings per second and p50/p99 latency through POST /v1/bookings, against the raw rate of the same
 *      client.workflow.start the API makes and two controls (that start behind the same HTTP, auth and validation,
 *      without the booking's own work; and the same after one one-column row committed first), in alternating rounds;
 *      then p99 at half the measured maximum rate (open loop, paced), beside raw starts at that rate;
 *   2. quotes per second through GET /v1/quotes, against a bare start of the quote workflow;
 *   3. GET /v1/booking-status, GET /v1/bookings/:id and the public single read, against a bare Koa app reading the same
 *      row from PostgreSQL (bench/reads.ts);
 *   4. the per-request cost of authentication + rate limit + idempotency beside a bare route.
 * Sizes: BENCH_BOOKINGS (default 400, split into BENCH_ROUNDS rounds, default 4), BENCH_CONCURRENCY (16), BENCH_PINGS
 * (2000). BENCH_ENGINE=cluster: on Temporal's production server instead of the dev server.
 * `npm run bench -- public-list` runs the list benchmark at scale instead (bench/public-list.ts), and
 * `npm run bench -- reads` the reads alone (bench/reads.ts), `npm run bench -- console` the web console's shipped size and bookings page (bench/console.ts), `npm run bench -- finance` the settlement cycle at scale
 * (bench/finance.ts), `npm run bench -- sepa` SEPA payout files and statements at 10,000 (bench/sepa.ts), `npm run bench -- cluster` the hub on Temporal's production server, scaled out (bench/cluster.ts), `npm run bench -- backlog` a backlog drained (bench/backlog.ts), `npm run bench -- capacity` the knee (bench/capacity.ts), `npm run bench -- isolation` a partner's quote → booking → cancel while another floods sandbox rides (bench/isolation.ts).
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createApp } from '../api/app';
import { apiDeps } from '../api/server';
import { defineOperation } from '../api/operation';
import { sqlOf } from '../db/sql';
import { OPERATIONS } from '../api/operations';
import { createPartner } from '../app/accounts';
import { publicListBench } from './public-list';
import { consoleBench } from './console';
import { financeBench } from './finance';
import { sepaBench } from './sepa';
import { clusterBench } from './cluster';
import { backlogBench } from './backlog';
import { capacityBench } from './capacity';
import { sandboxBookingBody } from './bookings';
import { isolationBench } from './isolation';
import { benchEngine } from './backlog';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { HubEventSchema } from '../db/entities';
import { CreateBookingRequest } from '../api/partner/create-booking';
import { newBookingRecord, startBookingWorkflow } from '../app/bookings';
import { QuoteQuery } from '../api/partner/get-quote';
import { newQuoteRecord } from '../app/quotes';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { cpuPer, cpuSample, type CpuSample } from './cpu';
import { call, paced, partnerToken, run, summary, timed, type Run } from './measure';
import { measureReads, operatorKey, printReads, readsBench } from './reads';
import { QUOTES_TASK_QUEUE, quoteWorkflowId } from '../contracts/quote';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PINGS = Number(process.env.BENCH_PINGS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SIZE = Math.ceil(BOOKINGS / ROUNDS);

const ping = (name: string, security: 'none' | 'partner', idempotent = false) =>
  defineOperation({
    operationId: name,
    method: 'post',
    path: `/bench/${name}`,
    summary: name,
    tags: ['Bench'],
    security: security === 'none' ? { kind: 'none' } : { kind: 'partner', scope: 'bookings.read' },
    idempotent,
    responses: { 200: { description: 'ok' } },
    errors: [],
    handler: async () => ({ status: 200, body: { ok: true } }),
  });

async function main() {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const engine = benchEngine();
  const local = await startLocalStack('bench', { poolMax: 30, engine });
  const { env, orm } = local;
  const secrets = STACK_SECRETS;
  const config = loadConfig({ LOG_LEVEL: 'silent', PARTNER_RATE_LIMIT_PER_MINUTE: '1000000' });
  const deps = apiDeps(config, { orm, temporal: env.client, logger: createLogger('silent'), ...secrets });
  await deps.signingKeys.ensureActiveKey();
  // Two controls: the same start behind the same HTTP, authentication, rate limit and validation, without the booking's
  // own work (no read-model row, no Idempotency-Key, no answer stored): the ceiling of the API / raw ratio here; and the
  // same again after the least a booking could write durably first (one one-column row, committed): its floor.
  await orm.em.getConnection().execute('create table bench_accepted (id text primary key)');
  const sql = sqlOf(orm);
  const startBehind = (path: string, firstWrite: boolean) =>
    defineOperation({
      operationId: path.slice('/bench/'.length),
      method: 'post',
      path,
      summary: path,
      tags: ['Bench'],
      security: { kind: 'partner', scope: 'bookings.write' },
      request: { body: CreateBookingRequest },
      responses: { 200: { description: 'ok' } },
      errors: [],
      handler: async ({ body, principal }) => {
        const record = newBookingRecord(body, { partnerId: principal.ownerId, livemode: principal.livemode });
        if (firstWrite) await sql('insert into bench_accepted (id) values ($1)', [record.id]);
        await startBookingWorkflow(env.client, record);
        return { status: 200, body: { id: record.id } };
      },
    });
  const app = createApp(deps, [
    ...OPERATIONS,
    ping('bare', 'none'),
    ping('authenticated', 'partner'),
    ping('idempotent', 'partner', true),
    startBehind('/bench/start-only', false),
    startBehind('/bench/start-after-commit', true),
  ]);
  const server = app.listen(0, '127.0.0.1');
  // The load agent keeps idle sockets between phases; a server closing them at Node's default 5 s races its next use.
  server.keepAliveTimeout = 600_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  try {
    const partner = await createPartner(orm, secrets, { name: 'Bench' });
    const client = partner.clients[0];
    const token = await partnerToken(base, client.clientId, client.clientSecret);
    /** Waits until the workers have run `count` bookings (booking.created), so later measurements don't share the CPU with them. */
    const drained = async (count: number) => {
      const deadline = Date.now() + 300_000;
      for (;;) {
        const done = await orm.em.fork().count(HubEventSchema, { type: 'booking.created' });
        if (done >= count) return;
        if (Date.now() > deadline) throw new Error(`only ${done} of ${count} booking workflows ran their first step within 5 minutes`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const body = (i: number, runTag = 'api') => sandboxBookingBody(`${i}-${runTag}`);
    const get = (url: string, auth = true) => call('GET', url, undefined, auth ? { authorization: `Bearer ${token}` } : {});
    const post = (path: string, payload: string, headers: Record<string, string> = {}) =>
      call('POST', `${base}${path}`, payload, { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers });

    const bookWithApi = (tag: string) => (i: number) => post('/v1/bookings', body(i, tag), { 'Idempotency-Key': `bench-${tag}-${i}` });
    const startBehindHttp = (tag: string) => (i: number) => post('/bench/start-only', body(i, `control-${tag}`));
    const startAfterCommit = (tag: string) => (i: number) => post('/bench/start-after-commit', body(i, `floor-${tag}`));
    // The same start the API makes (options, search attributes, memo), straight from the client.
    const bookRaw = (tag: string) => async (i: number) => {
      const record = newBookingRecord(CreateBookingRequest.parse(JSON.parse(body(i, `raw-${tag}`))), {
        partnerId: partner.partnerId,
        livemode: false,
      });
      await startBookingWorkflow(env.client, record);
    };
    /**
     * The API and the raw start in alternating rounds, so that neither is measured on a machine that drifted (the
     * in-memory dev server grows with every workflow), each round starting with the next side so that none always runs
     * first (or right after another's garbage); `between` runs after each round, outside the timing.
     */
    const compare = async (tag: string, between: () => Promise<void> = async () => undefined) => {
      const side = () => ({ runs: [] as Run[], cpu: [] as CpuSample[] });
      const sides = { api: side(), control: side(), floor: side(), raw: side() };
      const order = [
        ['api', bookWithApi(tag)],
        ['control', startBehindHttp(tag)],
        ['floor', startAfterCommit(tag)],
        ['raw', bookRaw(tag)],
      ] as const;
      for (let round = 0; round < ROUNDS; round++) {
        for (const [side, one] of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
          const before = cpuSample();
          sides[side].runs.push(await run(ROUND_SIZE, CONCURRENCY, one, round * ROUND_SIZE));
          sides[side].cpu.push(cpuPer(before, cpuSample(), ROUND_SIZE));
          await between();
        }
      }
      const total = (cpu: CpuSample[]) => ({
        hub: cpu.reduce((sum, c) => sum + c.hub, 0) / cpu.length,
        postgres: cpu.reduce((sum, c) => sum + c.postgres, 0) / cpu.length,
        temporal: cpu.reduce((sum, c) => sum + c.temporal, 0) / cpu.length,
      });
      const of = (s: keyof typeof sides) => ({
        ...summary(sides[s].runs),
        cpu: total(sides[s].cpu),
        rounds: sides[s].runs.map((r) => summary([r]).rate),
      });
      return { api: of('api'), control: of('control'), floor: of('floor'), raw: of('raw') };
    };

    await timed(50, CONCURRENCY, bookWithApi('warm-up')); // JIT, pools, caches
    await timed(50, CONCURRENCY, bookRaw('warm-up'));
    await timed(50, CONCURRENCY, startBehindHttp('warm-up'));
    await timed(50, CONCURRENCY, startAfterCommit('warm-up'));
    const single = await timed(50, 1, bookWithApi('single'));
    const singleRaw = await timed(50, 1, bookRaw('single'));
    const { api, control, floor, raw } = await compare('measured');
    // p99 at half the maximum rate the API reached above (open loop).
    const half = await paced(BOOKINGS, api.rate / 2, bookWithApi('half'));
    // The same paced load of raw starts: the tail that the dev server and the machine add on their own.
    const halfRaw = await paced(BOOKINGS, api.rate / 2, bookRaw('half'));
    // Every booking so far: the six runs of 50, the compared rounds of the four sides and the two paced runs.
    const measured = 6 * 50 + 4 * ROUNDS * ROUND_SIZE + 2 * BOOKINGS;
    let created = measured;

    // Quotes: GET /v1/quotes against a bare start of the quote workflow.
    const quoteParams = new URLSearchParams({
      pickup_lat: '49.0097',
      pickup_lng: '2.5479',
      dropoff_lat: '48.8674',
      dropoff_lng: '2.3294',
      datetime: new Date(Date.now() + 48 * 3600_000).toISOString(),
      vehicle_class: 'standard',
    });
    await timed(50, CONCURRENCY, () => get(`${base}/v1/quotes?${quoteParams}`));
    const quotes = await timed(BOOKINGS, CONCURRENCY, () => get(`${base}/v1/quotes?${quoteParams}`));
    const rawQuotes = await timed(BOOKINGS, CONCURRENCY, async () => {
      const quote = newQuoteRecord(
        QuoteQuery.parse(Object.fromEntries(quoteParams)),
        { partnerId: partner.partnerId, accountId: null, livemode: false },
        new Date(),
        900,
      );
      await env.client.workflow.start('quoteWorkflow', {
        workflowId: quoteWorkflowId(quote.id),
        taskQueue: QUOTES_TASK_QUEUE,
        args: [quote],
      });
    });

    // Only now the workers: in production they run on their own machines (docs/deploy.md), and here they would share
    // the two cores with the path being measured, while a raw start leaves its workflow's work for later. Every
    // booking made so far must reach its workflow's first step (booking.created); a last phase shows them sharing the
    // cores. The bench books with a sandbox client: its rides must rest, not play a simulated ride on the cores.
    await local.startWorkers({ encryptionKey: secrets.encryptionKey, ride: { sandboxRideMs: 3_600_000 } });
    const drainStarted = performance.now();
    await drained(created);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    // The same comparison with the workers sharing the cores, each round followed by its workflows' first steps.
    const shared = await compare('shared', () => drained((created += ROUND_SIZE)));

    // Reads: the partner and public single reads against a bare Koa app doing the same primary-key read.
    const [{ id: someBooking }] = await orm.em.getConnection().execute<{ id: string }[]>(`select id from bookings limit 1`);
    const apiKey = await operatorKey(orm, secrets);
    const reads = await measureReads({ base, orm, token, apiKey, bookingId: someBooking }, { pings: PINGS, concurrency: CONCURRENCY });

    // Each stage twice: one request at a time (latency) and CONCURRENCY at a time (throughput, i.e. CPU per request).
    const stages = [
      ['bare route', () => post('/bench/bare', '{}')],
      ['+ auth + rate limit', () => post('/bench/authenticated', '{}')],
      ['+ auth + rate limit + idempotency', (i: number) => post('/bench/idempotent', '{}', { 'Idempotency-Key': `ping-${i}` })],
    ] as const;
    await timed(200, CONCURRENCY, stages[0][1]);
    const pings = [];
    for (const [name, one] of stages) {
      const serial = await timed(PINGS / 4, 1, (i) => one(i));
      const parallel = await timed(PINGS, CONCURRENCY, (i) => one(PINGS + i));
      pings.push({ name, serial, parallel });
    }
    const f = (n: number) => n.toFixed(1);
    const server_ = engine === 'dev' ? 'the in-memory dev server' : "Temporal's production server (PostgreSQL persistence)";
    console.log(`\nhub bench — ${BOOKINGS} bookings, ${PINGS} pings, concurrency ${CONCURRENCY}, Node ${process.version}, on ${server_}\n`);
    const c = (x: CpuSample) => `CPU ms each: hub ${f(x.hub)}, PostgreSQL ${f(x.postgres)}, Temporal ${f(x.temporal)}`;
    const line = (name: string, r: { rate: number; p50: number; p99: number }, unit = 'bookings/s') =>
      `${name.padEnd(46)}${f(r.rate).padStart(6)} ${unit.padEnd(11)} p50 ${f(r.p50)} ms   p99 ${f(r.p99)} ms`;
    console.log(
      `one at a time: POST /v1/bookings p50 ${f(single.p50)} ms p99 ${f(single.p99)} ms; raw start p50 ${f(singleRaw.p50)} ms p99 ${f(singleRaw.p99)} ms`,
    );
    const compared = ({ api: a, control: k, floor: w, raw: r }: typeof shared) => {
      console.log(`${line('POST /v1/bookings (confirmed, in read model)', a)}   ${c(a.cpu)}`);
      console.log(`${line('control: the start behind HTTP + auth + zod', k)}   ${c(k.cpu)}`);
      console.log(`${line('control + one row committed before the start', w)}   ${c(w.cpu)}`);
      console.log(`${line('client.workflow.start (raw)', r, 'starts/s')}   ${c(r.cpu)}`);
      // Round by round beside the raw start of the same round: how far one figure moves on this machine.
      const spread = (x: typeof a) => {
        const ratios = x.rounds.map((rate, i) => rate / r.rounds[i]!);
        return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
      };
      console.log(
        `ratio API / raw start                         ${(a.rate / r.rate).toFixed(2)}   (control / raw ${(k.rate / r.rate).toFixed(2)}, one row committed / raw ${(w.rate / r.rate).toFixed(2)})`,
      );
      console.log(
        `  its ${ROUNDS} rounds, each beside the raw start's   ${spread(a)}   (control ${spread(k)}, one row committed ${spread(w)})`,
      );
    };
    compared({ api, control, floor, raw });
    console.log(line(`POST /v1/bookings at half that rate`, half));
    console.log(line(`client.workflow.start at that rate`, halfRaw, 'starts/s'));
    console.log(
      `\nthe workers then ran the first step of all ${measured} workflows in ${f(drainSeconds)} s (${f(measured / drainSeconds)}/s); with them sharing the cores:`,
    );
    compared(shared);
    console.log(`\n${line('GET /v1/quotes', quotes, 'quotes/s')}`);
    console.log(line('start of quote:<id> (raw)', rawQuotes, 'starts/s'));
    console.log(`ratio quotes / raw start                      ${(quotes.rate / rawQuotes.rate).toFixed(2)}`);
    printReads(reads, CONCURRENCY);
    console.log('\n                                    one at a time           concurrency ' + CONCURRENCY);
    for (const { name, serial, parallel } of pings) {
      console.log(`${name.padEnd(36)}p50 ${f(serial.p50)} ms  p99 ${f(serial.p99)} ms   ${f(parallel.rate)} req/s`);
    }
    const [bare, authed, idem] = pings;
    const cpu = (r: { rate: number }) => 1000 / r.rate;
    console.log(
      `\nadded per request: auth + rate limit ${f(authed.serial.p50 - bare.serial.p50)} ms latency, ${f(cpu(authed.parallel) - cpu(bare.parallel))} ms of machine time;` +
        ` idempotency ${f(idem.serial.p50 - authed.serial.p50)} ms latency, ${f(cpu(idem.parallel) - cpu(authed.parallel))} ms of machine time\n`,
    );
  } finally {
    server.close();
    server.closeAllConnections();
    await deps.changes.close();
    await deps.lifeline.close();
    await local.stop();
  }
}

const BENCHES: Record<string, () => Promise<void>> = {
  'public-list': publicListBench,
  console: consoleBench,
  finance: financeBench,
  sepa: sepaBench,
  cluster: clusterBench,
  backlog: backlogBench,
  capacity: capacityBench,
  isolation: isolationBench,
  reads: () => readsBench({ pings: PINGS, concurrency: CONCURRENCY }),
};
const chosen = process.argv[2];
if (chosen !== undefined && !BENCHES[chosen]) {
  console.error(`unknown bench ${chosen}; known: ${Object.keys(BENCHES).join(', ')} (or none for the whole run)`);
  process.exit(2);
}
(chosen ? BENCHES[chosen]! : main)().then(
  () => {
    // A bench stops what it started; whatever still holds the process a few seconds later is a leak: name it and fail.
    setTimeout(() => {
      console.error(`the bench ended but the process did not: still active ${process.getActiveResourcesInfo().join(', ')}`);
      process.exit(1);
    }, 10_000).unref();
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
