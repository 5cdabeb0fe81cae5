import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bookingWorkflowId, getBookingState } from '../../contracts/booking';
import { BookingStatusKey } from '../../contracts/search-attributes';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

const verifySignature = (secret: string, delivery: { body: string; headers: Record<string, unknown> }) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`);
  const received = Buffer.from(String(delivery.headers['x-signature']));
  return received.length === expected.length && timingSafeEqual(received, expected);
};

/**
 * The whole slice through the dev server: POST a sandbox booking, receive every event of its simulated ride signed,
 * read it back, find it in Temporal. The sandbox clock is 4 s here (SANDBOX_RIDE_SECONDS), GPS coalescing 1 s.
 */
describe('booking to signed webhook, end to end', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env, { env: { SANDBOX_RIDE_SECONDS: '4', GPS_UPDATE_INTERVAL_SECONDS: '1' } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  it('confirms the booking, plays the sandbox ride, delivers every event signed in sequence, and serves the ride', async () => {
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.sandbox);

    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody({ external_id: 'E2E-1' }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ external_id: 'E2E-1', status: 'confirmed', livemode: false, fare: { currency: 'EUR' } });
    expect(created.json.id).toMatch(/^bkg_[0-9a-z]{26}$/);
    expect(created.json.fare.total).toBeGreaterThan(0);

    const [delivery] = await receiver.waitFor(1);
    expect(verifySignature(partner.webhookSecrets.sandbox, delivery)).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ event: 'booking.created', booking_id: created.json.id, external_id: 'E2E-1', sequence: 1 });
    expect(event.event_id).toMatch(/^evt_/);
    expect(delivery.headers['x-event-id']).toBe(event.event_id);

    const read = await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, token);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: created.json.id, fare: { total: created.json.fare.total } });

    // The simulated ride ends with trip.completed: wait for it, then for every event before it.
    const handle = env.client.workflow.getHandle(bookingWorkflowId(created.json.id));
    expect((await handle.result()).status).toBe('completed');
    const count = (await handle.query(getBookingState)).sequence;
    const deliveries = await receiver.waitFor(count, 30_000);
    const events = deliveries.map((d) => ({ d, body: JSON.parse(d.body) })).sort((a, b) => a.body.sequence - b.body.sequence);
    expect(events.map((e) => e.body.sequence)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const { d, body } of events) {
      expect(verifySignature(partner.webhookSecrets.sandbox, d)).toBe(true);
      expect(body).toMatchObject({ booking_id: created.json.id, external_id: 'E2E-1' });
      expect(d.headers['x-event-type']).toBe(body.event);
    }
    const types = events.map((e) => e.body.event);
    expect(types.filter((t) => t !== 'gps.update')).toEqual([
      'booking.created',
      'driver.assigned',
      'driver.on_the_way',
      'driver.arrived',
      'trip.started',
      'trip.completed',
    ]);
    expect(types.filter((t) => t === 'gps.update').length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)!.body).toMatchObject({ event: 'trip.completed', status: 'completed', fare: { total: created.json.fare.total } });

    const status = await getJson(`${hub.baseUrl}/v1/booking-status?id=${created.json.id}`, token);
    expect(status.json).toMatchObject({ id: created.json.id, status: 'completed', driver: { name: expect.any(String) } });
    expect(typeof status.json.vehicle.lat).toBe('number');

    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(BookingStatusKey)).toBe('completed');
    let found: string[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      found = [];
      for await (const wf of env.client.workflow.list({
        query: `BookingStatus="completed" AND WorkflowId="${bookingWorkflowId(created.json.id)}"`,
      })) {
        found.push(wf.workflowId);
      }
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toEqual([bookingWorkflowId(created.json.id)]);
  });
});
