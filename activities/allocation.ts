import type { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { claimUnit, ConcurrentAllocation, releaseUnit } from '../db/allocation';
import { BookingSchema, FleetUnitSchema, type BookingDriver, type BookingVehicle } from '../db/entities';
import { rankUnits } from '../domain/allocation';
import { distanceKm, drivingMinutes } from '../domain/eta';

export interface AllocationActivityDeps {
  orm: MikroORM;
}

export interface AllocatedUnit {
  unitId: string;
  driver: BookingDriver;
  vehicle: BookingVehicle;
  /** Straight-line distance from the unit's last position to the pickup, and the ETA it gives (null: no position yet). */
  distanceKm: number | null;
  etaMinutes: number | null;
}

/**
 * Allocation of live rides to fleet units. The claim is one conditional update (`… where dispatch_state =
 * 'available'`) in the same transaction as the booking's unit, driver and vehicle, so two bookings never hold the same
 * unit, and a unit whose compliance has lapsed is never claimed. Every activity is safe to retry.
 */
export function createAllocationActivities({ orm }: AllocationActivityDeps) {
  async function currentAllocation(bookingId: string): Promise<AllocatedUnit | null> {
    const em = orm.em.fork();
    const booking = await em.findOne(BookingSchema, { id: bookingId });
    if (!booking?.unitId || !booking.driver || !booking.vehicle) return null;
    const unit = await em.findOne(FleetUnitSchema, { id: booking.unitId, bookingId });
    if (!unit) return null;
    const position = unit.positionLat != null && unit.positionLng != null ? { lat: unit.positionLat, lng: unit.positionLng } : null;
    return {
      unitId: unit.id,
      driver: booking.driver,
      vehicle: booking.vehicle,
      distanceKm: position ? Math.round(distanceKm(position, booking.pickup) * 10) / 10 : null,
      etaMinutes: position ? drivingMinutes(position, booking.pickup) : null,
    };
  }

  return {
    /**
     * Claims the best unit for the booking (domain/allocation.ts: not lapsed, available, booked class, booking's market,
     * nearest to the pickup first), skipping `exclude` (units that declined or did not answer), and writes the unit,
     * driver and vehicle onto the booking with `assigned_at`. Null when no unit can take it now. The booking's status is
     * the workflow's to change. A retry after a claim returns the unit already claimed.
     */
    async allocateUnit(input: { bookingId: string; exclude?: string[] }): Promise<AllocatedUnit | null> {
      const already = await currentAllocation(input.bookingId);
      if (already) return already;
      const em = orm.em.fork();
      const booking = await em.findOneOrFail(BookingSchema, { id: input.bookingId });
      const now = new Date();
      const exclude = input.exclude ?? [];
      const candidates = await em.find(FleetUnitSchema, {
        market: booking.market,
        vehicleClass: booking.vehicleClass,
        dispatchState: 'available',
        complianceLapsesAt: { $gt: now },
        ...(exclude.length ? { id: { $nin: exclude } } : {}),
      });
      const ranked = rankUnits(
        candidates.map((u) => ({
          ...u,
          complianceLapsesAt: u.complianceLapsesAt ?? null,
          position: u.positionLat != null && u.positionLng != null ? { lat: u.positionLat, lng: u.positionLng } : null,
        })),
        { market: booking.market, vehicleClass: booking.vehicleClass, pickup: booking.pickup, exclude, now },
      );
      for (const candidate of ranked) {
        try {
          const claimed = await claimUnit(orm, booking.id, candidate.id);
          if (claimed) return (await currentAllocation(booking.id))!;
        } catch (err) {
          if (err instanceof ConcurrentAllocation || err instanceof UniqueConstraintViolationException || isUniqueViolation(err)) {
            return currentAllocation(booking.id);
          }
          throw err;
        }
      }
      return null;
    },

    /**
     * Frees the unit the booking holds: it becomes `available` again (or `offline`, e.g. when its driver did not answer).
     * `detach` also clears the unit, driver, vehicle, position and ETA from the booking (a decline or no answer, before
     * the next allocation); without it the booking keeps them (the ride ended). Returns false when the unit did not
     * hold this booking (already released: a retry).
     */
    async releaseUnit(input: { bookingId: string; unitId: string; detach: boolean; next?: 'available' | 'offline' }): Promise<boolean> {
      return releaseUnit(orm, input);
    },

    /** The passenger is on board: the unit goes from `assigned` to `on_trip`. False when it does not hold the booking. */
    async unitOnTrip(input: { bookingId: string; unitId: string }): Promise<boolean> {
      const changed = await orm.em
        .fork()
        .nativeUpdate(
          FleetUnitSchema,
          { id: input.unitId, bookingId: input.bookingId },
          { dispatchState: 'on_trip', updatedAt: new Date() },
        );
      return changed > 0;
    },
  };
}

/** The unique index on `fleet_units.booking_id`: another run claimed a unit for this booking first. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export type AllocationActivities = ReturnType<typeof createAllocationActivities>;
