import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { partnerQueueDrained } from '../support/partner-deliveries';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';

describe('Partner API: webhook delivery log and redelivery', () => {
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

  it("lists a partner's own attempts, reads one with its payload and redelivers the event", async () => {
    const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
    const other = await createTestPartner(db.orm, { name: 'Other' });
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const otherToken = await requestToken(hub.baseUrl, other.sandbox);
    const narrow = await requestToken(hub.baseUrl, partner.sandbox, 'bookings.read');
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody({ external_id: 'LOG-1' }));
    expect(created.status).toBe(201);
    const [first] = await receiver.waitFor(1);
    const eventId = String(first.headers['x-event-id']);

    const log = `${hub.baseUrl}/v1/webhook-deliveries`;
    const redeliveries = `${hub.baseUrl}/v1/webhook-redeliveries`;
    let listed = await getJson(log, token);
    for (let i = 0; i < 20 && listed.json.data.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      listed = await getJson(log, token);
    }
    expect(listed.json.data).toEqual([
      expect.objectContaining({
        event_id: eventId,
        event_type: 'booking.created',
        url: receiver.url,
        attempt: 1,
        response_status: 200,
        succeeded: true,
      }),
    ]);
    expect((await getJson(`${log}?status=failed`, token)).json.data).toEqual([]);
    const one = await getJson(`${log}/${listed.json.data[0].id}`, token);
    expect(one.json.payload).toBe(first.body);

    expect((await getJson(log, otherToken)).json.data).toEqual([]);
    expect((await getJson(`${log}/${listed.json.data[0].id}`, otherToken)).status).toBe(404);
    expect((await getJson(log, narrow)).status).toBe(403);

    await partnerQueueDrained(env.client, partner.partnerId);
    const again = await postJson(redeliveries, token, { event_id: eventId });
    expect(again).toMatchObject({ status: 202, json: { event_ids: [eventId] } });
    const [, second] = await receiver.waitFor(2);
    expect(second.headers['x-event-id']).toBe(eventId);
    expect(second.body).toBe(first.body);
    expect((await postJson(redeliveries, otherToken, { event_id: eventId })).status).toBe(404);
    expect((await postJson(redeliveries, token, { from: '2030-01-01T00:00:00Z' })).status).toBe(422);
  });
});
