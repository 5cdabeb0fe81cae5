import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import Stripe from 'stripe';
import { createPublicWebhookActivities } from '../../activities/public-webhooks';
import { publicBookingView } from '../../domain/public-booking';
import {
  BookingSchema,
  PublicDeliveryAttemptSchema,
  PublicDeliverySchema,
  PublicEventSchema,
  WebhookDestinationSchema,
  type Place,
} from '../../db/entities';
import { marketOf } from '../../domain/markets';
import { priceFare } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import { createTestPartner } from '../support/fixtures';
import { createIntegratorAccount } from '../../app/accounts';
import { createDestination, deleteDestination, rotateDestinationSecret, setDestinationActive } from '../../app/destinations';
import { BASE_DELAYS_MS, PUBLIC_WEBHOOK_RETRY } from '../../domain/public-webhook-schedule';
import type { PublicEventType } from '../../domain/public-events';
import {
  deliveryWorkflowId,
  destinationWorkflowId,
  getDestinationHealth,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  type DeliveryOutcome,
  type PublishPublicEventInput,
} from '../../contracts/public-webhooks';
import { DestinationStatusKey } from '../../contracts/search-attributes';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { stackWorker, timeSkippingEnvironment } from '../../stack/temporal';

const stripe = new Stripe('sk_test_unused');
const HOUR = 3600_000;
const CDG: Place = { address: 'Paris Charles de Gaulle, Terminal 2E', lat: 49.0097, lng: 2.5479 };
const VENDOME: Place = { address: '10 Place Vendôme, Paris', lat: 48.8674, lng: 2.3294 };

