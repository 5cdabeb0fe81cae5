import type { MikroORM } from '@mikro-orm/postgresql';
import type { BookingDriver, BookingVehicle } from './entities';

/** The booking was allocated by another run meanwhile: the claim is undone. */
export class ConcurrentAllocation extends Error {}

/**
 * Claims the unit for the booking in one transaction: the unit only while it is available and compliant, then the
 * booking's unit, driver and vehicle (with `assigned_at`) only while it has none. False when the unit could not be
 * claimed; throws ConcurrentAllocation (claim undone) when the booking got a unit meanwhile.
 */
export async function claimUnit(orm: MikroORM, bookingId: string, unitId: string): Promise<boolean> {
  return orm.em.fork().transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const units: { id: string; vehicle: BookingVehicle; chauffeur: BookingDriver }[] = await connection.execute(
      `update fleet_units set dispatch_state = 'assigned', booking_id = ?, updated_at = now()
       where id = ? and dispatch_state = 'available' and compliance_lapses_at > now()
       returning id, vehicle, chauffeur`,
      [bookingId, unitId],
      'all',
      context,
    );
    const unit = units[0];
    if (!unit) return false;
    const driver: BookingDriver = {
      name: unit.chauffeur.name,
      phone: unit.chauffeur.phone,
      photo_url: unit.chauffeur.photo_url,
      licence_no: unit.chauffeur.licence_no,
      rating: unit.chauffeur.rating,
    };
    const vehicle: BookingVehicle = {
      make: unit.vehicle.make,
      model: unit.vehicle.model,
      year: unit.vehicle.year,
      color: unit.vehicle.color,
      plate: unit.vehicle.plate,
    };
    const rows: { id: string }[] = await connection.execute(
      `update bookings set unit_id = ?, driver = ?::jsonb, vehicle = ?::jsonb, assigned_at = now(), updated_at = now()
       where id = ? and unit_id is null returning id`,
      [unit.id, JSON.stringify(driver), JSON.stringify(vehicle), bookingId],
      'all',
      context,
    );
    if (!rows.length) throw new ConcurrentAllocation();
    return true;
  });
}

/**
 * Frees the unit the booking holds (to `next`, default `available`); `detach` also clears the unit, driver, vehicle,
 * position and ETA from the booking. False when the unit did not hold this booking.
 */
export async function releaseUnit(
  orm: MikroORM,
  input: { bookingId: string; unitId: string; detach: boolean; next?: 'available' | 'offline' },
): Promise<boolean> {
  return orm.em.fork().transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const units: unknown[] = await connection.execute(
      `update fleet_units set dispatch_state = ?, booking_id = null, updated_at = now() where id = ? and booking_id = ? returning id`,
      [input.next ?? 'available', input.unitId, input.bookingId],
      'all',
      context,
    );
    if (input.detach) {
      await connection.execute(
        `update bookings set unit_id = null, driver = null, vehicle = null, assigned_at = null, accepted_at = null,
           position_lat = null, position_lng = null, position_at = null, eta_minutes = null, eta_at = null, updated_at = now()
         where id = ? and unit_id = ?`,
        [input.bookingId, input.unitId],
        'all',
        context,
      );
    }
    return units.length > 0;
  });
}
