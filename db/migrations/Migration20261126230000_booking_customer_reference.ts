import { Migration } from '@mikro-orm/migrations';

/**
 * `GET /api/public/v1/bookings?customer_reference=…` (exact match) reads one keyset page of an account's bookings that
 * carry the reference, newest first; an operator's key reads the environment's. One partial index for each (only
 * bookings with a reference, which the public API alone sets), so a reference used for thousands of an account's
 * rides is still a range scan and a page costs `limit + 1` index entries at a million bookings.
 * Built in the migration's transaction, which holds writes to `bookings` meanwhile: on a large table, build them
 * `concurrently` by hand under the same names first (this migration then finds them: `if not exists`).
 */
export class Migration20261126230000_booking_customer_reference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index if not exists bookings_account_reference on bookings (account_id, environment, customer_reference, id desc)
        where customer_reference is not null;
      create index if not exists bookings_environment_reference on bookings (environment, customer_reference, id desc)
        where customer_reference is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bookings_environment_reference;
      drop index bookings_account_reference;
    `);
  }
}
