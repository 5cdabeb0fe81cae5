import { Migration } from '@mikro-orm/migrations';

/**
 * Live dispatch: the fleet units (vehicle, chauffeur, compliance documents, dispatch state, latest position), the
 * driver app's credential (a peppered hash, like API keys) and the ride a unit currently holds.
 * `compliance_lapses_at` is the earliest moment one of the four documents lapses (null while one is missing), kept
 * by the code that writes `documents`, so lists and allocation filter on compliance in SQL.
 */
export class Migration20261122140000_fleet extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table fleet_units (
        id text primary key,
        market text not null,
        vehicle_class text not null,
        vehicle jsonb not null,
        chauffeur jsonb not null,
        documents jsonb not null default '{}',
        compliance_lapses_at timestamptz,
        dispatch_state text not null default 'offline'
          check (dispatch_state in ('offline', 'available', 'assigned', 'on_trip')),
        booking_id text references bookings(id),
        position_lat double precision,
        position_lng double precision,
        position_at timestamptz,
        driver_credential_id text unique,
        driver_credential_hash text,
        driver_credential_issued_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index fleet_units_plate on fleet_units ((vehicle->>'plate'));
      create unique index fleet_units_booking on fleet_units (booking_id) where booking_id is not null;
      create index fleet_units_dispatch on fleet_units (market, vehicle_class, dispatch_state);
      create index bookings_unit on bookings (unit_id) where unit_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index bookings_unit; drop table fleet_units;`);
  }
}
