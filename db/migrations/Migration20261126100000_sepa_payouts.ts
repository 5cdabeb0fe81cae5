import { Migration } from '@mikro-orm/migrations';

/**
 * Paying chauffeurs by SEPA credit transfer: each driver's bank account (the IBAN encrypted, shown masked), the payout
 * files the pay step writes (pain.001, numbered, immutable), one row per transfer in a file (its id is the payout id
 * the bank hands back as EndToEndId), the statements imported, and a settlement's `returned` state with the line that
 * carries a returned payout into the driver's next settlement, once.
 */
export class Migration20261126100000_sepa_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table driver_bank_accounts (
        driver_id text primary key,
        holder text not null,
        iban_enc text not null,
        iban_masked text not null,
        country text not null,
        bic text,
        created_at timestamptz not null default clock_timestamp(),
        updated_at timestamptz not null default clock_timestamp()
      );

      create table payout_files (
        id text primary key,
        number text not null unique,
        livemode boolean not null,
        format text not null,
        debtor_iban_masked text not null,
        execution_date date not null,
        transactions integer not null check (transactions > 0),
        control_sum_minor bigint not null,
        currency text not null,
        sha256 text not null,
        xml text not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create index payout_files_list on payout_files (livemode, id desc);
      create trigger payout_files_immutable before update or delete on payout_files
        for each row execute function finance_refuse_change();

      create table bank_transfers (
        id text primary key,
        file_id text not null references payout_files (id),
        settlement_id text not null references settlements (id),
        livemode boolean not null,
        amount_minor bigint not null,
        currency text not null,
        status text not null check (status in ('submitted', 'paid', 'returned')),
        booked_on date,
        returned_on date,
        return_reason text,
        return_info text,
        created_at timestamptz not null default clock_timestamp()
      );
      create index bank_transfers_file on bank_transfers (file_id);
      create index bank_transfers_settlement on bank_transfers (settlement_id);

      create table bank_statements (
        id text primary key,
        livemode boolean not null,
        message text not null,
        message_id text not null,
        sha256 text not null,
        transactions integer not null,
        applied integer not null,
        unmatched integer not null,
        imported_at timestamptz not null default clock_timestamp(),
        unique (livemode, sha256)
      );

      alter table settlements drop constraint settlements_status_check;
      alter table settlements add constraint settlements_status_check check (status in ('pending', 'paid', 'failed', 'returned'));
      alter table settlement_lines add column returned_from text unique references settlements (id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table settlement_lines drop column returned_from;
      alter table settlements drop constraint settlements_status_check;
      alter table settlements add constraint settlements_status_check check (status in ('pending', 'paid', 'failed'));
      drop table bank_statements;
      drop table bank_transfers;
      drop table payout_files;
      drop table driver_bank_accounts;
    `);
  }
}
