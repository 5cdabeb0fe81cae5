import { z } from 'zod';
import { requestReschedule } from '../../app/bookings';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { Instant } from '../wire-schemas';
import { BookingRef, PublicBookingDetail } from './schemas';
import { publicBookingDetailView } from '../../domain/public-booking';
import { findVisibleBooking } from './visible-bookings';
import { PUBLIC_WRITE_ERRORS } from './write-errors';
import { updateIdOf } from '../middleware/idempotency';

export const RescheduleRequest = z
  .object({ pickup_at: Instant.meta({ description: 'The new pickup time, ISO 8601 with offset.', example: '2027-03-15T10:00:00Z' }) })
  .strict()
  .meta({ id: 'RescheduleRequest' });

export const reschedulePublicBooking = defineOperation({
  operationId: 'reschedulePublicBooking',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/bookings/:ref/reschedule',
  summary: 'Move the pickup time',
  description:
    'Moves the pickup through the booking workflow (its `rescheduleBooking` Update decides). Allowed until the free-cancellation window ends (`free_until`) and never once the chauffeur is on the way: ' +
    'otherwise 409 `reschedule_not_allowed` says why. The fare is priced again for the new time, the free window and its fee move with the pickup, and a chauffeur already allocated is released and the ride allocated again for the new time. ' +
    'Destinations subscribed to `booking.rescheduled` receive it (`cause: customer`). Asking for the time the booking already has changes nothing.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.write' },
  request: { params: z.object({ ref: BookingRef }), body: RescheduleRequest, bodyExample: { pickup_at: '2027-03-15T10:00:00Z' } },
  responses: { 200: { description: 'The booking at its new time.', schema: PublicBookingDetail } },
  errors: [...PUBLIC_WRITE_ERRORS, 'not_found', 'reschedule_not_allowed', 'hub_behind'],
  async handler({ params, body, principal, deps, ctx }) {
    const find = () => findVisibleBooking(deps.orm, principal, params.ref);
    const booking = await find();
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    const move = { pickupAt: body.pickup_at, actor: 'integrator' as const };
    deps.admission?.admit(booking, booking.environment, false);
    await requestReschedule(deps.temporal, booking, move, updateIdOf(ctx, principal, 'reschedulePublicBooking'));
    // The workflow wrote the new time to the read model before answering the Update.
    return { status: 200, body: publicBookingDetailView((await find()) ?? booking, new Date()) };
  },
});
