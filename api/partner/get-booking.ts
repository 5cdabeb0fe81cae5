import { z } from 'zod';
import { partnerBookingView } from '../../domain/partner-wire';
import { ProblemError } from '../errors';
import { receiptUrl, trackingUrl } from '../../infra/passenger-links';
import { defineOperation } from '../operation';
import { findOwnBooking } from './own-booking';
import { Booking } from './schemas';
import { BookingId } from '../wire-schemas';

export const getBooking = defineOperation({
  operationId: 'getBooking',
  method: 'get',
  path: '/v1/bookings/:id',
  summary: 'Read one booking',
  description: 'From the read model. A booking of another partner, or of the other environment, answers 404.',
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.read' },
  request: { params: z.object({ id: BookingId }) },
  responses: { 200: { description: 'The booking.', schema: Booking } },
  errors: ['unauthorized', 'invalid_token', 'insufficient_scope', 'ip_not_allowed', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, principal, deps }) {
    const booking = await findOwnBooking(deps.orm, principal, params.id);
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.id}.`, param: 'id' });
    const tracking = trackingUrl(deps.publicBaseUrl, deps.encryptionKey, booking);
    const receipt = receiptUrl(deps.publicBaseUrl, deps.encryptionKey, booking);
    return {
      status: 200,
      body: partnerBookingView({ ...booking, fare: booking.fare as never, trackingUrl: tracking, receiptUrl: receipt }),
    };
  },
});
