import { Migration } from '@mikro-orm/migrations';

/**
 * A booking's timeline (`GET /api/public/v1/bookings/{ref}/events`) reads the event log of one booking, oldest first:
 * `public_events.booking_id`, set when a booking event is recorded and filled here for the events already kept (their
 * dedupe key is `booking:<bkg_id>:<sequence>:<what>`), and a partial index `(booking_id, id)` so the timeline is a
 * range scan of its own few events however large the log. Other events (invoices, payments, settlements, test
 * events) have none and are not in the index.
 */
export class Migration20261126231000_booking_event_log extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table public_events add column booking_id text;
      update public_events set booking_id = split_part(dedupe_key, ':', 2) where dedupe_key like 'booking:%';
      create index public_events_booking on public_events (booking_id, id) where booking_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index public_events_booking;
      alter table public_events drop column booking_id;
    `);
  }
}
