import { ApplicationFailure, sleep, upsertMemo, upsertSearchAttributes } from '@temporalio/workflow';
import type { BookingChanges } from '../../activities/booking';
import { isTerminal, transitionRefusal, type BookingActor, type BookingStatus } from '../../domain/booking-lifecycle';
import { endingFee, type CancellationReason, type ServiceEndReason } from '../../domain/cancellation';
import type { PartnerEventType } from '../../domain/partner-wire';
import { BookingStatusKey } from '../../contracts/search-attributes';
import { nowIso, type BookingRun } from './run';
import { publish, record } from './write-queue';

export const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason, 'TransitionRefused');

/** The one place a status changes: lifecycle check, search attribute, memo, read model and the event. */
export async function changeStatus(
  run: BookingRun,
  to: BookingStatus,
  actor: BookingActor,
  changes: Omit<BookingChanges, 'at' | 'status'>,
  event: PartnerEventType | null,
) {
  const { state } = run;
  const refusal = transitionRefusal(state.status, to, actor);
  if (refusal) throw refuse(refusal);
  const changed = state.status !== to;
  state.status = to;
  upsertSearchAttributes([{ key: BookingStatusKey, value: to }]);
  upsertMemo({ status: to });
  const endedAt = isTerminal(to) ? nowIso() : undefined;
  if (endedAt) state.ride.endedAt = endedAt;
  void record(run, event, { ...changes, status: to, ...(endedAt ? { endedAt } : {}) });
  if (changed) publishStatus(run, to); // an ETA revision keeps the status: no public event
  await run.writes.tail;
}

/**
 * The integrator's side of a status change: `booking.status_changed` (`booking.cancelled` for a cancellation) to
 * the destinations of the account that sees the booking, after the read model holds the new status.
 */
export function publishStatus(run: BookingRun, status: BookingStatus) {
  publish(run, status === 'cancelled' ? 'booking.cancelled' : 'booking.status_changed', status);
}

/** Ends the ride before its trip (cancellation, no-show, no driver) with the fee the policy gives. */
export async function end(
  run: BookingRun,
  to: BookingStatus,
  actor: BookingActor,
  reason: CancellationReason | ServiceEndReason,
  note?: string,
) {
  const { booking, state } = run;
  const at = nowIso();
  const fee = endingFee({
    reason,
    policy: { free_until: booking.freeUntil, fee_after_minor: booking.lateCancellationFeeMinor },
    fareTotalMinor: booking.fare.total,
    at,
  });
  const cancellation = { reason_code: reason, cancelled_by: actor, cancelled_at: at, ...fee, ...(note ? { note } : {}) };
  const refusal = transitionRefusal(state.status, to, actor);
  if (refusal) throw refuse(refusal);
  state.cancellation = cancellation;
  await changeStatus(run, to, actor, { cancellation, etaMinutes: null }, 'trip.cancelled');
}

/** `freeCancellation` turns false at the end of the free window; the timer reads the window as it stands when it fires. */
export function timeFreeWindow({ state }: BookingRun): void {
  if (!state.freeCancellation) return;
  const windowMs = Date.parse(state.freeUntil) - Date.now();
  if (windowMs > 0) void sleep(windowMs).then(() => void (state.freeCancellation = Date.now() < Date.parse(state.freeUntil)));
  else state.freeCancellation = false;
}
