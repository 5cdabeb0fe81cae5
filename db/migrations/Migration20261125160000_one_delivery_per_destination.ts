import { Migration } from '@mikro-orm/migrations';

/**
 * An event's first delivery to a destination is unique: recording an event inserts its deliveries in one transaction
 * with `on conflict do nothing`, so a retry or a concurrent duplicate never adds a second one. Redeliveries on request
 * are further rows, marked `redelivery`. Rows from before could not tell a redelivery from a duplicate that concurrent
 * recordings made: every row after an event's first to a destination is marked a redelivery (none is lost).
 */
export class Migration20261125160000_one_delivery_per_destination extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table public_deliveries add column redelivery boolean not null default false;
      update public_deliveries p set redelivery = true
        where exists (select 1 from public_deliveries f where f.event_id = p.event_id and f.destination_id = p.destination_id and f.id < p.id);
      create unique index public_deliveries_first on public_deliveries (event_id, destination_id) where not redelivery;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index public_deliveries_first;
      alter table public_deliveries drop column redelivery;
    `);
  }
}
