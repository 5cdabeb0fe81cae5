import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createBookingActivities } from '../../activities/booking';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { deliverPartnerEvents } from '../../app/partner-endpoints';
import { PARTNER_BATCH_PARK_AFTER_MS } from '../../domain/partner-batch-parking';
import { startReceiver } from '../../stack/receiver';
import { timeSkippingEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { hubCli } from '../support/cli';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers } from '../support/hub';

/**
 * Issue 49: a partner batch whose activity fails the same way on every try no longer holds its shard for ever. The
 * poison here is real: PostgreSQL refuses the attempt log of one event (a trigger), so every try of its batch throws
 * after its POST. The shard retries it in rounds for PARTNER_BATCH_PARK_AFTER_MS of workflow time (skipped), parks it
 * with the error, and delivers the next batch; ops replay it with the CLI once the cause is gone.
 */
describe('a partner batch that fails the same way', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let workers: ReturnType<typeof runWorkers> | undefined;
  const { hub, hubJson } = hubCli(
    () => db,
    () => env.client,
  );

  beforeAll(async () => {
    [env, db] = await Promise.all([timeSkippingEnvironment(), freshDatabase()]);
    workers = runWorkers(await createTestWorkers(env, db));
  });
  afterAll(async () => {
    workers?.shutdown();
    await workers?.done;
    await Promise.all([env?.teardown(), db?.close()]);
  });

  const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(text, params);

  /** A sandbox booking's booking.created, recorded as the booking workflow records it. */
  async function recordedEvent(partnerId: string): Promise<string> {
    const datetime = new Date(Date.now() + 48 * 3600_000).toISOString();
    const body = CreateBookingRequest.parse(bookingBody({ pickup: { ...bookingBody().pickup, datetime } }));
    const record = newBookingRecord(body, { partnerId, livemode: false }, new Date());
    const activities = createBookingActivities({ orm: db.orm });
    await activities.saveBooking(record);
    return (await activities.recordBookingChange({ bookingId: record.id, event: { sequence: 1, type: 'booking.created' } }))!.eventId;
  }

  /** PostgreSQL refuses the delivery log row of `eventId` (not an integrity constraint: the activity would retry for ever). */
  async function refuseAttemptLogOf(eventId: string) {
    await sql(`create or replace function test_refuse_attempt_log() returns trigger language plpgsql as $$
      begin
        if new.event_id = '${eventId}' then raise exception 'attempt log refused for %', new.event_id; end if;
        return new;
      end $$`);
    await sql(
      `create trigger test_refuse_attempt_log before insert on webhook_deliveries for each row execute function test_refuse_attempt_log()`,
    );
  }

  it('parks it with its error after the bounded age, delivers the next batch of the shard, and ops replay it once', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const partner = await createTestPartner(db.orm, { webhookUrl: receiver.url });
      const [poison, next] = [await recordedEvent(partner.partnerId), await recordedEvent(partner.partnerId)];
      await refuseAttemptLogOf(poison);
      // Both on shard 0 (no booking given), the second sent while the first one's batch is failing.
      const hand = (eventId: string) =>
        deliverPartnerEvents(env.client, partner.partnerId, 'sandbox', [{ eventId, bookingId: null, type: 'booking.created' }]);
      const handle = env.client.workflow.getHandle(await hand(poison));
      await receiver.waitFor(1);
      await hand(next);
      await handle.result(); // parked, the next one delivered, then idle: the run ends

      const ids = (requests: typeof receiver.requests) => requests.map((r) => (JSON.parse(r.body) as { event_id: string }).event_id);
      const sent = ids(receiver.requests);
      expect(sent.filter((id) => id === next)).toHaveLength(1);
      // The poison was posted on each try until it was parked, and the next event only after that.
      expect(sent.filter((id) => id === poison).length).toBeGreaterThan(3);
      expect(sent.at(-1)).toBe(next);
      const [parked] = await sql<{
        id: string;
        events: { eventId: string }[];
        reason: string;
        tries: number;
        first_failed_at: Date;
        parked_at: Date;
      }>('select id, events, reason, tries, first_failed_at, parked_at from partner_parked_batches where partner_id = ?', [
        partner.partnerId,
      ]);
      expect(parked.events.map((e) => e.eventId)).toEqual([poison]);
      expect(parked.reason).toContain(`attempt log refused for ${poison}`);
      expect(parked.tries).toBeGreaterThan(1);
      const { startTime, closeTime } = await handle.describe();
      expect(closeTime!.getTime() - startTime.getTime()).toBeGreaterThanOrEqual(PARTNER_BATCH_PARK_AFTER_MS);

      // Ops list it, then replay it once the cause is gone; the shard delivers it, and a second replay is refused.
      const listed = await hubJson('partner-deliveries', 'parked');
      expect(listed).toContainEqual(expect.objectContaining({ id: parked.id, events: [poison], partner_id: partner.partnerId, shard: 0 }));
      await sql('drop trigger test_refuse_attempt_log on webhook_deliveries');
      const before = receiver.requests.length;
      const replayed = await hubJson('partner-deliveries', 'replay', parked.id);
      expect(replayed).toMatchObject({ id: parked.id, replayed: [poison], replayed_at: null });
      await env.client.workflow.getHandle(handle.workflowId).result();
      expect(ids(receiver.requests.slice(before))).toEqual([poison]);
      const [delivered] = await sql<{ response_status: number }>('select response_status from webhook_deliveries where event_id = ?', [
        poison,
      ]);
      expect(delivered.response_status).toBe(204);
      expect(await hubJson('partner-deliveries', 'parked')).not.toContainEqual(expect.objectContaining({ id: parked.id }));
      const again = await hub('partner-deliveries', 'replay', parked.id);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(new RegExp(`${parked.id} was replayed at`));
      expect((await hub('partner-deliveries', 'replay', 'pkb_unknown')).stderr).toMatch(/No parked partner batch pkb_unknown/);
    } finally {
      await receiver.close();
    }
  });
});
