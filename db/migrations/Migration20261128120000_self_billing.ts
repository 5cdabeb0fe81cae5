import { Migration } from '@mikro-orm/migrations';

/**
 * Chauffeurs as sellers (issue 41): their billing identity, kept as versions in force from a date (a VAT regime
 * changes on a date; an invoice takes the version in force at its settlement's date), and the self-billed invoices the
 * company issues in their name: one per settlement, numbered gaplessly per chauffeur, year and environment in the
 * transaction that issues it, never changed (a trigger).
 */
export class Migration20261128120000_self_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table chauffeur_billing_identities (
        id text primary key,
        driver_id text not null,
        valid_from timestamptz not null,
        identity jsonb not null,
        set_by text not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create index chauffeur_billing_identities_driver on chauffeur_billing_identities (driver_id, valid_from desc, created_at desc);
      create trigger chauffeur_billing_identities_immutable before update or delete on chauffeur_billing_identities
        for each row execute function finance_refuse_change();

      create table self_billing_series (
        driver_id text not null,
        livemode boolean not null,
        year int not null,
        last_seq int not null,
        primary key (driver_id, livemode, year)
      );

      create table self_billed_invoices (
        id text primary key,
        settlement_id text not null unique references settlements (id),
        number text not null unique,
        driver_id text not null,
        livemode boolean not null,
        year int not null,
        seq int not null,
        issued_at timestamptz not null,
        currency text not null,
        seller jsonb not null,
        buyer jsonb not null,
        lines jsonb not null,
        tax_buckets jsonb not null,
        net_minor bigint not null,
        tax_minor bigint not null,
        gross_minor bigint not null,
        rounding_minor bigint not null,
        amount_due_minor bigint not null,
        note text not null,
        unique (driver_id, livemode, year, seq)
      );
      create trigger self_billed_invoices_immutable before update or delete on self_billed_invoices
        for each row execute function finance_refuse_change();
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table self_billed_invoices; drop table self_billing_series; drop table chauffeur_billing_identities;');
  }
}
