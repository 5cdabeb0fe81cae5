import { Migration } from '@mikro-orm/migrations';

/**
 * Bookings an integrator account makes through the public API have no partner: `partner_id` becomes optional. The
 * account's own reference (cost centre, PO) and notes for the chauffeur are kept with the booking, and so are its latest reschedule (what `booking.rescheduled` reports) and the watch of the flight it meets. The tracking token
 * column goes: passenger links are signed (infra/passenger-links.ts) and nothing ever read it.
 */
export class Migration20261125020000_account_bookings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table bookings alter column partner_id drop not null;
      alter table bookings add column customer_reference text;
      alter table bookings add column notes text;
      alter table bookings add column last_reschedule jsonb;
      alter table bookings add column flight_watch jsonb;
      alter table bookings drop column tracking_token;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table bookings add column tracking_token text not null default '';
      alter table bookings drop column flight_watch;
      alter table bookings drop column last_reschedule;
      alter table bookings drop column notes;
      alter table bookings drop column customer_reference;
      alter table bookings alter column partner_id set not null;
    `);
  }
}
