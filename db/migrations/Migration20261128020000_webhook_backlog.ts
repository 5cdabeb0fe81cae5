import { Migration } from '@mikro-orm/migrations';

/**
 * `hub_webhook_oldest_undelivered_seconds` (db/webhook-backlog.ts) reads, per partner endpoint and per public
 * destination, the oldest event not yet delivered at every scrape: partial indexes that hold only what waits.
 * A partner event's `delivery_settled_at` is set when it is first acknowledged, or when a newer `gps.update` of its
 * booking is (the older one gave way to it); events of the last 25 hours already acknowledged are filled in here.
 */
export class Migration20261128020000_webhook_backlog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table events add column delivery_settled_at timestamptz;
      update events e set delivery_settled_at = d.sent_at
        from (select event_id, min(sent_at) as sent_at from webhook_deliveries
               where response_status between 200 and 299 and sent_at > now() - interval '25 hours' group by event_id) d
       where d.event_id = e.id;
      create index events_undelivered on events (partner_id, environment, created_at) where delivery_settled_at is null;
      create index public_deliveries_pending on public_deliveries (destination_id, created_at) where state = 'pending';
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index public_deliveries_pending;
      drop index events_undelivered;
      alter table events drop column delivery_settled_at;
    `);
  }
}
