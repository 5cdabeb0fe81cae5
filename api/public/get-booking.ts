import { z } from 'zod';
import { BookingSchema } from '../../db/entities';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { BookingRef, PublicBooking, publicBookingView } from './schemas';
import { bookingEnvironment } from '../auth/principal';

export const getPublicBooking = defineOperation({
  operationId: 'getPublicBooking',
  method: 'get',
  path: '/api/public/v1/bookings/:ref',
  summary: 'Retrieve one booking',
  description: "A booking of another account, or of the other environment than the key's, answers 404.",
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { params: z.object({ ref: BookingRef }) },
  responses: { 200: { description: 'The booking.', schema: PublicBooking } },
  errors: ['invalid_api_key', 'insufficient_scope', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, principal, deps }) {
    const booking = await deps.orm.em.fork().findOne(BookingSchema, {
      id: params.ref,
      accountId: principal.ownerId,
      environment: bookingEnvironment(principal.livemode),
    });
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    return { status: 200, body: publicBookingView(booking) };
  },
});
