import { Migration } from '@mikro-orm/migrations';

/**
 * The booking read model gains `accepted_at` (when the chauffeur accepted the allocation; the allocation time when
 * none was asked, as for a sandbox ride's simulated chauffeur) and `eta_at` (when the car is expected: the time an
 * ETA was reported plus its minutes), which the public single read shows as its allocation. Existing rows: sandbox
 * allocations count as accepted when made, and a reported ETA is dated from the row's last update.
 *
 * The public event log (`GET /api/public/v1/events`) reads `public_events` oldest first by id, an account's own
 * (corporate) or an environment's all (operator): one index for each.
 */
export class Migration20261125010000_allocation_times_and_event_log extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table bookings add column accepted_at timestamptz, add column eta_at timestamptz;
      update bookings set accepted_at = assigned_at where environment = 'sandbox' and assigned_at is not null;
      update bookings set eta_at = updated_at + make_interval(mins => eta_minutes) where eta_minutes is not null;
      create index public_events_account_log on public_events (account_id, environment, id);
      create index public_events_environment_log on public_events (environment, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index public_events_environment_log;
      drop index public_events_account_log;
      alter table bookings drop column eta_at, drop column accepted_at;
    `);
  }
}
