import type { TestWorkflowEnvironment } from '@temporalio/testing';
import Stripe from 'stripe';
import { PublicEventSchema } from '../../db/entities';
import { createApiKey, createIntegratorAccount, updatePartner } from '../../app/accounts';
import { bookingWorkflowId } from '../../contracts/booking';
import { freshDatabase, type TestDatabase } from '../support/db';
import { eventually } from '../../stack/eventually';
import { bookingBody, createTestPartner, getJson, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { localEnvironment } from '../../stack/temporal';
import { environmentOfTestOrLive } from '../../domain/environment';

const stripe = new Stripe('sk_test_unused');

/**
 * A partner's sandbox booking, seen by the integrator account the partner is linked to: every status change of the
 * simulated ride reaches the account's webhook destination as `booking.status_changed`, signed so that Stripe's own
 * library verifies it, in the public status vocabulary. The sandbox clock is 4 s here.
 */
describe('public booking events through a destination, end to end', () => {
  let db: TestDatabase;
  let env: TestWorkflowEnvironment;
  let hub: TestHub;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [db, env, receiver] = await Promise.all([freshDatabase(), localEnvironment(), startReceiver(() => 204)]);
    hub = await startTestHub(db, env, { env: { SANDBOX_RIDE_SECONDS: '4', GPS_UPDATE_INTERVAL_SECONDS: '1' } });
  });
  afterAll(async () => {
    await hub?.close();
    await Promise.all([env?.teardown(), db?.close(), receiver?.close()]);
  });

  const publicDeliveryMetrics = async () => {
    const text = await (await fetch(`${hub.baseUrl}/metrics`)).text();
    const value = (series: string) => Number(text.match(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm'))?.[1] ?? 0);
    return {
      delivered: value('hub_webhook_deliveries_total{kind="public",outcome="delivered"}'),
      firstAttempts: value('hub_webhook_first_attempt_delay_seconds_count{kind="public"}'),
      firstWithinMinute: value('hub_webhook_first_attempt_delay_seconds_bucket{le="60",kind="public"}'),
    };
  };

  it('delivers booking.status_changed for every step of a sandbox ride, signed, in the public vocabulary', async () => {
    const { accountId } = await createIntegratorAccount(db.orm, 'Corporate portal');
    const partner = await createTestPartner(db.orm);
    await updatePartner(db.orm, partner.partnerId, { accountId });
    const { key } = await createApiKey(db.orm, TEST_SECRETS, {
      accountId,
      environment: 'sandbox',
      label: 'hooks',
      scopes: ['webhooks.manage'],
    });
    const destination = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, key, {
      url: receiver.url,
      events: ['booking.status_changed', 'booking.cancelled'],
    });
    expect(destination.status).toBe(201);

    const before = await publicDeliveryMetrics();
    const token = await requestToken(hub.baseUrl, partner.sandbox);
    const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
    expect(created.status).toBe(201);
    expect((await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).result()).status).toBe('completed');

    const statuses = ['confirmed', 'allocated', 'en_route', 'arrived', 'pob', 'completed'];
    const requests = await receiver.waitFor(statuses.length, 30_000);
    type PublicEvent = { id: string; type: string; livemode: boolean; data: { ref: string; status: string } };
    const verify = (r: (typeof requests)[number]) =>
      stripe.webhooks.constructEvent(r.body, String(r.headers['service-signature']), destination.json.signing_secret) as unknown;
    const events = requests.map((r) => verify(r) as PublicEvent);
    expect(events.every((e) => e.type === 'booking.status_changed' && e.livemode === false)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(statuses.length);
    const seen = events.map((e) => e.data);
    expect(seen.every((d) => d.ref === created.json.id)).toBe(true);
    // Deliveries run side by side, so arrival order may differ: each status arrives exactly once.
    expect(seen.map((d) => d.status).sort()).toEqual([...statuses].sort());

    // Each delivery is counted by outcome and its first attempt timed from the event (the freshness indicator).
    const after = await eventually(
      publicDeliveryMetrics,
      (m) => m.delivered - before.delivered >= statuses.length && m.firstAttempts - before.firstAttempts >= statuses.length,
      'public deliveries counted',
    );
    expect(after.delivered - before.delivered).toBe(statuses.length);
    expect(after.firstAttempts - before.firstAttempts).toBe(statuses.length);
    expect(after.firstWithinMinute - before.firstWithinMinute).toBe(statuses.length);
  });
  it("sends every account's events to an operator's destinations of the environment, a corporate account's only to its own", async () => {
    const receivers = await Promise.all([startReceiver(() => 204), startReceiver(() => 204), startReceiver(() => 204)]);
    const [ownReceiver, otherReceiver, operatorReceiver] = receivers;
    try {
      const account = async (name: string, kind: 'corporate' | 'operator' = 'corporate') => {
        const { accountId } = await createIntegratorAccount(db.orm, name, kind);
        const key = async (environment: 'test' | 'live') =>
          (
            await createApiKey(db.orm, TEST_SECRETS, {
              accountId,
              environment: environmentOfTestOrLive(environment),
              label: 'hooks',
              scopes: ['webhooks.manage'],
            })
          ).key;
        return { accountId, test: await key('test'), live: await key('live') };
      };
      const [own, other, operator] = [await account('Client A'), await account('Client B'), await account('Dispatch ERP', 'operator')];
      const subscribe = async (key: string, url: string) => {
        const res = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, key, { url, events: ['booking.status_changed'] });
        expect(res.status).toBe(201);
        return res.json as { id: string; signing_secret: string };
      };
      await subscribe(own.test, ownReceiver.url);
      await subscribe(other.test, otherReceiver.url);
      const operatorDestination = await subscribe(operator.test, operatorReceiver.url);
      // The operator's live destination: a sandbox ride's events are test events, not for it.
      const operatorLive = await subscribe(operator.live, 'https://erp.example.com/hooks');

      const partner = await createTestPartner(db.orm);
      await updatePartner(db.orm, partner.partnerId, { accountId: own.accountId });
      const token = await requestToken(hub.baseUrl, partner.sandbox);
      const created = await postJson(`${hub.baseUrl}/v1/bookings`, token, bookingBody());
      expect(created.status).toBe(201);
      expect((await env.client.workflow.getHandle(bookingWorkflowId(created.json.id)).result()).status).toBe('completed');

      const statuses = ['allocated', 'arrived', 'completed', 'confirmed', 'en_route', 'pob'];
      const [ownGot, operatorGot] = await Promise.all([ownReceiver.waitFor(6, 30_000), operatorReceiver.waitFor(6, 30_000)]);
      const read = (r: (typeof ownGot)[number], secret?: string) =>
        (secret ? stripe.webhooks.constructEvent(r.body, String(r.headers['service-signature']), secret) : JSON.parse(r.body)) as {
          id: string;
          data: { ref: string; status: string };
        };
      const operatorEvents = operatorGot.map((r) => read(r, operatorDestination.signing_secret));
      expect(operatorEvents.map((e) => e.data.status).sort()).toEqual(statuses);
      expect(operatorEvents.every((e) => e.data.ref === created.json.id)).toBe(true);
      // The same events (ids and bodies) as the owning account's destination got.
      expect(operatorEvents.map((e) => e.id).sort()).toEqual(ownGot.map((r) => read(r).id).sort());
      expect(new Set(operatorGot.map((r) => r.body))).toEqual(new Set(ownGot.map((r) => r.body)));

      // Recorded once, per the booking's account.
      const recorded = await db.orm.em.fork().find(PublicEventSchema, { id: { $in: operatorEvents.map((e) => e.id) } });
      expect(recorded.map((e) => e.accountId)).toEqual(Array(6).fill(own.accountId));
      // Each delivery log shows the attempts to its own destinations only.
      const log = async (key: string) =>
        eventually(
          async () =>
            (await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?limit=100`, key)).json.data as { destination_id: string }[],
          (rows) => rows.length >= 6,
          'six logged attempts',
        );
      expect(new Set((await log(operator.test)).map((r) => r.destination_id))).toEqual(new Set([operatorDestination.id]));
      expect((await log(own.test)).some((r) => r.destination_id === operatorDestination.id)).toBe(false);
      // The owner's redelivery of an event sends it to its own destination, not the operator's; the operator redelivers its own.
      const again = await postJson(`${hub.baseUrl}/api/public/v1/webhook-redeliveries`, own.test, { event_id: operatorEvents[0].id });
      expect(again.status).toBe(202);
      expect(again.json.deliveries.map((d: { destination_id: string }) => d.destination_id)).not.toContain(operatorDestination.id);
      const operatorAgain = await postJson(`${hub.baseUrl}/api/public/v1/webhook-redeliveries`, operator.test, {
        event_id: operatorEvents[0].id,
      });
      expect(operatorAgain.status).toBe(202);
      expect(operatorAgain.json.deliveries.map((d: { destination_id: string }) => d.destination_id)).toEqual([operatorDestination.id]);
      const otherAgain = await postJson(`${hub.baseUrl}/api/public/v1/webhook-redeliveries`, other.test, {
        event_id: operatorEvents[0].id,
      });
      expect(otherAgain.status).toBe(404);

      await new Promise((r) => setTimeout(r, 1000));
      expect(otherReceiver.requests).toHaveLength(0);
      const liveAttempts = await getJson(`${hub.baseUrl}/api/public/v1/webhook-deliveries?destination=${operatorLive.id}`, operator.live);
      expect(liveAttempts.json.data).toEqual([]);
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  });
});
