import { Migration } from '@mikro-orm/migrations';

/**
 * Cards as a finance team needs them (issue 39 item 6): a payment remembers that its payer asked to save the card (the
 * mandate is kept when that payment succeeds, one authentication for both); refunds the provider made without the hub
 * (its dashboard) and refunds that failed after they were made; disputes (chargebacks) of a payment, the invoice
 * `disputed` meanwhile and credited by a `chargeback` credit note when lost. The simulated PSP remembers which payment
 * set its card up for later off-session use.
 */
export class Migration20261128080000_card_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payments add column save_card boolean not null default false;

      alter table payment_refunds add column origin text not null default 'hub' check (origin in ('hub', 'provider')),
        add column failure_reason text,
        add column failed_at timestamptz;
      create unique index payment_refunds_provider_id on payment_refunds (provider_refund_id) where provider_refund_id is not null;

      create table payment_disputes (
        id text primary key,
        payment_id text not null references payments (id),
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        reason text not null,
        status text not null,
        credit_note_number text,
        created_at timestamptz not null default clock_timestamp(),
        updated_at timestamptz not null default clock_timestamp(),
        closed_at timestamptz
      );
      create index payment_disputes_payment on payment_disputes (payment_id);

      alter table finance_documents drop constraint finance_documents_status_check;
      alter table finance_documents add constraint finance_documents_status_check
        check (status in ('open', 'paid', 'disputed', 'void', 'uncollectible', 'issued'));
      alter table finance_documents drop constraint finance_documents_credit_reason;
      alter table finance_documents add constraint finance_documents_credit_reason
        check (type = 'invoice' or reason in ('refund', 'price_adjustment', 'cancellation', 'duplicate', 'chargeback'));

      alter table psp_sim_payments add column setup_future_usage boolean not null default false;
      alter table psp_sim_methods add column set_up_off_session boolean not null default false;
      alter table psp_sim_refunds add column status text not null default 'succeeded', add column failure_reason text;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table psp_sim_refunds drop column status, drop column failure_reason;
      alter table psp_sim_methods drop column set_up_off_session;
      alter table psp_sim_payments drop column setup_future_usage;
      alter table finance_documents drop constraint finance_documents_credit_reason;
      alter table finance_documents add constraint finance_documents_credit_reason
        check (type = 'invoice' or reason in ('refund', 'price_adjustment', 'cancellation', 'duplicate'));
      alter table finance_documents drop constraint finance_documents_status_check;
      alter table finance_documents add constraint finance_documents_status_check
        check (status in ('open', 'paid', 'void', 'uncollectible', 'issued'));
      drop table payment_disputes;
      drop index payment_refunds_provider_id;
      alter table payment_refunds drop column origin, drop column failure_reason, drop column failed_at;
      alter table payments drop column save_card;
    `);
  }
}
