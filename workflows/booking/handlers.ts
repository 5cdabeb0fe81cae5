import { condition, setHandler } from '@temporalio/workflow';
import { transitionRefusal, type BookingActor } from '../../domain/booking-lifecycle';
import { isCancellationReason } from '../../domain/cancellation';
import {
  cancelBooking,
  getBookingState,
  rescheduleBooking,
  reportPosition,
  reportRideProgress,
  type CancelBookingResult,
} from '../../contracts/booking';
import { acceptPosition, applyProgress, progressRefusal } from './driver-side';
import { reschedule, rescheduleRefusalNow } from './reschedule';
import type { BookingRun } from './run';
import { end, refuse } from './status';

/** The customer side whose cancellation a repeated cancel answers again. */
const CUSTOMER_ACTORS: readonly BookingActor[] = ['partner', 'integrator', 'ops'];

function refuseIf(refusal: string | null): void {
  if (refusal) throw refuse(refusal);
}

/** The booking's messages (contracts/booking.ts). Updates wait until the first run has saved the booking. */
export function setBookingHandlers(run: BookingRun, saved: () => boolean): void {
  const { booking, state } = run;

  setHandler(getBookingState, () => state);

  const customerCancellation = (): CancelBookingResult | null =>
    state.status === 'cancelled' && state.cancellation && CUSTOMER_ACTORS.includes(state.cancellation.cancelled_by as BookingActor)
      ? { status: state.status, cancellation: state.cancellation }
      : null;

  setHandler(
    cancelBooking,
    async (input) => {
      await condition(saved);
      const first = customerCancellation();
      if (!first) await end(run, 'cancelled', input.actor, input.reason_code, input.note);
      await run.writes.tail;
      return customerCancellation()!;
    },
    {
      validator: (input) => {
        if (!isCancellationReason(input?.reason_code)) throw refuse(`unknown reason_code ${JSON.stringify(input?.reason_code)}`);
        if (!CUSTOMER_ACTORS.includes(input.actor))
          throw refuse(`cancelBooking is for partner, integrator or ops, not ${input.actor}; a driver reports driver_cancelled`);
        if (customerCancellation()) return; // a repeat: answered with the first cancellation
        const refusal = transitionRefusal(state.status, 'cancelled', input.actor);
        if (refusal) throw refuse(refusal);
      },
    },
  );

  setHandler(
    reportRideProgress,
    async (input) => {
      await condition(saved);
      refuseIf(progressRefusal(run, input));
      await applyProgress(run, input);
      await run.writes.tail;
      return { status: state.status, sequence: state.sequence };
    },
    {
      validator: (input) => refuseIf(progressRefusal(run, input)),
    },
  );

  setHandler(reportPosition, (p) => acceptPosition(run, p));

  setHandler(
    rescheduleBooking,
    async (input) => {
      await condition(saved);
      refuseIf(rescheduleRefusalNow(run, input));
      await reschedule(run, input);
      return { status: state.status, pickupAt: booking.pickupAt, freeUntil: booking.freeUntil, fare: booking.fare };
    },
    {
      validator: (input) => refuseIf(rescheduleRefusalNow(run, input)),
    },
  );
}
