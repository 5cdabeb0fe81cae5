import { Migration } from '@mikro-orm/migrations';

/**
 * When a ride's passenger contact data was erased by the retention sweep, and the index that finds the rides due; when
 * ops revoked its receipt links.
 */
export class Migration20261125170000_passenger_retention extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table bookings add column passenger_erased_at timestamptz, add column receipt_revoked_at timestamptz;
      create index bookings_passenger_due on bookings (ended_at) where passenger_erased_at is null and ended_at is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bookings_passenger_due;
      alter table bookings drop column passenger_erased_at, drop column receipt_revoked_at;
    `);
  }
}