describe('public webhook deliveries on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let worker: Worker;
  let run: Promise<void>;
  let accountId: string;
  let seq = 0;
  let activities: ReturnType<typeof createPublicWebhookActivities>;

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    worker = await stackWorker(env, {
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      activities: createPublicWebhookActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 2000,
        devTargets: true,
        drainPerSecond: 50,
      }),
    });
    run = worker.run();
    activities = createPublicWebhookActivities({
      orm: db.orm,
      encryptionKey: TEST_SECRETS.encryptionKey,
      timeoutMs: 1000,
      devTargets: true,
      client: env.client,
    });
    accountId = (await createIntegratorAccount(db.orm, 'Acme Travel')).accountId;
  });
  afterAll(async () => {
    worker?.shutdown();
    await run;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** Publishes as every workflow does: the `publishPublicEvent` activity records the event and starts its deliveries. */
  async function publish(type: PublicEventType = 'invoice.created', data: Record<string, unknown> = { number: `INV-${++seq}` }) {
    const input: PublishPublicEventInput = { type, dedupeKey: `test:${++seq}`, accountId, environment: 'test', data };
    return activities.publishPublicEvent(input);
  }
  /** A test-mode destination of the account, subscribed to `eventTypes`. */
  const destinationTo = async (url: string, eventTypes: PublicEventType[]) =>
    (await createDestination(db.orm, TEST_SECRETS.encryptionKey, { accountId, environment: 'sandbox', url, eventTypes })).destination;
  const deliveryHandle = (eventId: string, destinationId: string) =>
    env.client.workflow.getHandle(deliveryWorkflowId(eventId, destinationId));

  async function timerDelays(workflowId: string): Promise<number[]> {
    const history = await env.client.workflow.getHandle(workflowId).fetchHistory();
    return history
      .events!.filter((e) => e.timerStartedEventAttributes)
      .map((e) => {
        const d = e.timerStartedEventAttributes!.startToFireTimeout!;
        return Number(d.seconds ?? 0) * 1000 + Math.round((d.nanos ?? 0) / 1e6);
      });
  }

  it('makes 8 attempts on the published schedule, then gives up; same event and delivery id, attempts numbered', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const destination = await destinationTo(receiver.url, ['invoice.created']);
      const published = await publish();
      expect(published.deliveries).toHaveLength(1);
      const { deliveryId } = published.deliveries[0];
      const outcome = (await deliveryHandle(published.eventId, destination.id).result()) as DeliveryOutcome;
      expect(outcome).toEqual({ deliveryId, delivered: false, attempts: 8, lastStatus: 500, lastError: 'http_500' });

      expect(receiver.requests.map((r) => r.headers['service-attempt'])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
      expect(new Set(receiver.requests.map((r) => r.headers['service-delivery-id']))).toEqual(new Set([deliveryId]));
      expect(new Set(receiver.requests.map((r) => r.headers['service-event-id']))).toEqual(new Set([published.eventId]));
      expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);

      // The 7 waits: each its base ±20 % jitter, none above the 6-hour ceiling.
      const delays = await timerDelays(deliveryWorkflowId(published.eventId, destination.id));
      expect(delays).toHaveLength(7);
      delays.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(Math.floor(BASE_DELAYS_MS[i] * 0.8));
        expect(d).toBeLessThanOrEqual(Math.min(Math.ceil(BASE_DELAYS_MS[i] * 1.2), PUBLIC_WEBHOOK_RETRY.ceilingMs));
      });
      expect(delays.slice(4).every((d) => d <= 6 * HOUR)).toBe(true);

      const log = await db.orm.em.fork().find(PublicDeliveryAttemptSchema, { deliveryId }, { orderBy: { attempt: 'asc' } });
      expect(log.map((l) => [l.attempt, l.responseStatus, l.succeeded, l.url, l.eventType])).toEqual(
        Array.from({ length: 8 }, (_, i) => [i + 1, 500, false, receiver.url, 'invoice.created']),
      );
      const delivery = await db.orm.em.fork().findOneOrFail(PublicDeliverySchema, { id: deliveryId });
      expect(delivery).toMatchObject({ state: 'failed', attempts: 8, lastStatus: 500 });
    } finally {
      await receiver.close();
    }
  });

  it('honours Retry-After within the ceiling and stops at the first 2xx', async () => {
    let calls = 0;
    const receiver = await startReceiver(
      () => (++calls < 3 ? 503 : 200),
      (): Record<string, string> => (calls === 1 ? { 'retry-after': '3600' } : calls === 2 ? { 'retry-after': '90000' } : {}),
    );
    try {
      const destination = await destinationTo(receiver.url, ['payment.failed']);
      const published = await publish('payment.failed', { payment_id: 'pay_1', reason: '3ds_challenge_abandoned', invoice: 'INV-1' });
      const outcome = (await deliveryHandle(published.eventId, destination.id).result()) as DeliveryOutcome;
      expect(outcome).toMatchObject({ delivered: true, attempts: 3, lastStatus: 200 });
      expect(await timerDelays(deliveryWorkflowId(published.eventId, destination.id))).toEqual([HOUR, 6 * HOUR]);
    } finally {
      await receiver.close();
    }
  });

  it('pauses the destination at the 12th consecutive failure and, resumed, delivers the whole backlog in event order', async () => {
    let status = 500;
    const receiver = await startReceiver(() => status);
    try {
      const destination = await destinationTo(receiver.url, ['settlement.paid']);
      const data = (n: number) => ({ settlement: `SET-${n}`, driver: 'Jo', payable: 10, currency: 'EUR' });
      const first = await publish('settlement.paid', data(1));
      const second = await publish('settlement.paid', data(2));
      const readDestination = () => db.orm.em.fork().findOneOrFail(WebhookDestinationSchema, { id: destination.id });

      for (let i = 0; i < 200 && (await readDestination()).status !== 'paused'; i++) await env.sleep('10 minutes');
      const paused = await readDestination();
      expect(paused.status).toBe('paused');
      expect(paused.pausedReason).toBe('12 consecutive failed deliveries');
      expect(paused.pausedSince).toBeInstanceOf(Date);
      expect(receiver.requests).toHaveLength(12);
      const entity = env.client.workflow.getHandle(destinationWorkflowId(destination.id));
      expect(await entity.query(getDestinationHealth)).toEqual({ consecutiveFailures: 12, status: 'paused' });
      expect((await entity.describe()).typedSearchAttributes.get(DestinationStatusKey)).toBe('paused');

      // New and in-flight deliveries wait without spending attempts.
      const third = await publish('settlement.paid', data(3));
      await env.sleep('13 hours');
      expect(receiver.requests).toHaveLength(12);
      const parked = await db.orm.em.fork().find(PublicDeliverySchema, { destinationId: destination.id }, { orderBy: { eventId: 'asc' } });
      expect(parked.map((d) => d.state)).toEqual(['parked', 'parked', 'parked']);
      expect(parked[2].attempts).toBe(0);

      status = 204;
      await setDestinationActive(db.orm, env.client, destination.id, true);
      // The drain runs in real time; waiting on results before it ends would let the server skip time under it.
      const states = async () =>
        (await db.orm.em.fork().find(PublicDeliverySchema, { destinationId: destination.id }, { orderBy: { eventId: 'asc' } })).map(
          (d) => d.state,
        );
      for (let i = 0; i < 300 && (await states()).some((s) => s !== 'delivered'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await states()).toEqual(['delivered', 'delivered', 'delivered']);
      const outcomes = (await Promise.all(
        [first, second, third].map((p) => deliveryHandle(p.eventId, destination.id).result()),
      )) as DeliveryOutcome[];
      expect(outcomes.every((o) => o.delivered)).toBe(true);
      expect(outcomes[2].attempts).toBe(1);
      expect(outcomes[0].attempts + outcomes[1].attempts).toBe(12 + 2);

      const delivered = receiver.requests.filter((r) => r.at && r.headers['service-event-id']).slice(12);
      expect(delivered.map((r) => r.headers['service-event-id'])).toEqual([first.eventId, second.eventId, third.eventId]);
      expect(await entity.query(getDestinationHealth)).toEqual({ consecutiveFailures: 0, status: 'active' });
      expect((await readDestination()).failingSince).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('signs with both secrets during a rotation overlap, each verified by Stripe', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const created = await createDestination(db.orm, TEST_SECRETS.encryptionKey, {
        accountId,
        environment: 'sandbox',
        url: receiver.url,
        eventTypes: ['invoice.created'],
      });
      const before = await publish();
      await deliveryHandle(before.eventId, created.destination.id).result();
      const rotated = await rotateDestinationSecret(db.orm, TEST_SECRETS.encryptionKey, created.destination.id, 3600);
      const during = await publish();
      await deliveryHandle(during.eventId, created.destination.id).result();
      await rotateDestinationSecret(db.orm, TEST_SECRETS.encryptionKey, created.destination.id, 0);
      const after = await publish();
      await deliveryHandle(after.eventId, created.destination.id).result();

      const [r1, r2, r3] = receiver.requests;
      const v1s = (h: unknown) =>
        String(h)
          .split(',')
          .filter((p) => p.startsWith('v1=')).length;
      expect(v1s(r1.headers['service-signature'])).toBe(1);
      expect(v1s(r2.headers['service-signature'])).toBe(2);
      expect(v1s(r3.headers['service-signature'])).toBe(1);
      expect(String(r2.headers['service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);

      expect(stripe.webhooks.constructEvent(r1.body, String(r1.headers['service-signature']), created.secret).id).toBe(before.eventId);
      expect(stripe.webhooks.constructEvent(r2.body, String(r2.headers['service-signature']), created.secret).id).toBe(during.eventId);
      expect(stripe.webhooks.constructEvent(r2.body, String(r2.headers['service-signature']), rotated.secret).id).toBe(during.eventId);
      expect(() => stripe.webhooks.constructEvent(r3.body, String(r3.headers['service-signature']), created.secret)).toThrow();
      expect(() => stripe.webhooks.constructEvent(r2.body + ' ', String(r2.headers['service-signature']), rotated.secret)).toThrow();
      expect(JSON.parse(r2.body)).toEqual({
        id: during.eventId,
        type: 'invoice.created',
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        livemode: false,
        data: expect.objectContaining({ number: expect.any(String) }),
      });
    } finally {
      await receiver.close();
    }
  });

  it('sends a publish retried after a crash, concurrently and after its delivery, exactly once', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const destination = await destinationTo(receiver.url, ['invoice.paid']);
      const input: PublishPublicEventInput = { type: 'invoice.paid', dedupeKey: 'retried:1', accountId, environment: 'test', data: {} };
      // The first try recorded the event and died before starting its delivery.
      const first = await activities.recordPublicEvent(input);
      const retries = await Promise.all([activities.publishPublicEvent(input), activities.publishPublicEvent(input)]);
      for (const r of retries) expect(r).toEqual(first);
      const outcome = (await deliveryHandle(first.eventId, destination.id).result()) as DeliveryOutcome;
      expect(outcome).toMatchObject({ delivered: true, attempts: 1 });
      expect(await activities.publishPublicEvent(input)).toEqual(first);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.requests.map((r) => r.headers['service-event-id'])).toEqual([first.eventId]);
    } finally {
      await receiver.close();
    }
  });

  it('records an event once per dedupe key and skips destinations that did not select its type', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      await destinationTo(receiver.url, ['booking.cancelled']);
      const input: PublishPublicEventInput = {
        type: 'booking.cancelled',
        dedupeKey: 'booking:bkg_x:7',
        accountId,
        environment: 'test',
        data: { ref: 'x' },
      };
      const a = await activities.recordPublicEvent(input);
      const b = await activities.recordPublicEvent(input);
      expect(b).toEqual(a);
      expect(a.deliveries).toHaveLength(1);
      // Concurrent recordings (an activity retried while its first try still runs) make one event and one delivery.
      const racing = { ...input, dedupeKey: 'booking:bkg_x:9' };
      const raced = await Promise.all(Array.from({ length: 6 }, () => activities.recordPublicEvent(racing)));
      for (const r of raced) expect(r).toEqual(raced[0]);
      expect(await db.orm.em.fork().count(PublicDeliverySchema, { eventId: raced[0]!.eventId })).toBe(1);
      const other = await activities.recordPublicEvent({ ...input, environment: 'live', dedupeKey: 'booking:bkg_x:8' });
      expect(other.deliveries).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('builds booking event data from the booking: its public view, account and environment', async () => {
    const partner = await createTestPartner(db.orm);
    const now = new Date();
    const fare = priceFare({ pickup: CDG, dropoff: VENDOME, pickupAt: now, vehicleClass: 'executive', currency: 'EUR' });
    const em = db.orm.em.fork();
    const booking = em.create(BookingSchema, {
      id: newId('bkg'),
      partnerId: partner.partnerId,
      accountId,
      environment: 'sandbox',
      status: 'assigned',
      vehicleClass: 'executive',
      market: marketOf(CDG),
      pickup: CDG,
      dropoff: VENDOME,
      passenger: { name: 'Ada Lovelace' },
      pickupAt: now,
      currency: fare.currency,
      fare: fare as unknown as Record<string, unknown>,
      fareTotalMinor: fare.total,
      commissionPct: 0,
      freeUntil: now,
      lateCancellationFeeMinor: 0,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    const receiver = await startReceiver(() => 200);
    try {
      await destinationTo(receiver.url, ['booking.status_changed']);
      const recorded = await activities.recordPublicEvent({
        type: 'booking.status_changed',
        dedupeKey: `booking:${booking.id}:2`,
        bookingId: booking.id,
      });
      expect(recorded.deliveries).toHaveLength(1);
      const stored = await db.orm.em.fork().findOneOrFail(PublicEventSchema, { id: recorded.eventId });
      expect(stored).toMatchObject({ accountId, environment: 'sandbox', type: 'booking.status_changed' });
      // The column keeps the Public Integration API's word; the entity reads the hub's one word (domain/environment.ts).
      const [column] = await db.orm.em
        .fork()
        .getConnection()
        .execute('select environment from public_events where id = ?', [recorded.eventId]);
      expect(column).toEqual({ environment: 'test' });
      expect(JSON.parse(stored.body)).toEqual({
        id: recorded.eventId,
        type: 'booking.status_changed',
        created: expect.any(String),
        livemode: false,
        data: JSON.parse(JSON.stringify(publicBookingView(booking))),
      });
      expect(JSON.parse(stored.body).data.status).toBe('allocated');
    } finally {
      await receiver.close();
    }
  });

  // Last: after it terminates a delivery in its retry sleep, the time-skipping server stopped skipping time for the
  // tests that followed (they waited out real hours).
  it("ends a deleted destination's deliveries at once, not at their next attempt hours later", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const destination = await destinationTo(receiver.url, ['invoice.created']);
      const published = await publish('invoice.created');
      const handle = deliveryHandle(published.eventId, destination.id);
      await receiver.waitFor(1);
      // The first attempt failed: the delivery sleeps until its next one.
      expect((await handle.describe()).status.name).toBe('RUNNING');
      expect(await deleteDestination(db.orm, env.client, destination.id)).toEqual({ endedDeliveries: 1 });
      expect((await handle.describe()).status.name).toBe('TERMINATED');
      const row = await db.orm.em.fork().findOneOrFail(PublicDeliverySchema, { eventId: published.eventId, destinationId: destination.id });
      expect(row).toMatchObject({ state: 'failed', lastError: 'destination_deleted', attempts: 1 });
      expect(await deleteDestination(db.orm, env.client, destination.id)).toEqual({ endedDeliveries: 0 });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
