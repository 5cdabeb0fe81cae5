import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BookingSchema } from '../db/entities';
import { purgeExpiredKeys } from './middleware/idempotency';
import { purgeEndedWindows } from './middleware/rate-limit';
import { recordFromRow } from '../db/booking-rows';
import { purgePublicEvents } from '../db/public-events';
import { EVENT_LOG_RETENTION_DAYS } from '../domain/public-event-scopes';
import { startBookingWorkflow } from '../app/bookings';

/**
 * What every API process does once a minute: drop ended rate-limit windows, idempotency keys past 24 hours, and
 * public events past the event log's 30 days (with their finished deliveries; up to 1000 a minute per process).
 */
export async function purgeExpired(orm: MikroORM, now = new Date()): Promise<void> {
  await purgeEndedWindows(orm);
  await purgeExpiredKeys(orm);
  await purgePublicEvents(orm, new Date(now.getTime() - EVENT_LOG_RETENTION_DAYS * 86_400_000));
}

/** A booking row this old with no event yet is taken for one whose API process died before starting its workflow. */
export const UNSTARTED_AFTER_SECONDS = 60;
/** How far back the sweep looks (it runs every minute on every API process, so this leaves ample margin). */
export const UNSTARTED_WINDOW_MINUTES = 60;

/**
 * POST /v1/bookings commits the booking row, then starts `booking:<id>`, whose first event is `booking.created`. A
 * process that died between the two leaves a confirmed booking with no workflow: this starts it. Starting a running
 * workflow attaches to it (`USE_EXISTING`), so a slow worker or two API processes sweeping at once change nothing.
 * One range scan of the partial index `bookings_unstarted`, anti-joined with the events' (booking_id, sequence) index.
 */
export async function sweepUnstartedBookings(orm: MikroORM, temporal: Client, now = new Date()): Promise<string[]> {
  const em = orm.em.fork();
  const rows = await em.execute<{ id: string }[]>(
    `select b.id from bookings b
     where b.status = 'confirmed' and b.created_at < ? and b.created_at >= ?
       and not exists (select 1 from events e where e.booking_id = b.id)
     order by b.created_at limit 500`,
    [new Date(now.getTime() - UNSTARTED_AFTER_SECONDS * 1000), new Date(now.getTime() - UNSTARTED_WINDOW_MINUTES * 60_000)],
  );
  if (rows.length === 0) return [];
  const bookings = await em.find(BookingSchema, { id: { $in: rows.map((r) => r.id) } });
  const started: string[] = [];
  for (const booking of bookings) {
    try {
      await startBookingWorkflow(temporal, recordFromRow(booking));
      started.push(booking.id);
    } catch {
      // Ended already (its events are elsewhere) or Temporal out of reach: the next sweep tries again.
    }
  }
  return started;
}
