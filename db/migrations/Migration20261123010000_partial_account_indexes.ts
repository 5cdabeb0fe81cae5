import { Migration } from '@mikro-orm/migrations';

/**
 * The integrator-account indexes hold only bookings that have an account: a partner booking without one (most of
 * them) no longer writes two index entries under a null key that no query reads (every query names the account).
 * Rebuilt in the migration's transaction, which holds writes to `bookings` meanwhile: fine before launch; on a large
 * table, build the partial indexes `concurrently` under new names by hand, and swap them in, instead.
 */
export class Migration20261123010000_partial_account_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index bookings_account_list;
      drop index bookings_account_market;
      create index bookings_account_list on bookings (account_id, environment, id desc) where account_id is not null;
      create index bookings_account_market on bookings (account_id, environment, market, id desc) where account_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bookings_account_list;
      drop index bookings_account_market;
      create index bookings_account_list on bookings (account_id, environment, id desc);
      create index bookings_account_market on bookings (account_id, environment, market, id desc);
    `);
  }
}
