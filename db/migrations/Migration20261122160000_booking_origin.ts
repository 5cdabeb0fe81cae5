import { Migration } from '@mikro-orm/migrations';

/** What a booking was made from besides its request: the quote it keeps and the sandbox scenario it plays. */
export class Migration20261122160000_booking_origin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table bookings add column quote_id text, add column sandbox_scenario text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table bookings drop column quote_id, drop column sandbox_scenario;`);
  }
}
