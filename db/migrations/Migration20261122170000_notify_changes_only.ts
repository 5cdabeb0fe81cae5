import { Migration } from '@mikro-orm/migrations';

/**
 * `booking_changed` only for changes of a booking: nobody follows a booking before it exists, and a NOTIFY makes its
 * transaction take PostgreSQL's notification-queue lock at commit, a point every concurrent booking creation had
 * to pass one at a time.
 */
export class Migration20261122170000_notify_changes_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop trigger bookings_notify_changed on bookings;
      create trigger bookings_notify_changed after update on bookings
        for each row execute function notify_booking_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger bookings_notify_changed on bookings;
      create trigger bookings_notify_changed after insert or update on bookings
        for each row execute function notify_booking_changed();
    `);
  }
}
