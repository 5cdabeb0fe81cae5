import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { createPartnerWebhookActivities } from '../../activities/partner-webhook';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { WebhookDeliverySchema } from '../../db/entities';
import { PARTNER_ENDPOINT_SHARDS, partnerShard } from '../../domain/partner-delivery-queue';
import type { PartnerEventType } from '../../domain/partner-wire';
import { partnerEndpointWorkflowId } from '../../contracts/partner-webhook';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers, TEST_SECRETS } from '../support/hub';
import { expectFirstAttemptsInOrder, partnerQueueDrained } from '../support/partner-deliveries';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';

const RIDE: PartnerEventType[] = ['booking.created', 'driver.assigned', 'driver.on_the_way', 'driver.arrived', 'trip.started'];

describe("one partner endpoint's deliveries in booking shards", () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let workers: ReturnType<typeof runWorkers> | undefined;

  beforeAll(async () => {
    // The dev server: deliveries run in real time, as in production.
    [env, db] = await Promise.all([localEnvironment(), freshDatabase()]);
    workers = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** A sandbox booking in the read model, as the booking workflow leaves it. */
  async function booking(partnerId: string) {
    const activities = createBookingActivities({ orm: db.orm, client: env.client });
    const record = newBookingRecord(CreateBookingRequest.parse(bookingBody()), { partnerId, livemode: false }, new Date());
    await activities.saveBooking(record);
    return { bookingId: record.id, activities };
  }

  it("delivers every booking's events once, in sequence order, over at most ten connections, from several shard workflows", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const rides = await Promise.all(Array.from({ length: 40 }, () => booking(partner.partnerId)));
      const recorded: string[] = [];
      // Each booking's events in order (as its workflow records them), the bookings side by side.
      await Promise.all(
        rides.map(async ({ bookingId, activities }) => {
          for (const [i, type] of RIDE.entries()) {
            const event = await activities.recordBookingChange({ bookingId, event: { sequence: i + 1, type }, deliver: true });
            recorded.push(event!.eventId);
          }
        }),
      );
      await receiver.waitFor(recorded.length, 60_000);
      await partnerQueueDrained(env.client, partner.partnerId);

      const bodies = receiver.requests.map((r) => JSON.parse(r.body) as { event_id: string; booking_id: string; sequence: number });
      expect(new Set(bodies.map((b) => b.event_id))).toEqual(new Set(recorded));
      // Each once, unless an attempt failed (a POST timing out on a loaded machine) and was sent again.
      const failed = new Set(
        (await db.orm.em.fork().find(WebhookDeliverySchema, { eventId: { $in: recorded } }))
          .filter((d) => d.responseStatus !== 204)
          .map((d) => d.eventId),
      );
      const twice = bodies.map((b) => b.event_id).filter((id, i, all) => all.indexOf(id) !== i);
      expect(twice.filter((id) => !failed.has(id))).toEqual([]);
      expectFirstAttemptsInOrder(receiver.requests);
      expect(
        new Set(receiver.requests.filter((r) => r.headers['x-delivery-attempt'] === '1').map((r) => JSON.parse(r.body).booking_id)),
      ).toEqual(new Set(rides.map((r) => r.bookingId)));
      expect(receiver.mostConnections()).toBeGreaterThan(0);
      expect(receiver.mostConnections()).toBeLessThanOrEqual(PARTNER_ENDPOINT_SHARDS);

      // The bookings spread over the shards, each shard's workflow under its own id (shard 0 keeps the old one).
      const shards = new Set(rides.map((r) => partnerShard(r.bookingId)));
      expect(shards.size).toBeGreaterThan(1);
      const listed = await Promise.all(
        [...shards].map((shard) =>
          env.client.workflow.getHandle(partnerEndpointWorkflowId(partner.partnerId, 'sandbox', shard)).describe(),
        ),
      );
      expect(listed.map((d) => d.type)).toEqual([...shards].map(() => 'partnerEndpointWorkflow'));
    } finally {
      await receiver.close();
    }
  });

  it('a batch run again after its worker died does not POST again what the log holds, and sends what it had not', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const { bookingId, activities } = await booking(partner.partnerId);
      const ids: string[] = [];
      for (const [i, type] of RIDE.slice(0, 3).entries()) {
        ids.push((await activities.recordBookingChange({ bookingId, event: { sequence: i + 1, type } }))!.eventId);
      }
      const scheduledTimestampMs = Date.now();
      const batch = createPartnerWebhookActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 2000,
        devTargets: true,
      });
      const input = {
        partnerId: partner.partnerId,
        environment: 'sandbox' as const,
        events: ids.map((eventId) => ({ eventId, attempt: 1 })),
      };
      // The first run got as far as the first event (sent and logged) before its worker died.
      const first = await new MockActivityEnvironment({ attempt: 1, scheduledTimestampMs }).run(batch.deliverPartnerBatch, {
        ...input,
        events: input.events.slice(0, 1),
      });
      expect(first).toEqual({ [ids[0]]: 'delivered' });
      const retry = await new MockActivityEnvironment({ attempt: 2, scheduledTimestampMs }).run(batch.deliverPartnerBatch, input);

      expect(retry).toEqual(Object.fromEntries(ids.map((id) => [id, 'delivered'])));
      expect(receiver.requests.map((r) => JSON.parse(r.body).event_id)).toEqual(ids); // each once, in order
      const logged = await db.orm.em.fork().find(WebhookDeliverySchema, { eventId: { $in: ids } });
      expect(logged).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('a batch past its time budget hands back the rest as not attempted', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const { bookingId, activities } = await booking(partner.partnerId);
      const ids: string[] = [];
      for (const [i, type] of RIDE.slice(0, 2).entries()) {
        ids.push((await activities.recordBookingChange({ bookingId, event: { sequence: i + 1, type } }))!.eventId);
      }
      const batch = createPartnerWebhookActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 2000,
        devTargets: true,
      });
      const outcome = await new MockActivityEnvironment().run(batch.deliverPartnerBatch, {
        partnerId: partner.partnerId,
        environment: 'sandbox' as const,
        events: ids.map((eventId) => ({ eventId, attempt: 1 })),
        budgetMs: 0,
      });
      expect(outcome).toEqual({ [ids[0]]: 'skipped', [ids[1]]: 'skipped' });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
