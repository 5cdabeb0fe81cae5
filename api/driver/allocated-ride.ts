import { BookingSchema, type Booking } from '../../db/entities';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';

/**
 * The check every ride-progress call of the driver app makes before it reaches the booking workflow: the ride exists
 * (404) and is allocated to the calling unit, `bookings.unit_id` (403 `not_allocated`). The workflow's Update
 * validators then refuse what the lifecycle does not allow.
 */
export async function requireAllocatedRide(deps: ApiDeps, bookingId: string, unitId: string): Promise<Booking> {
  const booking = await deps.orm.em.fork().findOne(BookingSchema, { id: bookingId, environment: 'live' });
  if (!booking) throw new ProblemError('not_found', { detail: `No live ride ${bookingId}.`, param: 'id' });
  if (booking.unitId !== unitId) {
    throw new ProblemError('not_allocated', { detail: `The ride ${bookingId} is not allocated to this unit.`, param: 'id' });
  }
  return booking;
}
