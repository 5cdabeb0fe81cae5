import { Migration } from '@mikro-orm/migrations';

/**
 * Finance: the append-only ledger of billable facts (written in the booking change's transaction), the periods the
 * settlement cycle closed, gapless number series, and invoices and credit notes whose amounts never change.
 */
export class Migration20261125180000_finance_ledger_and_documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table billing_entries (
        id text primary key,
        booking_id text not null,
        kind text not null,
        party_kind text not null,
        party_id text not null,
        livemode boolean not null,
        currency text not null,
        gross_minor bigint not null,
        commission_minor bigint not null default 0,
        jurisdiction text not null,
        vehicle_class text not null,
        booking_ref text not null,
        tax_point timestamptz not null,
        recorded_at timestamptz not null default clock_timestamp(),
        unique (booking_id, kind)
      );
      create index billing_entries_open on billing_entries (tax_point);
      create index billing_entries_party on billing_entries (party_id, currency, livemode, tax_point);

      create function finance_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception '% rows are immutable: corrections are new documents or entries', tg_table_name using errcode = '55000';
      end $$;
      create trigger billing_entries_append_only before update or delete on billing_entries
        for each row execute function finance_refuse_change();

      create table finance_periods (
        id text primary key,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        closed_at timestamptz not null default clock_timestamp()
      );

      create table document_series (series text primary key, last_seq bigint not null);

      create table finance_documents (
        id text primary key,
        number text not null unique,
        type text not null check (type in ('invoice', 'credit_note')),
        party_kind text not null,
        party_id text not null,
        livemode boolean not null,
        currency text not null,
        period_id text not null references finance_periods (id),
        status text not null check (status in ('open', 'paid', 'void', 'uncollectible', 'issued')),
        issued_at timestamptz not null,
        due_at timestamptz,
        net_minor bigint not null,
        tax_minor bigint not null,
        gross_minor bigint not null,
        tax_buckets jsonb not null,
        credits_document_id text references finance_documents (id),
        reason text,
        billing_details jsonb not null default '{}'
      );
      create unique index finance_documents_one_invoice on finance_documents (period_id, party_kind, party_id, currency, livemode)
        where type = 'invoice';
      create index finance_documents_list on finance_documents (id desc);
      create index finance_documents_party on finance_documents (party_id, id desc);

      create table finance_document_lines (
        document_id text not null references finance_documents (id),
        position int not null,
        document_type text not null,
        entry_id text references billing_entries (id),
        booking_id text,
        booking_ref text,
        kind text not null,
        description text not null,
        net_minor bigint not null,
        tax_minor bigint not null,
        category text not null,
        rate_ppm int not null,
        rule_id text not null,
        tax_point timestamptz,
        primary key (document_id, position)
      );
      create unique index finance_lines_entry_invoiced_once on finance_document_lines (entry_id) where document_type = 'invoice';
      create trigger finance_document_lines_immutable before update or delete on finance_document_lines
        for each row execute function finance_refuse_change();

      create function finance_documents_guard() returns trigger language plpgsql as $$
      begin
        if (new.number, new.type, new.party_kind, new.party_id, new.livemode, new.currency, new.period_id, new.issued_at,
            new.net_minor, new.tax_minor, new.gross_minor, new.tax_buckets, new.credits_document_id)
           is distinct from
           (old.number, old.type, old.party_kind, old.party_id, old.livemode, old.currency, old.period_id, old.issued_at,
            old.net_minor, old.tax_minor, old.gross_minor, old.tax_buckets, old.credits_document_id) then
          raise exception 'an issued document never changes: issue a credit note' using errcode = '55000';
        end if;
        return new;
      end $$;
      create trigger finance_documents_immutable before update on finance_documents
        for each row execute function finance_documents_guard();
      create trigger finance_documents_kept before delete on finance_documents
        for each row execute function finance_refuse_change();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table finance_document_lines;
      drop table finance_documents;
      drop function finance_documents_guard;
      drop table document_series;
      drop table finance_periods;
      drop table billing_entries;
      drop function finance_refuse_change;
    `);
  }
}
