import { Migration } from '@mikro-orm/migrations';

/**
 * `bookings.workflow_started_at`: set by the booking workflow's first step, so that "did this booking's workflow ever
 * run?" is answered from a column every booking has, not from partner events (which integrator bookings never write).
 * A refused start deletes only a booking whose workflow never ran, and the unstarted-bookings sweep looks only at those.
 *
 * Rows from before: every one counts as started but a confirmed partner booking that has no event yet (the old rule,
 * exact for partner bookings); a public booking whose API process died before its start within the last hour is then
 * left to ops rather than risk restarting (or deleting) one that ran.
 */
export class Migration20261126040000_workflow_started extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table bookings add column workflow_started_at timestamptz;
      update bookings b set workflow_started_at = b.created_at
        where b.partner_id is null or b.status <> 'confirmed' or exists (select 1 from events e where e.booking_id = b.id);
      drop index bookings_unstarted;
      create index bookings_unstarted on bookings (created_at) where workflow_started_at is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bookings_unstarted;
      create index bookings_unstarted on bookings (created_at) where status = 'confirmed';
      alter table bookings drop column workflow_started_at;
    `);
  }
}
