import { z } from 'zod';
import { requestCancellation } from '../../app/bookings';
import { CANCELLATION_REASONS } from '../../domain/cancellation';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { BookingRef, PublicBookingDetail } from './schemas';
import { publicBookingDetailView } from '../../domain/public-booking';
import { findVisibleBooking } from './visible-bookings';
import { PUBLIC_WRITE_ERRORS } from './write-errors';
import { updateIdOf } from '../middleware/idempotency';
import { multiLine } from '../request-text';

export const PublicCancelRequest = z
  .object({
    reason: z.enum(CANCELLATION_REASONS, { error: () => `expected one of: ${CANCELLATION_REASONS.join(', ')}` }).meta({
      description: `Why you cancel: ${CANCELLATION_REASONS.map((r) => `\`${r}\``).join(', ')} (the Partner API's reason codes).`,
      example: 'passenger_request',
    }),
    note: multiLine(z.string().min(1).max(500))
      .optional()
      .meta({ description: 'Free text kept with the cancellation; may span lines.', example: 'Meeting moved.' }),
  })
  .strict()
  .meta({ id: 'PublicCancelRequest' });

export const cancelPublicBooking = defineOperation({
  operationId: 'cancelPublicBooking',
  idempotent: true,
  method: 'post',
  path: '/api/public/v1/bookings/:ref/cancel',
  summary: 'Cancel a booking',
  description:
    "Cancels through the booking workflow with the same free window and fee as the Partner API's `DELETE /v1/bookings/{id}`: free until `free_until`, then the policy's fee, " +
    'shown in `cancellation.fee`. Repeating a cancellation answers the first one. A ride that has ended (or whose trip has started) answers 409 `booking_not_cancellable`. ' +
    'Destinations subscribed to `booking.cancelled` receive it; a partner booking also tells its partner (`trip.cancelled`).',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.write' },
  request: {
    params: z.object({ ref: BookingRef }),
    body: PublicCancelRequest,
    bodyExample: { reason: 'passenger_request', note: 'Meeting moved.' },
  },
  responses: { 200: { description: 'The booking, cancelled.', schema: PublicBookingDetail } },
  errors: [...PUBLIC_WRITE_ERRORS, 'not_found', 'booking_not_cancellable'],
  async handler({ params, body, principal, deps, ctx }) {
    const find = () => findVisibleBooking(deps.orm, principal, params.ref);
    const booking = await find();
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    const cancellation = { reason_code: body.reason, note: body.note, actor: 'integrator' as const };
    await requestCancellation(deps.temporal, booking, find, cancellation, updateIdOf(ctx, principal, 'cancelPublicBooking'));
    // The workflow wrote the cancellation to the read model before answering the Update.
    return { status: 200, body: publicBookingDetailView((await find()) ?? booking, new Date()) };
  },
});
