import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { deliverPartnerEvents } from '../../app/partner-endpoints';
import { createBookingActivities } from '../../activities/booking';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { WebhookDeliverySchema } from '../../db/entities';
import { attemptOffsetsMs, PARTNER_WEBHOOK_RETRY } from '../../domain/partner-webhook-retry';
import { BOOKINGS_TASK_QUEUE, bookingWorkflowId, getBookingState, type BookingRecord } from '../../contracts/booking';
import { partnerEventsRecorded, partnerWebhookWorkflowId, WEBHOOKS_TASK_QUEUE } from '../../contracts/partner-webhook';
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
    return (await activities.recordBookingChange({ bookingId: record.id, event: { sequence: 1, type: 'booking.created' } }))!.eventId;
  }

  /** Hands events to the partner's sandbox endpoint workflow, as the booking activity does. */
  async function deliver(partnerId: string, ...eventIds: string[]) {
    const workflowId = await deliverPartnerEvents(
      env.client,
      partnerId,
      'sandbox',
      eventIds.map((eventId) => ({ eventId, bookingId: null, type: 'booking.created' })),
    );
    return env.client.workflow.getHandle(workflowId);
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

  it("retries a failing partner webhook on the exponential schedule in its endpoint's workflow and gives up after 24 hours", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const eventId = await recordedEvent(partner.partnerId);
      const handle = await deliver(partner.partnerId, eventId);
      expect(handle.workflowId).toBe(`partner-endpoint:${partner.partnerId}:sandbox`);
      await handle.result(); // the queue emptied when the window closed, and the workflow ended once idle

      const expectedAttempts = attemptOffsetsMs().length;
      expect(receiver.requests).toHaveLength(expectedAttempts);
      expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
      expect(receiver.requests.map((r) => r.headers['x-delivery-attempt'])).toEqual(
        Array.from({ length: expectedAttempts }, (_, i) => String(i + 1)),
      );
      const log = await db.orm.em.fork().find(WebhookDeliverySchema, { eventId }, { orderBy: { attempt: 'asc' } });
      expect(log.map((l) => [l.attempt, l.responseStatus, l.url])).toEqual(
        Array.from({ length: expectedAttempts }, (_, i) => [i + 1, 500, receiver.url]),
      );
      // Workflow time: the run began with the first attempt and ended a minute (idle) after the last.
      const { startTime, closeTime } = await handle.describe();
      const elapsed = closeTime!.getTime() - startTime.getTime();
      expect(elapsed).toBeGreaterThanOrEqual(attemptOffsetsMs().at(-1)! + 60_000);
      expect(elapsed).toBeLessThanOrEqual(PARTNER_WEBHOOK_RETRY.windowMs + 60_000);
    } finally {
      await receiver.close();
    }
  });

  it('takes events sent while it runs into the same run, retries each on its own, and a second start is no error', async () => {
    let failFirst = true;
    const receiver = await startReceiver(() => 204);
    const flaky = await startReceiver(() => (failFirst ? 503 : 204));
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: flaky.url });
      const [first, second] = [await recordedEvent(partner.partnerId), await recordedEvent(partner.partnerId)];
      const handle = await deliver(partner.partnerId, first);
      await flaky.waitFor(1);
      const { runId } = await handle.describe();
      failFirst = false;
      const again = await deliver(partner.partnerId, second, first); // the first waits for its retry: it keeps its place
      expect((await again.describe()).runId).toBe(runId);
      await handle.result();
      const bodies = flaky.requests.map((r) => [JSON.parse(r.body).event_id, r.headers['x-delivery-attempt']]);
      expect(bodies).toEqual(
        expect.arrayContaining([
          [first, '1'],
          [first, '2'],
          [second, '1'],
        ]),
      );
      expect(bodies).toHaveLength(3);
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await Promise.all([receiver.close(), flaky.close()]);
    }
  });

  it('continues as new with its queue when the history grows, losing no event that arrives meanwhile', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const events = await Promise.all(Array.from({ length: 12 }, () => recordedEvent(partner.partnerId)));
      const workflowId = `partner-endpoint:${partner.partnerId}:sandbox`;
      const handle = await env.client.workflow.signalWithStart('partnerEndpointWorkflow', {
        workflowId,
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ partnerId: partner.partnerId, environment: 'sandbox', historyEventsPerRun: 20 }],
        signal: partnerEventsRecorded,
        signalArgs: [{ events: events.slice(0, 4).map((eventId) => ({ eventId, bookingId: null, type: 'booking.created' })) }],
      });
      for (const eventId of events.slice(4)) {
        await handle.signal(partnerEventsRecorded, { events: [{ eventId, bookingId: null, type: 'booking.created' }] });
      }
      await receiver.waitFor(events.length);
      const { runId: firstRunId } = await handle.describe();
      expect(firstRunId).not.toBe(handle.signaledRunId); // it continued as new at least once
      await env.client.workflow.getHandle(workflowId).result();
      const delivered = receiver.requests.map((r) => JSON.parse(r.body).event_id);
      expect(delivered.sort()).toEqual([...events].sort()); // each once
    } finally {
      await receiver.close();
    }
  });

  it('still delivers through the per-event workflow of bookings from before the endpoint workflow, stopping at the first 2xx', async () => {
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
    const event = { sequence: 1, type: 'booking.created' } as const;
    const first = await activities.recordBookingChange({ bookingId: record.id, event, deliver: true });
    const again = await activities.recordBookingChange({ bookingId: record.id, event, deliver: true });
    expect(again!.eventId).toBe(first!.eventId);
    expect(first!.webhookUrl).toBeNull(); // no URL: nothing handed to delivery (no Temporal client needed here)
  });
});
