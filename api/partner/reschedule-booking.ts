import { z } from 'zod';
import { requestReschedule } from '../../app/bookings';
import { partnerBookingView } from '../../domain/partner-wire';
import { receiptUrl, trackingUrl } from '../../infra/passenger-links';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { RescheduleRequest } from '../public/reschedule-booking';
import { findOwnBooking } from './own-booking';
import { Booking } from './schemas';
import { BookingId } from '../wire-schemas';
import { updateIdOf } from '../middleware/idempotency';

export const reschedulePartnerBooking = defineOperation({
  operationId: 'rescheduleBooking',
  idempotent: true,
  method: 'post',
  path: '/v1/bookings/:id/reschedule',
  summary: 'Move the pickup time',
  description:
    "Moves the pickup through the booking workflow, as the Public Integration API's reschedule does: allowed until `cancellation_policy.free_until` and never once the driver is on the way " +
    '(409 `reschedule_not_allowed` says why). The fare is priced again for the new time, the free window and its fee move with the pickup, an allocated driver who has not set off is released. ' +
    'Your webhook receives `booking.rescheduled` with `previous_pickup_at`, `pickup_at` and `cause`.',
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.write' },
  request: { params: z.object({ id: BookingId }), body: RescheduleRequest, bodyExample: { pickup_at: '2027-03-15T10:00:00Z' } },
  responses: { 200: { description: 'The booking at its new time.', schema: Booking } },
  errors: [
    'unauthorized',
    'invalid_token',
    'insufficient_scope',
    'ip_not_allowed',
    'invalid_json',
    'payload_too_large',
    'unsupported_media_type',
    'validation_failed',
    'not_found',
    'reschedule_not_allowed',
    'rate_limited',
    'service_unavailable',
    'hub_behind',
  ],
  async handler({ params, body, principal, deps, ctx }) {
    const find = () => findOwnBooking(deps.orm, principal, params.id);
    const booking = await find();
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.id}.`, param: 'id' });
    const move = { pickupAt: body.pickup_at, actor: 'partner' as const };
    deps.admission?.admit(booking, booking.environment, false);
    await requestReschedule(deps.temporal, booking, move, updateIdOf(ctx, principal, 'rescheduleBooking'));
    const now = (await find()) ?? booking;
    const links = {
      trackingUrl: trackingUrl(deps.publicBaseUrl, deps.encryptionKey, now),
      receiptUrl: receiptUrl(deps.publicBaseUrl, deps.encryptionKey, now),
    };
    return { status: 200, body: partnerBookingView({ ...now, fare: now.fare as never, ...links }) };
  },
});
