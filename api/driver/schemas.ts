import { z } from 'zod';
import type { FleetUnit } from '../../db/entities';
import { ALLOCATION_ACCEPT_SECONDS } from '../../domain/allocation';
import { compliance } from '../../domain/compliance';

/** How far ahead of the hub's clock a position's `recorded_at` may be (phone clocks drift). */
export const CLOCK_SKEW_SECONDS = 30;

export const DriverUnit = z
  .object({
    unit_id: z.string().meta({ example: 'unit_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    dispatch_state: z.enum(['offline', 'available', 'assigned', 'on_trip']),
    booking_id: z.string().nullable().meta({ description: 'The ride the unit holds, if any.' }),
    accept_by: z
      .string()
      .nullable()
      .meta({
        description: `While the ride awaits the driver's answer: accept (or decline) it before this time, ${ALLOCATION_ACCEPT_SECONDS} s after the allocation, or it goes to the next unit and this one offline. Null otherwise.`,
        example: '2026-11-24T08:02:00.000Z',
      }),
    compliance: z.enum(['compliant', 'expiring', 'lapsed']),
    vehicle: z.object({ make: z.string(), model: z.string(), plate: z.string() }),
    chauffeur: z.object({ name: z.string() }),
    position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
  })
  .meta({ id: 'DriverUnit' });

export function driverUnitView(u: FleetUnit, now = new Date(), acceptBy: string | null = null): z.infer<typeof DriverUnit> {
  return {
    unit_id: u.id,
    dispatch_state: u.dispatchState,
    booking_id: u.bookingId ?? null,
    accept_by: acceptBy,
    compliance: compliance(u.documents, now).state,
    vehicle: { make: u.vehicle.make, model: u.vehicle.model, plate: u.vehicle.plate },
    chauffeur: { name: u.chauffeur.name },
    position:
      u.positionLat != null && u.positionLng != null && u.positionAt
        ? { lat: u.positionLat, lng: u.positionLng, at: u.positionAt.toISOString() }
        : null,
  };
}
