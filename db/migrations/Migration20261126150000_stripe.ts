import { Migration } from '@mikro-orm/migrations';

/**
 * Stripe as the payment provider: the Customer each account has in each environment (made once, infra/payments/stripe.ts),
 * and every Stripe webhook event received, by its id, so a redelivered event is handled once.
 */
export class Migration20261126150000_stripe extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stripe_customers (
        account_id text not null,
        livemode boolean not null,
        customer_id text not null,
        created_at timestamptz not null default clock_timestamp(),
        primary key (account_id, livemode)
      );
      create table stripe_events (
        id text primary key,
        type text not null,
        provider_payment_id text,
        received_at timestamptz not null default clock_timestamp()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table stripe_events;
      drop table stripe_customers;
    `);
  }
}
