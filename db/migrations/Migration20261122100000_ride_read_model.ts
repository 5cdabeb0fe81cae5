import { Migration } from '@mikro-orm/migrations';

/**
 * The ride side of the booking read model, shared by the partner lifecycle, live dispatch and the tracking page:
 * who drives, where the car is, when each step happened, how it ended. Every change of status or position notifies
 * `booking_changed` with the booking id, so any API process can push it to a live stream (LISTEN/NOTIFY).
 * Also links a partner to the integrator account that sees its bookings through the Public Integration API.
 */
export class Migration20261122100000_ride_read_model extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table bookings
        add column unit_id text,
        add column driver jsonb,
        add column vehicle jsonb,
        add column assigned_at timestamptz,
        add column on_the_way_at timestamptz,
        add column arrived_at timestamptz,
        add column started_at timestamptz,
        add column completed_at timestamptz,
        add column ended_at timestamptz,
        add column position_lat double precision,
        add column position_lng double precision,
        add column position_at timestamptz,
        add column eta_minutes integer,
        add column cancellation jsonb,
        add column trip jsonb;
      alter table partners add column account_id text references integrator_accounts(id);

      create function notify_booking_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT'
           or new.status is distinct from old.status
           or new.position_at is distinct from old.position_at
           or new.eta_minutes is distinct from old.eta_minutes
           or new.driver is distinct from old.driver then
          perform pg_notify('booking_changed', new.id);
        end if;
        return null;
      end $$;
      create trigger bookings_notify_changed after insert or update on bookings
        for each row execute function notify_booking_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger bookings_notify_changed on bookings;
      drop function notify_booking_changed();
      alter table partners drop column account_id;
      alter table bookings
        drop column unit_id, drop column driver, drop column vehicle, drop column assigned_at, drop column on_the_way_at,
        drop column arrived_at, drop column started_at, drop column completed_at, drop column ended_at,
        drop column position_lat, drop column position_lng, drop column position_at, drop column eta_minutes,
        drop column cancellation, drop column trip;
    `);
  }
}
