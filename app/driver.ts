import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { bookingWorkflowId, reportPosition, reportRideProgress } from '../contracts/booking';
import { recordUnitPosition } from '../db/positions';
import { BookingSchema, FleetUnitSchema, type Booking, type FleetUnit } from '../db/entities';
import { ALLOCATION_ACCEPT_SECONDS } from '../domain/allocation';
import { isTerminal, type BookingStatus } from '../domain/booking-lifecycle';
import { compliance } from '../domain/compliance';
import type { RideProgress } from '../domain/sandbox';
import type { Logger } from '../infra/logger';
import type { PositionSignals } from './position-signals';
import { ProblemError } from './problems';
import { retryingRacedUpdate } from './workflow-updates';

/** The driver app's own unit. A unit is never deleted, so a valid credential without one is a race: refused as invalid. */
export async function loadUnit(orm: MikroORM, unitId: string): Promise<FleetUnit> {
  const unit = await orm.em.fork().findOne(FleetUnitSchema, { id: unitId });
  if (!unit) throw new ProblemError('invalid_driver_credential', { detail: 'The unit of this credential no longer exists.' });
  return unit;
}

/** When the unit's allocated ride must be answered by, if it awaits the driver's answer (the read model's allocation). */
export async function acceptDeadline(orm: MikroORM, unit: FleetUnit): Promise<string | null> {
  if (!unit.bookingId || unit.dispatchState !== 'assigned') return null;
  const ride = await orm.em
    .fork()
    .findOne(BookingSchema, { id: unit.bookingId }, { fields: ['status', 'assignedAt', 'acceptedAt', 'unitId'] });
  if (!ride || ride.status !== 'assigned' || ride.unitId !== unit.id || ride.acceptedAt || !ride.assignedAt) return null;
  return new Date(ride.assignedAt.getTime() + ALLOCATION_ACCEPT_SECONDS * 1000).toISOString();
}

/**
 * The check every ride-progress call of the driver app makes before it reaches the booking workflow: a live ride
 * allocated to the calling unit (`bookings.unit_id`). Any other ride answers 404 as an unknown id does, so that a unit
 * cannot learn which other rides exist. The workflow's Update validators then refuse what the lifecycle does not allow.
 */
export async function requireAllocatedRide(orm: MikroORM, bookingId: string, unitId: string): Promise<Booking> {
  const booking = await orm.em.fork().findOne(BookingSchema, { id: bookingId, environment: 'live', unitId });
  if (!booking) throw new ProblemError('not_found', { detail: `No live ride ${bookingId} allocated to this unit.`, param: 'id' });
  return booking;
}

/**
 * A driver's report on its ride: the booking workflow's `reportRideProgress` Update with actor `driver` (sent again
 * while the server refuses it as raced with a workflow task); its validator's refusal is `ride_progress_refused`
 * carrying the reason. `updateId` makes Temporal answer a duplicate with the first outcome instead of running it again.
 */
export async function reportDriverProgress(
  temporal: Client,
  booking: Booking,
  progress: RideProgress,
  updateId?: string,
): Promise<{ status: BookingStatus }> {
  try {
    const handle = temporal.workflow.getHandle(bookingWorkflowId(booking.id));
    const result = await retryingRacedUpdate(() =>
      handle.executeUpdate(reportRideProgress, { args: [{ ...progress, actor: 'driver' }], updateId }),
    );
    return { status: result.status };
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === 'TransitionRefused') {
      throw new ProblemError('ride_progress_refused', { detail: `The ride refused the report: ${err.cause.message}.` });
    }
    if (err instanceof WorkflowNotFoundError || isTerminal(booking.status as BookingStatus)) {
      throw new ProblemError('ride_progress_refused', { detail: `The ride is already ${booking.status}.` });
    }
    throw err;
  }
}

export interface PositionDeps {
  orm: MikroORM;
  temporal: Client;
  logger: Logger;
  positionSignals?: PositionSignals;
}

/**
 * A unit's GPS fix: lands in the read model (the unit's position and, while it drives a ride, the ride's position and
 * ETA), then — at most once per interval per ride — signals the booking workflow, which turns it into a coalesced
 * `gps.update`. An older fix than the latest known changes nothing; an offline unit's is refused (`conflict`).
 */
export async function reportUnitPosition(
  deps: PositionDeps,
  unitId: string,
  fix: { lat: number; lng: number; at: Date },
): Promise<{ applied: boolean; bookingId: string | null; etaMinutes: number | null }> {
  const outcome = await recordUnitPosition(deps.orm, unitId, fix);
  if (outcome.kind === 'unit_offline')
    throw new ProblemError('conflict', {
      detail: 'The unit is offline: go online (POST /driver/v1/availability) before reporting positions.',
    });
  if (outcome.kind === 'unknown_unit') await loadUnit(deps.orm, unitId);
  const recorded = outcome.kind === 'recorded' ? outcome : { applied: false, bookingId: null, etaMinutes: null };
  if (recorded.applied && recorded.bookingId && deps.positionSignals?.take(recorded.bookingId)) {
    // The workflow sends the then-latest position from the read model; a failure costs one event, not the fix.
    await deps.temporal.workflow
      .getHandle(bookingWorkflowId(recorded.bookingId))
      .signal(reportPosition, { lat: fix.lat, lng: fix.lng, eta_minutes: recorded.etaMinutes, recorded: true })
      .catch((err: unknown) => deps.logger.warn({ err, bookingId: recorded.bookingId }, 'position signal failed'));
  }
  return { applied: recorded.applied, bookingId: recorded.bookingId, etaMinutes: recorded.etaMinutes };
}

/**
 * Online makes an offline unit `available` (unless its compliance has lapsed); offline takes an available unit out
 * (not one holding a ride). Repeating the current choice changes nothing. Each change is conditional on the state it
 * starts from, so a concurrent allocation or a second tap cannot be overwritten. Answers the unit as it now is.
 */
export async function setUnitAvailability(
  orm: MikroORM,
  unitId: string,
  status: 'online' | 'offline',
  now = new Date(),
): Promise<FleetUnit> {
  const unit = await loadUnit(orm, unitId);
  const em = orm.em.fork();
  if (status === 'online') {
    if (unit.dispatchState !== 'offline') return unit;
    const c = compliance(unit.documents, now);
    if (c.state === 'lapsed') {
      const doc = c.next_lapse!;
      throw new ProblemError('conflict', {
        detail: doc.at
          ? `Compliance lapsed: ${doc.document} lapsed at ${doc.at}; the unit cannot go online until it is renewed.`
          : `Compliance lapsed: no ${doc.document} on file; the unit cannot go online until it is recorded.`,
      });
    }
    await em.nativeUpdate(FleetUnitSchema, { id: unit.id, dispatchState: 'offline' }, { dispatchState: 'available', updatedAt: now });
  } else {
    if (unit.dispatchState === 'offline') return unit;
    const changed = await em.nativeUpdate(
      FleetUnitSchema,
      { id: unit.id, dispatchState: 'available' },
      { dispatchState: 'offline', updatedAt: now },
    );
    if (!changed) {
      const current = await loadUnit(orm, unit.id);
      throw new ProblemError('conflict', {
        detail: `The unit holds the ride ${current.bookingId ?? '(unknown)'} (${current.dispatchState}); finish or hand it back before going offline.`,
      });
    }
  }
  return loadUnit(orm, unit.id);
}
