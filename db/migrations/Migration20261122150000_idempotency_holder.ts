import { Migration } from '@mikro-orm/migrations';

/**
 * An idempotency claim names the PostgreSQL backend that holds it: the lifeline connection of the API process that
 * took it (`pg_backend_pid()` and its `backend_start`). When that process dies, PostgreSQL ends the backend and the
 * same request may take the claim over at once instead of after a wall-clock lease. Rows without a holder (taken
 * before this migration) keep the old five-minute lease.
 */
export class Migration20261122150000_idempotency_holder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table idempotency_keys add column holder_pid integer, add column holder_started timestamptz;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table idempotency_keys drop column holder_pid, drop column holder_started;`);
  }
}
