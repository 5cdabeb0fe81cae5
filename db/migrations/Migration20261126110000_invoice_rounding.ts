import { Migration } from '@mikro-orm/migrations';

/**
 * A document's EN 16931 rounding amount (BT-114): what brings its amount due (BT-115) to the sum of the grosses its
 * lines were agreed at, where VAT rounded once per bucket lands a minor unit or so away. Documents issued before it
 * have none (their amount due is their gross), and the guard keeps it as immutable as the other amounts.
 */
export class Migration20261126110000_invoice_rounding extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table finance_documents add column rounding_minor bigint not null default 0;
      alter table finance_documents add column amount_due_minor bigint generated always as (gross_minor + rounding_minor) stored;

      create or replace function finance_documents_guard() returns trigger language plpgsql as $$
      begin
        if (new.number, new.type, new.party_kind, new.party_id, new.livemode, new.currency, new.period_id, new.issued_at,
            new.net_minor, new.tax_minor, new.gross_minor, new.rounding_minor, new.tax_buckets, new.credits_document_id)
           is distinct from
           (old.number, old.type, old.party_kind, old.party_id, old.livemode, old.currency, old.period_id, old.issued_at,
            old.net_minor, old.tax_minor, old.gross_minor, old.rounding_minor, old.tax_buckets, old.credits_document_id) then
          raise exception 'an issued document never changes: issue a credit note' using errcode = '55000';
        end if;
        return new;
      end $$;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create or replace function finance_documents_guard() returns trigger language plpgsql as $$
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
      alter table finance_documents drop column amount_due_minor;
      alter table finance_documents drop column rounding_minor;
    `);
  }
}
