import { Migration } from '@mikro-orm/migrations';

/**
 * `GET /api/public/v1/bookings?status=…` with a corporate key reads one keyset page of the account's bookings in that
 * status, newest first. Through `bookings_account_list` it walked the account's bookings until a page matched: about
 * 25 ÷ the status's share, the account's whole history for a status it rarely has (issue 37). With the status in the
 * key a page is a range scan of `limit + 1` entries whatever the status's share. An operator's key walks the primary
 * key over every account's bookings, where each status is common enough (docs/operations.md, "Lists at a million
 * rows"). A status change already writes every index of `bookings` (the `bookings_active_*` predicates name `status`,
 * so it is never a HOT update): this index adds one entry per insert and status change of an account's booking.
 * Built in the migration's transaction (the migrator runs all pending migrations in one, where `concurrently` is
 * refused), which holds writes to `bookings` meanwhile: on a large table, build it `concurrently` by hand under the
 * same name first (this migration then finds it: `if not exists`).
 */
export class Migration20261128160000_account_status_list extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index if not exists bookings_account_status on bookings (account_id, environment, status, id desc)
        where account_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index bookings_account_status;`);
  }
}
