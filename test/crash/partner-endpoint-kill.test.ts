import type { ChildProcess } from 'node:child_process';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { deliverPartnerEvents } from '../../app/partner-endpoints';
import type { PartnerEventType } from '../../domain/partner-wire';
import { loadDevStack } from '../../infra/dev-stack';
import { freePort } from '../../stack/ports';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { hubProcessEnv, spawnHubProcess, stopHubProcesses } from '../support/hub-processes';
import { expectFirstAttemptsInOrder } from '../support/partner-deliveries';
import { until } from '../support/until';

const TYPES: PartnerEventType[] = ['booking.created', 'driver.assigned', 'driver.on_the_way', 'driver.arrived', 'trip.started'];
const BOOKINGS = 60;
const PER_BOOKING = 10;

/**
 * The worker process delivering one partner endpoint's backlog is killed with SIGKILL mid-run and started again: every
 * event still arrives, each booking's events first arrive in `sequence` order, and the endpoint never sees more
 * than ten connections. Only an event whose POST was answered in the instant before the kill may arrive twice.
 */
describe('a partner endpoint through a kill -9 of its worker', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  const children: ChildProcess[] = [];
  const output: string[] = [];

  beforeAll(async () => {
    [db, env] = await Promise.all([freshDatabase(), localEnvironment()]);
  });
  afterAll(async () => {
    await stopHubProcesses(children);
    await Promise.all([env?.teardown(), db?.close()]);
  });

  it('loses nothing and keeps each booking in order', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const activities = createBookingActivities({ orm: db.orm });
      const events: { eventId: string; bookingId: string; type: PartnerEventType }[] = [];
      for (let b = 0; b < BOOKINGS; b++) {
        const record = newBookingRecord(
          CreateBookingRequest.parse(bookingBody()),
          { partnerId: partner.partnerId, livemode: false },
          new Date(),
        );
        await activities.saveBooking(record);
        for (let sequence = 1; sequence <= PER_BOOKING; sequence++) {
          const type = TYPES[(sequence - 1) % TYPES.length];
          const recorded = await activities.recordBookingChange({ bookingId: record.id, event: { sequence, type } });
          events.push({ eventId: recorded!.eventId, bookingId: record.id, type });
        }
      }
      const processEnv = hubProcessEnv({
        databaseUrl: db.url,
        temporalAddress: env.address,
        namespace: loadDevStack().namespace,
        apiPort: await freePort(),
        metricsPort: await freePort(),
      });
      const worker = () => {
        const started = spawnHubProcess('workers/main.ts', processEnv, output);
        children.push(started);
        return started;
      };
      const first = worker();
      for (let i = 0; i < events.length; i += 50)
        await deliverPartnerEvents(env.client, partner.partnerId, 'sandbox', events.slice(i, i + 50));

      await receiver.waitFor(events.length / 10, 180_000);
      first.kill('SIGKILL');
      const killedAt = receiver.requests.length;
      worker();
      // Every event, not a count of POSTs: those of the batch the kill cut short come again once its activity's
      // heartbeat times out (30 s), and a repeat of another must not stand in for them.
      const delivered = () => new Set(receiver.requests.map((r) => (JSON.parse(r.body) as { event_id: string }).event_id));
      await until(
        'every event delivered after the kill',
        async () => (events.every((e) => delivered().has(e.eventId)) ? true : undefined),
        180_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${delivered().size} of ${events.length}\n${output.join('').slice(-3000)}`);
      });

      const bodies = receiver.requests.map((r) => JSON.parse(r.body) as { event_id: string; booking_id: string; sequence: number });
      expect(killedAt).toBeLessThan(events.length); // the kill came mid-run
      expect(new Set(bodies.map((b) => b.event_id))).toEqual(new Set(events.map((e) => e.eventId)));
      expect(bodies.length - events.length).toBeLessThanOrEqual(10); // twice: at most one POST per shard in flight
      expectFirstAttemptsInOrder(receiver.requests);
      expect(receiver.mostConnections()).toBeLessThanOrEqual(10);
    } finally {
      await receiver.close();
    }
  }, 480_000);
});
