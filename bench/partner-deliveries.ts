/**
 * `npm run bench:partner-deliveries`: one partner endpoint on this machine — embedded PostgreSQL, an in-memory Temporal
 * dev server (BENCH_ENGINE=cluster: the production server), the hub's workers and a local receiver in this process:
 *   1. backlog: BENCH_PARTNER_EVENTS events (default 3000) of 300 sandbox bookings, recorded first, then handed to the
 *      endpoint's delivery workflows in chunks of 50 as redelivery hands them: events per second from the first
 *      handover to the last event's arrival;
 *   2. paced rides: BENCH_PARTNER_RATE sandbox bookings per second (default 5) for BENCH_PARTNER_SECONDS (30), each
 *      booking's events recorded and handed over by the booking activity (`recordBookingChange`) as a sandbox ride
 *      does, `booking.created` first and ten more a second apart: lag p50/p99 from each event's handover to its arrival,
 *      for `booking.created` and for every event.
 * The receiver counts the connections open at once, events received twice, and bookings whose events arrived out of
 * `sequence` order.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createBookingActivities } from '../activities/booking';
import { createPartner } from '../app/accounts';
import { newBookingRecord } from '../app/bookings';
import { deliverPartnerEvents } from '../app/partner-endpoints';
import { CreateBookingRequest } from '../api/partner/create-booking';
import { STACK_SECRETS, stackDataConverter } from '../stack/secrets';
import { startLocalStack } from '../stack/local-stack';
import { bookingBody } from '../test/support/fixtures';
import type { PartnerEventType } from '../domain/partner-wire';
import { percentiles } from './measure';

const EVENTS = Number(process.env.BENCH_PARTNER_EVENTS ?? 3000);
const RATE = Number(process.env.BENCH_PARTNER_RATE ?? 5);
const SECONDS = Number(process.env.BENCH_PARTNER_SECONDS ?? 30);
const ENGINE = process.env.BENCH_ENGINE === 'cluster' ? 'cluster' : 'dev';
const RIDE: PartnerEventType[] = [
  'booking.created',
  'driver.assigned',
  'driver.on_the_way',
  'gps.update',
  'gps.update',
  'driver.arrived',
  'trip.started',
  'gps.update',
  'gps.update',
  'gps.update',
  'trip.completed',
];
const BACKLOG_TYPES = RIDE.filter((type) => type !== 'gps.update');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const local = await startLocalStack('bench-partner', { poolMax: 30, engine: ENGINE });
  const { env, orm, namespace } = local;

  const arrived = new Map<string, number>();
  const lastSequence = new Map<string, number>();
  const seen = { duplicates: 0, outOfOrder: 0, open: 0, most: 0 };
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event_id: string; booking_id: string; sequence: number };
      if (arrived.has(event.event_id)) seen.duplicates++;
      else arrived.set(event.event_id, performance.now());
      if ((lastSequence.get(event.booking_id) ?? 0) > event.sequence) seen.outOfOrder++;
      lastSequence.set(event.booking_id, Math.max(lastSequence.get(event.booking_id) ?? 0, event.sequence));
      res.writeHead(204).end();
    });
  });
  receiver.on('connection', (socket) => {
    seen.most = Math.max(seen.most, ++seen.open);
    socket.on('close', () => seen.open--);
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  await local.startWorkers({ encryptionKey: STACK_SECRETS.encryptionKey });
  const client = new Client({ connection: env.nativeConnection, namespace, dataConverter: stackDataConverter() });

  try {
    const { partnerId } = await createPartner(orm, STACK_SECRETS, { name: 'Bench OTA', webhookUrl });
    const activities = createBookingActivities({ orm, client });
    const book = async () => {
      const record = newBookingRecord(CreateBookingRequest.parse(bookingBody()), { partnerId, livemode: false }, new Date());
      await activities.saveBooking(record);
      return record.id;
    };
    const until = async (eventIds: string[], timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (eventIds.some((id) => !arrived.has(id)) && Date.now() < deadline) await sleep(50);
    };

    // 1. backlog
    const backlog: { eventId: string; bookingId: string; type: PartnerEventType }[] = [];
    const bookings = 300;
    const perBooking = Math.ceil(EVENTS / bookings);
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let b = worker; b < bookings; b += 10) {
          const bookingId = await book();
          for (let sequence = 1; sequence <= perBooking; sequence++) {
            // No gps.update here: a waiting one gives way to the next of its booking, and the backlog counts arrivals.
            const type = BACKLOG_TYPES[(sequence - 1) % BACKLOG_TYPES.length];
            const recorded = await activities.recordBookingChange({ bookingId, event: { sequence, type } });
            backlog.push({ eventId: recorded!.eventId, bookingId, type });
          }
        }
      }),
    );
    // Handed over in recording order, which is each booking's sequence order.
    const started = performance.now();
    for (let i = 0; i < backlog.length; i += 50) await deliverPartnerEvents(client, partnerId, 'sandbox', backlog.slice(i, i + 50));
    const ids = backlog.map((e) => e.eventId);
    await until(ids, 600_000);
    const backlogSeconds = (Math.max(...ids.map((id) => arrived.get(id) ?? Infinity)) - started) / 1000;

    // 2. paced rides
    const handed = new Map<string, { at: number; type: PartnerEventType }>();
    const rides: Promise<void>[] = [];
    const ridesStarted = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const wait = ridesStarted + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      rides.push(
        (async () => {
          const bookingId = await book();
          for (let sequence = 1; sequence <= RIDE.length; sequence++) {
            if (sequence > 1) await sleep(1000);
            const at = performance.now();
            const type = RIDE[sequence - 1];
            const recorded = await activities.recordBookingChange({ bookingId, event: { sequence, type }, deliver: true });
            handed.set(recorded!.eventId, { at, type });
          }
        })(),
      );
    }
    await Promise.all(rides);
    // A gps.update still waiting when the next of its booking comes is replaced by it (docs/webhooks.md): not lost.
    await until(
      [...handed].filter(([, h]) => h.type !== 'gps.update').map(([id]) => id),
      120_000,
    );
    const counted = [...handed].filter(([id, h]) => h.type !== 'gps.update' || arrived.has(id));
    const lags = (only?: PartnerEventType) =>
      counted.filter(([, h]) => !only || h.type === only).map(([id, h]) => (arrived.get(id) ?? Infinity) - h.at);
    const created = percentiles(lags('booking.created'));
    const all = percentiles(lags());

    const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'lost');
    console.log(`\none partner endpoint on the ${ENGINE === 'cluster' ? 'production server' : 'dev server'}, Node ${process.version}\n`);
    console.log(
      `backlog of ${ids.length} events (${bookings} bookings)        ${(ids.length / backlogSeconds).toFixed(1)} events/s  (${backlogSeconds.toFixed(1)} s)`,
    );
    console.log(
      `paced: ${RATE} bookings/s for ${SECONDS} s, ${handed.size} events  booking.created lag p50 ${f(created.p50)} ms  p99 ${f(created.p99)} ms`,
    );
    console.log(`                                         every event lag    p50 ${f(all.p50)} ms  p99 ${f(all.p99)} ms`);
    console.log(`gps.update replaced by a newer one before its turn: ${handed.size - counted.length}`);
    console.log(
      `receiver: ${arrived.size} events, ${seen.duplicates} received twice, ${seen.outOfOrder} out of sequence, at most ${seen.most} connections at once\n`,
    );
  } finally {
    receiver.close();
    receiver.closeAllConnections();
    await local.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
