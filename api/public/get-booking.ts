import { z } from 'zod';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { BookingRef, PublicBookingDetail } from './schemas';
import { publicBookingDetailView } from '../../domain/public-booking';
import { findVisibleBooking } from './visible-bookings';
import { bookingItems } from './booking-search';

export const getPublicBooking = defineOperation({
  operationId: 'getPublicBooking',
  method: 'get',
  path: '/api/public/v1/bookings/:ref',
  summary: 'Retrieve one booking with its allocation',
  description:
    "A booking of the other environment than the key's answers 404, and so does another account's unless the key's account is an operator's. " +
    'A key with `passengers.read` sees the passenger (name, masked phone), and the read is recorded.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { params: z.object({ ref: BookingRef }) },
  responses: { 200: { description: 'The booking with its allocation.', schema: PublicBookingDetail } },
  errors: ['invalid_api_key', 'insufficient_scope', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ params, principal, deps }) {
    const booking = await findVisibleBooking(deps.orm, principal, params.ref);
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.ref}.`, param: 'ref' });
    const [item] = await bookingItems(deps, principal, [booking], 'getPublicBooking');
    return { status: 200, body: { ...publicBookingDetailView(booking, new Date()), ...item } };
  },
});
