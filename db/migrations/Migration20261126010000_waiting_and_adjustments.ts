import { Migration } from '@mikro-orm/migrations';

/**
 * What settlements add beyond rides: the minutes a chauffeur waited past the free window, on the ride's ledger row
 * (written once with the completion), and fees and adjustments ops record for a driver, append-only, each taken by the
 * driver's next settlement exactly once.
 */
export class Migration20261126010000_waiting_and_adjustments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table billing_entries add column waiting_minutes integer not null default 0 check (waiting_minutes >= 0);

      create table settlement_adjustments (
        id text primary key,
        driver_id text not null,
        livemode boolean not null,
        currency text not null,
        kind text not null check (kind in ('fee', 'adjustment')),
        amount_minor bigint not null check (amount_minor <> 0 and (kind = 'adjustment' or amount_minor < 0)),
        description text not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create index settlement_adjustments_driver on settlement_adjustments (driver_id, currency, livemode);
      create trigger settlement_adjustments_immutable before update or delete on settlement_adjustments
        for each row execute function finance_refuse_change();

      alter table settlement_lines add column adjustment_id text unique references settlement_adjustments (id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table settlement_lines drop column adjustment_id;
      drop table settlement_adjustments;
      alter table billing_entries drop column waiting_minutes;
    `);
  }
}
