import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { WebhookDeliverySchema } from '../../db/entities';
import { attemptOffsetsMs, PARTNER_WEBHOOK_RETRY } from '../../domain/partner-webhook-retry';
import { BOOKINGS_TASK_QUEUE, bookingWorkflowId, getBookingState, type BookingRecord } from '../../contracts/booking';
import { partnerWebhookWorkflowId, WEBHOOKS_TASK_QUEUE } from '../../contracts/partner-webhook';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers } from '../support/hub';
import { startReceiver } from '../../stack/receiver';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';

const HOUR = 3600_000;

// A live booking: no sandbox simulation, so the booking rests confirmed until its dispatch moment.
function bookingRecord(partnerId: string, now: Date, pickupInHours: number, livemode = true): BookingRecord {
  const datetime = new Date(now.getTime() + pickupInHours * HOUR).toISOString();
  const body = CreateBookingRequest.parse(bookingBody({ pickup: { ...bookingBody().pickup, datetime } }));
  return newBookingRecord(body, { partnerId, livemode }, now);
}

describe('workflows on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let workers: ReturnType<typeof runWorkers> | undefined;

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    workers = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  /** A booking in the read model with its booking.created event recorded, as the booking workflow leaves them. */
  async function recordedEvent(partnerId: string): Promise<string> {
    // A sandbox event: live webhooks never go to the loopback receiver (SSRF guard).
    const record = bookingRecord(partnerId, new Date(), 48, false);
    const activities = createBookingActivities({ orm: db.orm });
    await activities.saveBooking(record);
    return (await activities.recordPartnerEvent({ bookingId: record.id, sequence: 1, type: 'booking.created' })).eventId;
  }

  it('closes the free-cancellation window when its timer fires, hours of workflow time in moments', async () => {
    const partner = await createTestPartner(db.orm);
    const record = bookingRecord(partner.partnerId, new Date(await env.currentTimeMs()), 48);
    const handle = await env.client.workflow.start('bookingWorkflow', {
      workflowId: bookingWorkflowId(record.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [record],
    });
    const windowMs = Date.parse(record.freeUntil) - Date.parse(record.createdAt);
    expect(windowMs).toBe(47 * HOUR);

    await env.sleep(windowMs - HOUR);
    expect(await handle.query(getBookingState)).toMatchObject({ status: 'confirmed', freeCancellation: true });

    const realStart = Date.now();
    const workflowStart = await env.currentTimeMs();
    await env.sleep(2 * HOUR);
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(workflowStart + 2 * HOUR);
    expect(Date.now() - realStart).toBeLessThan(HOUR); // skipped, not waited
    expect(await handle.query(getBookingState)).toMatchObject({ status: 'confirmed', freeCancellation: false });
  });

  it('retries a failing partner webhook on the exponential schedule and gives up after 24 hours', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const eventId = await recordedEvent(partner.partnerId);

      const handle = await env.client.workflow.start('partnerWebhookWorkflow', {
        workflowId: partnerWebhookWorkflowId(eventId),
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ eventId }],
      });
      const outcome = await handle.result();

      const expectedAttempts = attemptOffsetsMs().length;
      expect(outcome).toEqual({ eventId, delivered: false, attempts: expectedAttempts, lastStatus: 500 });
      expect(receiver.requests).toHaveLength(expectedAttempts);
      expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
      expect(receiver.requests.map((r) => r.headers['x-delivery-attempt'])).toEqual(
        Array.from({ length: expectedAttempts }, (_, i) => String(i + 1)),
      );
      const log = await db.orm.em.fork().find(WebhookDeliverySchema, { eventId }, { orderBy: { attempt: 'asc' } });
      expect(log.map((l) => [l.attempt, l.responseStatus, l.url])).toEqual(
        Array.from({ length: expectedAttempts }, (_, i) => [i + 1, 500, receiver.url]),
      );

      const { startTime, closeTime } = await handle.describe();
      const elapsed = closeTime!.getTime() - startTime.getTime();
      expect(elapsed).toBeGreaterThanOrEqual(attemptOffsetsMs().at(-1)!);
      expect(elapsed).toBeLessThanOrEqual(PARTNER_WEBHOOK_RETRY.windowMs);
    } finally {
      await receiver.close();
    }
  });

  it('stops retrying at the first 2xx', async () => {
    let calls = 0;
    const receiver = await startReceiver(() => (++calls < 3 ? 503 : 204));
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const eventId = await recordedEvent(partner.partnerId);
      const outcome = await env.client.workflow.execute('partnerWebhookWorkflow', {
        workflowId: partnerWebhookWorkflowId(eventId),
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ eventId }],
      });
      expect(outcome).toEqual({ eventId, delivered: true, attempts: 3, lastStatus: 204 });
    } finally {
      await receiver.close();
    }
  });

  it('records an event once even when the activity runs again', async () => {
    const partner = await createTestPartner(db.orm);
    const record = bookingRecord(partner.partnerId, new Date(), 48);
    const activities = createBookingActivities({ orm: db.orm });
    await activities.saveBooking(record);
    await activities.saveBooking(record);
    const first = await activities.recordPartnerEvent({ bookingId: record.id, sequence: 1, type: 'booking.created' });
    const again = await activities.recordPartnerEvent({ bookingId: record.id, sequence: 1, type: 'booking.created' });
    expect(again.eventId).toBe(first.eventId);
    expect(first.webhookUrl).toBeNull();
  });
});
