import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bookingWorkflowId } from '../../workflows/booking.contract';
import { BookingStatusKey } from '../../workflows/search-attributes';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { startReceiver } from '../support/receiver';
import { localEnvironment } from '../support/temporal';

/** The whole slice through the dev server: POST a booking, receive its signed webhook, read it back, find it in Temporal. */
describe('booking to signed webhook, end to end', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver()]);
    hub = await startTestHub(db, env);
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  it('confirms the booking, delivers booking.created signed with the partner secret, and serves the booking', async () => {
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const token = await requestToken(hub.baseUrl, partner.sandbox);

    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody({ external_id: 'E2E-1' }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ external_id: 'E2E-1', status: 'confirmed', livemode: false, fare: { currency: 'EUR' } });
    expect(created.json.id).toMatch(/^bkg_[0-9a-z]{26}$/);
    expect(created.json.fare.total).toBeGreaterThan(0);

    const [delivery] = await receiver.waitFor(1);
    const expected = Buffer.from(`sha256=${createHmac('sha256', partner.webhookSecret).update(delivery.body).digest('hex')}`);
    const received = Buffer.from(String(delivery.headers['x-signature']));
    expect(received.length).toBe(expected.length);
    expect(timingSafeEqual(received, expected)).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ event: 'booking.created', booking_id: created.json.id, external_id: 'E2E-1', sequence: 1 });
    expect(event.event_id).toMatch(/^evt_/);
    expect(delivery.headers['x-event-id']).toBe(event.event_id);

    const read = await getJson(`${hub.baseUrl}/v1/bookings/${created.json.id}`, token);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: created.json.id, status: 'confirmed', fare: { total: created.json.fare.total } });

    const description = await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).describe();
    expect(description.typedSearchAttributes.get(BookingStatusKey)).toBe('confirmed');
    let found: string[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      found = [];
      for await (const wf of env.client.workflow.list({
        query: `BookingStatus="confirmed" AND WorkflowId="${bookingWorkflowId(created.json.id)}"`,
      })) {
        found.push(wf.workflowId);
      }
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toEqual([bookingWorkflowId(created.json.id)]);
  });
});
