import { Migration } from '@mikro-orm/migrations';

/**
 * Load shedding counts each account's rides in progress every second (db/active-rides.ts): two small partial indexes
 * keep that count to the rides themselves, whatever the table's size. A sandbox ride is in progress from its creation
 * (it plays at once); a live one once dispatching has begun (a confirmed booking for next month costs nothing yet).
 */
export class Migration20261128010000_active_rides extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index bookings_active_sandbox on bookings (created_at) include (partner_id, account_id)
        where environment = 'sandbox' and status in ('confirmed', 'assigned', 'on_the_way', 'arrived', 'on_board');
      create index bookings_active_live on bookings (pickup_at) include (partner_id, account_id)
        where environment = 'live' and status in ('assigned', 'on_the_way', 'arrived', 'on_board');
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bookings_active_sandbox;
      drop index bookings_active_live;
    `);
  }
}
