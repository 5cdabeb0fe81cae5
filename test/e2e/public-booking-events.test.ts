import type { TestWorkflowEnvironment } from '@temporalio/testing';
import Stripe from 'stripe';
import { createApiKey, createIntegratorAccount, updatePartner } from '../../db/management';
import { bookingWorkflowId } from '../../workflows/booking.contract';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner, postJson, requestToken } from '../support/fixtures';
import { startTestHub, TEST_SECRETS, type TestHub } from '../support/hub';
import { startReceiver } from '../support/receiver';
import { localEnvironment } from '../support/temporal';

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

  it('delivers booking.status_changed for every step of a sandbox ride, signed, in the public vocabulary', async () => {
    const { accountId } = await createIntegratorAccount(db.orm, 'Corporate portal');
    const partner = await createTestPartner(db.orm);
    await updatePartner(db.orm, partner.partnerId, { accountId });
    const { key } = await createApiKey(db.orm, TEST_SECRETS, {
      accountId,
      environment: 'test',
      label: 'hooks',
      scopes: ['webhooks.manage'],
    });
    const destination = await postJson(`${hub.baseUrl}/api/public/v1/webhook-destinations`, key, {
      url: receiver.url,
      events: ['booking.status_changed', 'booking.cancelled'],
    });
    expect(destination.status).toBe(201);

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
  });
});
