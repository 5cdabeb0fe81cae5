import { Migration } from '@mikro-orm/migrations';

/**
 * - `external_id` is unique per partner and environment (a partial unique index: bookings without one are free).
 *   Earlier duplicates keep their first holder; later ones get `#<booking id>` appended so the index can be built.
 * - `bookings_unstarted`: the housekeeping sweep looks for recent confirmed bookings whose workflow never wrote an
 *   event (the API inserts the row before it starts the workflow).
 * - Events may belong to no booking: a partner's `webhook.test` delivery.
 */
export class Migration20261122120000_quotes_and_endpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update bookings set external_id = external_id || '#' || id
      where id in (
        select id from (
          select id, row_number() over (partition by partner_id, environment, external_id order by id) as n
          from bookings where external_id is not null
        ) d where n > 1
      );
      drop index bookings_external;
      create unique index bookings_external_id_unique on bookings (partner_id, environment, external_id)
        where external_id is not null;
      create index bookings_unstarted on bookings (created_at) where status = 'confirmed';
      alter table events alter column booking_id drop not null, alter column sequence drop not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from webhook_deliveries where event_id in (select id from events where booking_id is null);
      delete from events where booking_id is null;
      alter table events alter column booking_id set not null, alter column sequence set not null;
      drop index bookings_unstarted;
      drop index bookings_external_id_unique;
      create index bookings_external on bookings (partner_id, environment, external_id);
    `);
  }
}
