import { Migration } from '@mikro-orm/migrations';

/**
 * Money never reported paid without a bank, and IBANs guarded (issue 39): a settlement may wait `awaiting_rail` (a live
 * payout in a currency no rail carries) or `on_hold` until `held_until` (its driver's bank account just changed); each
 * account change is kept with its name check and hold; a driver's notices; the driver's postal address beside the
 * account (SEPA payees outside the EEA); payout files keep their XML encrypted (`xml_enc`), and the files written
 * before in clear are sealed once by the pay step: the only change the immutable table accepts.
 */
export class Migration20261128070000_payout_guards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table settlements drop constraint settlements_status_check;
      alter table settlements add constraint settlements_status_check
        check (status in ('pending', 'paid', 'failed', 'returned', 'awaiting_rail', 'on_hold'));
      alter table settlements add column held_until timestamptz;

      alter table driver_bank_accounts add column hold_until timestamptz, add column address jsonb;

      create table driver_bank_account_changes (
        id text primary key,
        driver_id text not null,
        changed_by text not null check (changed_by in ('driver', 'ops')),
        holder text not null,
        driver_name text not null,
        name_check text not null check (name_check in ('match', 'close', 'no_match')),
        previous_iban_masked text,
        iban_masked text not null,
        hold_until timestamptz,
        created_at timestamptz not null default clock_timestamp()
      );
      create index driver_bank_account_changes_driver on driver_bank_account_changes (driver_id, created_at desc);

      create table driver_notices (
        id text primary key,
        driver_id text not null,
        kind text not null,
        message text not null,
        data jsonb not null default '{}',
        created_at timestamptz not null default clock_timestamp()
      );
      create index driver_notices_driver on driver_notices (driver_id, id desc);

      alter table payout_files alter column xml drop not null, add column xml_enc text;
      alter table payout_files add constraint payout_files_xml_once check ((xml is null) <> (xml_enc is null));
      create function payout_files_seal_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.xml is not null and new.xml is null and new.xml_enc is not null
           and (to_jsonb(new) - 'xml' - 'xml_enc') = (to_jsonb(old) - 'xml' - 'xml_enc') then
          return new;
        end if;
        raise exception '% rows are immutable: corrections are new documents or entries', tg_table_name using errcode = '55000';
      end $$;
      drop trigger payout_files_immutable on payout_files;
      create trigger payout_files_immutable before update or delete on payout_files
        for each row execute function payout_files_seal_only();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger payout_files_immutable on payout_files;
      create trigger payout_files_immutable before update or delete on payout_files
        for each row execute function finance_refuse_change();
      drop function payout_files_seal_only();
      alter table payout_files drop constraint payout_files_xml_once;
      alter table payout_files drop column xml_enc;
      drop table driver_notices;
      drop table driver_bank_account_changes;
      alter table driver_bank_accounts drop column hold_until, drop column address;
      alter table settlements drop column held_until;
      alter table settlements drop constraint settlements_status_check;
      alter table settlements add constraint settlements_status_check check (status in ('pending', 'paid', 'failed', 'returned'));
    `);
  }
}
