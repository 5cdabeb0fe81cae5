import { z } from 'zod';
import { BOOKING_STATUSES } from '../../domain/booking-lifecycle';
import { partnerBookingStatusView } from '../../domain/partner-wire';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { findOwnBooking } from './own-booking';
import { BookingId } from '../wire-schemas';

export const BookingStatusView = z
  .object({
    id: z.string().meta({ example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    status: z.enum(BOOKING_STATUSES).meta({ example: 'on_the_way', description: 'See docs/booking-lifecycle.md.' }),
    eta_minutes: z.number().int().nullable().meta({ description: "Driver's ETA to the pickup while on the way.", example: 4 }),
    driver: z
      .object({
        name: z.string().meta({ example: 'Camille Martin' }),
        phone: z.string().meta({ example: '+33600000001' }),
        rating: z.number().meta({ example: 4.9 }),
      })
      .nullable()
      .meta({ description: 'Null until a driver is assigned.' }),
    vehicle: z
      .object({
        make: z.string().meta({ example: 'Mercedes-Benz' }),
        model: z.string().meta({ example: 'E-Class' }),
        plate: z.string().meta({ example: 'SB-042-XZ' }),
        lat: z.number().nullable().meta({ description: 'Current position of the car; null until it reports one.', example: 48.9 }),
        lng: z.number().nullable().meta({ example: 2.45 }),
      })
      .nullable()
      .meta({ description: 'Null until a driver is assigned.' }),
    updated_at: z.string().meta({ description: 'When the booking last changed (ISO 8601 UTC).' }),
  })
  .meta({ id: 'BookingStatus' });

export const getBookingStatus = defineOperation({
  operationId: 'getBookingStatus',
  method: 'get',
  path: '/v1/booking-status',
  summary: 'Live status of one booking',
  description:
    "Status, ETA, driver and the car's latest position, from the read model (kept current by the booking workflow at every step and every GPS position). A booking of another partner, or of the other environment, answers 404.",
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.read' },
  request: {
    query: z.object({ id: BookingId.meta({ description: 'The booking id (bkg_…).', example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }) }).strict(),
  },
  responses: { 200: { description: 'The live status.', schema: BookingStatusView } },
  errors: ['unauthorized', 'invalid_token', 'insufficient_scope', 'ip_not_allowed', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ query, principal, deps }) {
    const booking = await findOwnBooking(deps.orm, principal, query.id);
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${query.id}.`, param: 'query.id' });
    return { status: 200, body: partnerBookingStatusView({ ...booking, fare: booking.fare as never }) };
  },
});
