import { Migration } from '@mikro-orm/migrations';

/**
 * The public-event outbox (issue 49). A change made outside a workflow (a chauffeur's bank account, a refund or dispute
 * the payment provider reports, a credit note, a bank statement's settled payouts) writes the event it causes here in
 * its own transaction; the `public-event:<dedupe key>` workflow that publishes it is started after the commit, and the
 * row deleted once it is. A row left behind (the process died, or Temporal did not answer, between the commit and the
 * start) is published by the API's housekeeping sweep (app/public-event-outbox.ts): so a row here is an event not yet
 * handed to Temporal, and the oldest one's age is a gauge.
 */
export class Migration20261207130000_public_event_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table public_event_outbox (
        dedupe_key text primary key,
        event jsonb not null,
        created_at timestamptz not null default now()
      );
      create index public_event_outbox_created on public_event_outbox (created_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table public_event_outbox;`);
  }
}
