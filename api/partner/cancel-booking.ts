import { z } from 'zod';
import type { Booking } from '../../db/entities';
import { CANCELLATION_REASONS, type CancellationRecord } from '../../domain/cancellation';
import { fromMinor } from '../../domain/money';
import { requestCancellation } from '../../app/bookings';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { findOwnBooking } from './own-booking';
import { CancellationPolicy, FeeAmount } from './schemas';
import { BookingId } from '../wire-schemas';
import { updateIdOf } from '../middleware/idempotency';

const CancelQuery = z
  .object({
    reason_code: z.enum(CANCELLATION_REASONS, { error: () => `expected one of: ${CANCELLATION_REASONS.join(', ')}` }).meta({
      description: `Why you cancel: ${CANCELLATION_REASONS.map((r) => `\`${r}\``).join(', ')} (see docs/booking-lifecycle.md).`,
      example: 'passenger_request',
    }),
  })
  .strict();

export const CancellationResult = z
  .object({
    id: z.string().meta({ example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    external_id: z.string().nullable(),
    status: z.literal('cancelled'),
    reason_code: z.enum(CANCELLATION_REASONS),
    cancelled_by: z.string().meta({ example: 'partner' }),
    cancelled_at: z.string().meta({ example: '2027-03-14T10:00:00.000Z' }),
    cancellation_policy: CancellationPolicy,
    fee: FeeAmount,
    charged: z.boolean().meta({ description: 'false inside the free window (fee 0), true after it.' }),
  })
  .meta({ id: 'CancellationResult' });

function answer(booking: Booking, c: CancellationRecord) {
  return {
    id: booking.id,
    external_id: booking.externalId ?? null,
    status: 'cancelled' as const,
    reason_code: c.reason_code as (typeof CANCELLATION_REASONS)[number],
    cancelled_by: c.cancelled_by,
    cancelled_at: c.cancelled_at,
    cancellation_policy: {
      free_until: booking.freeUntil.toISOString(),
      fee_after: fromMinor(booking.lateCancellationFeeMinor, booking.currency),
      currency: booking.currency,
    },
    fee: { amount: fromMinor(c.fee_minor, booking.currency), currency: booking.currency },
    charged: c.charged,
  };
}

export const cancelPartnerBooking = defineOperation({
  operationId: 'cancelBooking',
  idempotent: true,
  method: 'delete',
  path: '/v1/bookings/:id',
  summary: 'Cancel a booking',
  description:
    "Cancels through the booking workflow, whose Update validator decides. Free until `cancellation_policy.free_until`, then the policy's fee; a ride that has ended (or whose trip has started) answers 409 `booking_not_cancellable`. Repeating a cancellation answers the first cancellation again (whatever `reason_code` it carries). The reason is a query parameter: a DELETE body has no defined meaning (RFC 9110 §9.3.5) and some clients and proxies drop it.",
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.write' },
  request: { params: z.object({ id: BookingId }), query: CancelQuery },
  responses: { 200: { description: 'The booking is cancelled; the fee, if any, is charged.', schema: CancellationResult } },
  errors: [
    'unauthorized',
    'invalid_token',
    'insufficient_scope',
    'ip_not_allowed',
    'not_found',
    'booking_not_cancellable',
    'validation_failed',
    'rate_limited',
    'service_unavailable',
  ],
  async handler({ params, query, principal, deps, ctx }) {
    const find = () => findOwnBooking(deps.orm, principal, params.id);
    const booking = await find();
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.id}.`, param: 'id' });
    const input = { reason_code: query.reason_code, actor: 'partner' as const };
    const cancellation = await requestCancellation(deps.temporal, booking, find, input, updateIdOf(ctx, principal, 'cancelBooking'));
    return { status: 200, body: answer(booking, cancellation) };
  },
});
