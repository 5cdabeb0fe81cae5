import { Migration } from '@mikro-orm/migrations';

/**
 * Payments of invoices by card: the hub's record of each payment (never a card number: the provider's payment id, the
 * card's brand, last four and expiry, the 3-D Secure result), its refunds, and an account's saved card (a mandate).
 * The `psp_sim_*` tables belong to the simulated PSP shipped for sandbox and tests, as a real PSP keeps its own books;
 * they hold no card number either, only what the test card number means.
 */
export class Migration20261126020000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payments (
        id text primary key,
        invoice_id text not null references finance_documents (id),
        invoice_number text not null,
        account_id text not null,
        livemode boolean not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        off_session boolean not null default false,
        status text not null check (status in ('processing', 'requires_action', 'succeeded', 'failed')),
        provider_payment_id text unique,
        payment_method text not null,
        method jsonb,
        three_ds jsonb,
        challenge_url text,
        reason text,
        refunded_minor bigint not null default 0 check (refunded_minor >= 0 and refunded_minor <= amount_minor),
        created_at timestamptz not null default clock_timestamp(),
        succeeded_at timestamptz,
        failed_at timestamptz
      );
      create unique index payments_one_success on payments (invoice_id) where status = 'succeeded';
      create unique index payments_one_in_flight on payments (invoice_id) where status in ('processing', 'requires_action');
      create unique index payments_one_collection on payments (invoice_id) where off_session;
      create index payments_list on payments (account_id, livemode, id desc);
      create index payments_list_all on payments (livemode, id desc);

      create table payment_refunds (
        id text primary key,
        payment_id text not null references payments (id),
        amount_minor bigint not null check (amount_minor > 0),
        reason text not null,
        status text not null check (status in ('pending', 'succeeded', 'failed')),
        provider_refund_id text,
        credit_note_number text,
        created_at timestamptz not null default clock_timestamp()
      );

      create table payment_mandates (
        account_id text not null,
        livemode boolean not null,
        payment_method text not null,
        method jsonb not null,
        accepted_at timestamptz not null default clock_timestamp(),
        primary key (account_id, livemode)
      );

      create table psp_sim_methods (
        id text primary key,
        behaviour text not null,
        card jsonb not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create table psp_sim_payments (
        id text primary key,
        idempotency_key text not null unique,
        method_id text not null references psp_sim_methods (id),
        amount_minor bigint not null,
        currency text not null,
        off_session boolean not null,
        status text not null,
        flow text,
        trans_status text,
        eci text,
        decline_code text,
        created_at timestamptz not null default clock_timestamp()
      );
      create table psp_sim_refunds (
        id text primary key,
        idempotency_key text not null unique,
        payment_id text not null references psp_sim_payments (id),
        amount_minor bigint not null,
        created_at timestamptz not null default clock_timestamp()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table psp_sim_refunds;
      drop table psp_sim_payments;
      drop table psp_sim_methods;
      drop table payment_mandates;
      drop table payment_refunds;
      drop table payments;
    `);
  }
}
