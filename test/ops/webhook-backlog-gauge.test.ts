import { MockActivityEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { createPartnerWebhookActivities } from '../../activities/partner-webhook';
import { createPublicEventPublishActivities } from '../../activities/public-event-publish';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { createIntegratorAccount } from '../../app/accounts';
import { newBookingRecord } from '../../app/bookings';
import { createDestination } from '../../app/destinations';
import { openOrm } from '../../db/orm';
import { registry } from '../../infra/metrics';
import { startReceiver } from '../../stack/receiver';
import { registerWebhookBacklogGauge } from '../../workers/create-workers';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { TEST_SECRETS } from '../support/hub';

const GAUGE = 'hub_webhook_oldest_undelivered_seconds';

/** The gauge's value for one target as /metrics shows it; undefined when absent. */
async function scraped(kind: string, target: string): Promise<number | undefined> {
  const text = await registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${GAUGE}{kind="${kind}",target="${target}"}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

async function scrapeErrors(): Promise<number> {
  const metric = await registry.getSingleMetric('hub_scrape_read_errors_total')!.get();
  return metric.values.find((v) => v.labels.gauge === GAUGE)?.value ?? 0;
}

describe('hub_webhook_oldest_undelivered_seconds', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Moves an event's (and its deliveries') creation back in time, as if it had waited that long. */
  const age = (table: 'events' | 'public_deliveries', column: 'id' | 'event_id', id: string, seconds: number) =>
    db.orm.em
      .getConnection()
      .execute(`update ${table} set created_at = now() - make_interval(secs => ?) where ${column} = ?`, [seconds, id]);

  it('reads the oldest undelivered event per partner endpoint and per public destination, 0 once delivered', async () => {
    registerWebhookBacklogGauge(db.orm, 0);
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const target = `${partner.partnerId}:sandbox`;
      expect(await scraped('partner', target)).toBe(0);

      const bookings = createBookingActivities({ orm: db.orm });
      const record = newBookingRecord(
        CreateBookingRequest.parse(bookingBody()),
        { partnerId: partner.partnerId, livemode: false },
        new Date(),
      );
      await bookings.saveBooking(record);
      const gps = async (sequence: number) =>
        (await bookings.recordBookingChange({ bookingId: record.id, event: { sequence, type: 'gps.update' } }))!.eventId;
      const [older, newer] = [await gps(1), await gps(2)];
      await age('events', 'id', older, 300);
      await age('events', 'id', newer, 120);
      expect(await scraped('partner', target)).toBeGreaterThanOrEqual(300);

      // The newer position acknowledged: the older one gave way to it, nothing of the endpoint waits.
      const sender = createPartnerWebhookActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 2000,
        devTargets: true,
      });
      await new MockActivityEnvironment().run(sender.attemptPartnerDelivery, { eventId: newer, attempt: 1 });
      expect(await scraped('partner', target)).toBe(0);

      const { accountId } = await createIntegratorAccount(db.orm, 'Gauge Ltd');
      const { destination } = await createDestination(db.orm, TEST_SECRETS.encryptionKey, {
        accountId,
        environment: 'sandbox',
        url: receiver.url,
        eventTypes: ['invoice.created'],
      });
      expect(await scraped('public', destination.id)).toBe(0);
      const publisher = createPublicEventPublishActivities({
        orm: db.orm,
        encryptionKey: TEST_SECRETS.encryptionKey,
        timeoutMs: 2000,
        devTargets: true,
      });
      const published = await publisher.recordPublicEvent({
        type: 'invoice.created',
        dedupeKey: 'gauge:1',
        accountId,
        environment: 'test',
        data: { number: 'INV-1' },
      });
      await age('public_deliveries', 'event_id', published.eventId, 90);
      expect(await scraped('public', destination.id)).toBeGreaterThanOrEqual(90);
    } finally {
      await receiver.close();
    }
  });

  it('reads PostgreSQL at most once per cache period', async () => {
    registerWebhookBacklogGauge(db.orm, 60_000);
    const partner = await createTestPartner(db.orm, { webhookUrl: 'http://127.0.0.1:9/none' });
    const target = `${partner.partnerId}:sandbox`;
    expect(await scraped('partner', target)).toBe(0);
    const bookings = createBookingActivities({ orm: db.orm });
    const record = newBookingRecord(
      CreateBookingRequest.parse(bookingBody()),
      { partnerId: partner.partnerId, livemode: false },
      new Date(),
    );
    await bookings.saveBooking(record);
    const event = await bookings.recordBookingChange({ bookingId: record.id, event: { sequence: 1, type: 'booking.created' } });
    await age('events', 'id', event!.eventId, 600);
    expect(await scraped('partner', target)).toBe(0); // the cached reading
  });

  it('never fails the scrape: with PostgreSQL unreachable the gauge is absent and the error counted', async () => {
    const orm = await openOrm(db.url);
    await orm.close(true);
    registerWebhookBacklogGauge(orm, 0);
    const before = await scrapeErrors();
    const text = await registry.metrics();
    expect(text).toContain(`# TYPE ${GAUGE} gauge`);
    expect(text.split('\n').filter((l) => l.startsWith(`${GAUGE}{`))).toEqual([]);
    expect(await scrapeErrors()).toBe(before + 1);
  });
});
