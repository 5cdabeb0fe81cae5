import { Migration } from '@mikro-orm/migrations';

/**
 * Partner batches parked by their shard's workflow (issue 49): a batch whose delivery activity failed the same way for
 * PARTNER_BATCH_PARK_AFTER_MS (domain/partner-batch-parking.ts) leaves the shard's queue with its events and its last
 * error here, so the shard goes on; `hub partner-deliveries replay <pkb_id>` hands the events back to their shards and
 * stamps `replayed_at`. `park_key` (the activity's run and id) makes a retried park write one row.
 */
export class Migration20261207130500_partner_parked_batches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table partner_parked_batches (
        id text primary key,
        park_key text not null unique,
        partner_id text not null,
        environment text not null,
        shard integer not null,
        events jsonb not null,
        reason text not null,
        tries integer not null,
        first_failed_at timestamptz not null,
        parked_at timestamptz not null default now(),
        replayed_at timestamptz
      );
      create index partner_parked_batches_waiting on partner_parked_batches (parked_at) where replayed_at is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table partner_parked_batches;`);
  }
}
