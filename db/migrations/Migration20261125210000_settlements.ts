import { Migration } from '@mikro-orm/migrations';

/**
 * Chauffeur settlements: the driver of each billed ride on its ledger row, settlements and their lines (amounts never
 * change; status moves with the payout), and the simulated payout provider's own record of transfers.
 */
export class Migration20261125210000_settlements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table billing_entries add column driver_id text, add column driver_name text;
      create index billing_entries_driver on billing_entries (driver_id, currency, livemode, tax_point) where driver_id is not null;

      create table settlements (
        id text primary key,
        number text not null unique,
        driver_id text not null,
        driver_name text not null,
        livemode boolean not null,
        currency text not null,
        period_id text not null references finance_periods (id),
        earnings_minor bigint not null,
        commission_minor bigint not null,
        fees_minor bigint not null,
        payable_minor bigint not null,
        carry_out_minor bigint not null default 0,
        carried_from text unique references settlements (id),
        status text not null check (status in ('pending', 'paid', 'failed')),
        paid_at timestamptz,
        failure_reason text,
        payout_attempts int not null default 0,
        payout_key text unique,
        created_at timestamptz not null default clock_timestamp(),
        unique (period_id, driver_id, currency, livemode)
      );
      create index settlements_list on settlements (id desc);
      create index settlements_driver on settlements (driver_id, id desc);

      create table settlement_lines (
        settlement_id text not null references settlements (id),
        position int not null,
        entry_id text references billing_entries (id),
        booking_ref text,
        kind text not null,
        description text not null,
        amount_minor bigint not null,
        primary key (settlement_id, position)
      );
      create unique index settlement_lines_entry_once on settlement_lines (entry_id, kind) where entry_id is not null;
      create trigger settlement_lines_immutable before update or delete on settlement_lines
        for each row execute function finance_refuse_change();

      create function settlements_guard() returns trigger language plpgsql as $$
      begin
        if (new.number, new.driver_id, new.livemode, new.currency, new.period_id, new.earnings_minor, new.commission_minor,
            new.fees_minor, new.payable_minor, new.carry_out_minor, new.carried_from)
           is distinct from
           (old.number, old.driver_id, old.livemode, old.currency, old.period_id, old.earnings_minor, old.commission_minor,
            old.fees_minor, old.payable_minor, old.carry_out_minor, old.carried_from) then
          raise exception 'a settlement never changes its amounts' using errcode = '55000';
        end if;
        return new;
      end $$;
      create trigger settlements_immutable before update on settlements for each row execute function settlements_guard();

      create table payout_transfers (
        idempotency_key text primary key,
        settlement_id text not null references settlements (id),
        amount_minor bigint not null,
        currency text not null,
        status text not null,
        failure_reason text,
        created_at timestamptz not null default clock_timestamp()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table payout_transfers;
      drop table settlement_lines;
      drop table settlements;
      drop function settlements_guard;
      drop index billing_entries_driver;
      alter table billing_entries drop column driver_id, drop column driver_name;
    `);
  }
}
