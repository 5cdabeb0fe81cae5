import { condition, patched } from '@temporalio/workflow';
import type { AllocatedUnit } from '../../activities/allocation';
import { ALLOCATION_ACCEPT_SECONDS, ALLOCATION_RETRY_SECONDS, stateAfterWithdrawal } from '../../domain/allocation';
import { driverSearchDeadline } from '../../domain/booking-lifecycle';
import type { ReportRideProgressInput } from '../../contracts/booking';
import { allocationActivities } from './activities';
import { applyRideReport } from './ride-progress';
import { nowIso, type BookingRun } from './run';
import { changeStatus, end } from './status';
import { record } from './write-queue';

const { allocateUnit, releaseUnit } = allocationActivities;

/** The allocated driver's answer. */
export type AllocationAnswer = Extract<ReportRideProgressInput, { kind: 'accepted' | 'declined' }>;

/**
 * Live dispatch: allocates the nearest compliant available unit of the class (activities/allocation.ts), looking
 * again every ALLOCATION_RETRY_SECONDS while nobody can take the ride, until pickup time plus the grace; then ends
 * `no_driver_available`, free. An ops `assigned` report meanwhile also ends the search.
 */
export async function allocateDriver(run: BookingRun, due: () => boolean): Promise<void> {
  const { booking, state } = run;
  const deadline = driverSearchDeadline(booking.pickupAt).getTime();
  while (state.status === 'confirmed' && state.dispatching && Date.now() < deadline && !due()) {
    const unit = await allocateUnit({ bookingId: booking.id, exclude: [...state.allocation.excluded] });
    if (unit && (state.status !== 'confirmed' || !state.dispatching)) {
      // The booking changed while the unit was claimed (a cancellation, a new pickup time): hand the unit back.
      await releaseUnit({ bookingId: booking.id, unitId: unit.unitId, detach: true, next: 'available' });
      return;
    }
    if (unit) return assignUnit(run, unit);
    const waitMs = Math.min(ALLOCATION_RETRY_SECONDS * 1000, deadline - Date.now());
    if (waitMs > 0) await condition(() => state.status !== 'confirmed' || !state.dispatching || due(), waitMs);
  }
  if (state.status === 'confirmed' && state.dispatching && Date.now() >= deadline)
    await end(run, 'no_driver_available', 'system', 'no_driver_available');
}

/** Puts an allocated unit on the booking: `assigned` by dispatch, `driver.assigned`; its driver must accept in time. */
async function assignUnit(run: BookingRun, unit: AllocatedUnit): Promise<void> {
  const { allocation } = run.state;
  allocation.pending = { unitId: unit.unitId, acceptBy: new Date(Date.now() + ALLOCATION_ACCEPT_SECONDS * 1000).toISOString() };
  allocation.accepted = false;
  await applyRideReport(run, { kind: 'assigned', driver: unit.driver, vehicle: unit.vehicle, unit_id: unit.unitId, actor: 'dispatch' });
}

/** Waits for the allocated driver's answer until the deadline; no answer withdraws the allocation. */
export async function awaitAcceptance(run: BookingRun, due: () => boolean): Promise<void> {
  const { state } = run;
  const pending = state.allocation.pending!;
  const leftMs = Date.parse(pending.acceptBy) - Date.now();
  if (leftMs > 0 && (await condition(() => state.allocation.pending !== pending || state.status !== 'assigned' || due(), leftMs))) return;
  if (state.allocation.pending === pending) await withdrawAllocation(run, 'no_answer');
}

export function answerRefusal({ state }: BookingRun, input: AllocationAnswer): string | null {
  if (!['driver', 'ops'].includes(input.actor)) return `only driver, ops may answer an allocation, not ${input.actor}`;
  const pending = state.allocation.pending;
  if (state.status !== 'assigned' || !pending || pending.unitId !== input.unit_id) {
    return state.allocation.accepted && state.ride.unitId === input.unit_id
      ? 'the allocation is already accepted'
      : 'no allocation of this unit awaits an answer (withdrawn after a decline or no answer in time, or never made)';
  }
  return null;
}

export async function applyAnswer(run: BookingRun, input: AllocationAnswer): Promise<void> {
  const at = nowIso();
  if (input.kind === 'declined') return withdrawAllocation(run, 'declined');
  run.state.allocation.pending = null;
  run.state.allocation.accepted = true;
  // The read model's accepted_at (public single read); histories from before it record no write here.
  if (patched('booking-records-accepted-at')) await record(run, null, { acceptedAt: at });
}

/**
 * The allocated driver declined or did not answer: the unit is released (declined: available; no answer: offline),
 * never tried again for this ride, and the booking is back to `confirmed` for the next allocation.
 */
async function withdrawAllocation(run: BookingRun, reason: 'declined' | 'no_answer'): Promise<void> {
  const { booking, state } = run;
  const pending = state.allocation.pending;
  if (!pending || state.status !== 'assigned') return;
  state.allocation.pending = null;
  state.allocation.excluded.push(pending.unitId);
  Object.assign(state.ride, { unitId: null, driver: null, vehicle: null, assignedAt: null, etaMinutes: null, position: null });
  await releaseUnit({ bookingId: booking.id, unitId: pending.unitId, detach: true, next: stateAfterWithdrawal(reason) });
  await changeStatus(run, 'confirmed', 'dispatch', { unitId: null, driver: null, vehicle: null, etaMinutes: null, acceptedAt: null }, null);
}

/** A rescheduled ride's chauffeur (not yet on the way) is released, free to take other rides; dispatch starts over. */
export async function handBackAllocation(run: BookingRun): Promise<void> {
  const { booking, state } = run;
  const unitId = state.ride.unitId;
  state.allocation = { excluded: state.allocation.excluded, pending: null, accepted: false };
  Object.assign(state.ride, { unitId: null, driver: null, vehicle: null, assignedAt: null, etaMinutes: null, position: null });
  if (unitId) await releaseUnit({ bookingId: booking.id, unitId, detach: true, next: 'available' });
  await changeStatus(run, 'confirmed', 'dispatch', { unitId: null, driver: null, vehicle: null, etaMinutes: null }, null);
}

/** Once the ride is over its unit is free again and keeps the ride's driver and vehicle on the booking. */
export async function releaseAfterRide({ booking, state }: BookingRun): Promise<void> {
  if (state.ride.unitId) await releaseUnit({ bookingId: booking.id, unitId: state.ride.unitId, detach: false, next: 'available' });
}
