import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { z } from 'zod';
import type { Booking } from '../../db/entities';
import { isTerminal, type BookingStatus } from '../../domain/booking-lifecycle';
import { CANCELLATION_REASONS, type CancellationRecord } from '../../domain/cancellation';
import { fromMinor } from '../../domain/money';
import { bookingWorkflowId, cancelBooking as cancelBookingUpdate } from '../../contracts/booking';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { findOwnBooking } from './own-booking';
import { BookingId, CancellationPolicy, FeeAmount } from './schemas';

/** Cancellations a repeated DELETE answers again: the customer side's, not the driver's or dispatch's. */
const CUSTOMER_SIDE = ['partner', 'integrator', 'ops'];

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

/** The customer's earlier cancellation, as the read model holds it. */
function earlierCancellation(booking: Booking): CancellationRecord | null {
  const c = booking.cancellation as CancellationRecord | null | undefined;
  return booking.status === 'cancelled' && c && CUSTOMER_SIDE.includes(c.cancelled_by) ? c : null;
}

const notCancellable = (detail: string) => new ProblemError('booking_not_cancellable', { detail });

export const cancelBooking = defineOperation({
  operationId: 'cancelBooking',
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
  async handler({ params, query, principal, deps }) {
    const find = () => findOwnBooking(deps.orm, principal, params.id);
    const booking = await find();
    if (!booking) throw new ProblemError('not_found', { detail: `No booking ${params.id}.`, param: 'id' });
    const earlier = earlierCancellation(booking);
    if (earlier) return { status: 200, body: answer(booking, earlier) };
    if (isTerminal(booking.status as BookingStatus)) throw notCancellable(`The booking is already ${booking.status}.`);

    try {
      const result = await deps.temporal.workflow
        .getHandle(bookingWorkflowId(booking.id))
        .executeUpdate(cancelBookingUpdate, { args: [{ reason_code: query.reason_code, actor: 'partner' }] });
      return { status: 200, body: answer(booking, result.cancellation) };
    } catch (err) {
      if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === 'TransitionRefused') {
        throw notCancellable(`The booking cannot be cancelled: ${err.cause.message}.`);
      }
      if (err instanceof WorkflowNotFoundError) {
        // The workflow ended between our read and the Update: the read model tells how.
        const now = await find();
        const c = now && earlierCancellation(now);
        if (now && c) return { status: 200, body: answer(now, c) };
        throw notCancellable(`The booking is already ${now?.status ?? 'finished'}.`);
      }
      throw err;
    }
  },
});
