import { z, type ZodType } from 'zod';
import type { Booking } from '../../db/entities';
import { drivingMinutes } from '../../domain/eta';
import type { RideProgress } from '../../domain/sandbox';
import { loadUnit, reportDriverProgress, requireAllocatedRide } from '../../app/driver';
import type { ApiDeps } from '../deps';
import { ProblemError, type ProblemCode } from '../errors';
import { defineOperation } from '../operation';
import { BookingId } from '../wire-schemas';
import { updateIdOf } from '../middleware/idempotency';

const RideParams = z.object({ id: BookingId });

export const RideProgressResult = z
  .object({
    booking_id: z.string().meta({ example: 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x' }),
    status: z
      .enum(['confirmed', 'assigned', 'on_the_way', 'arrived', 'on_board', 'completed', 'cancelled', 'no_show', 'no_driver_available'])
      .meta({ description: "The ride's status after the report (docs/booking-lifecycle.md)." }),
  })
  .meta({ id: 'DriverRideProgressResult' });

const ERRORS: ProblemCode[] = [
  'invalid_driver_credential',
  'not_found',
  'ride_progress_refused',
  'invalid_json',
  'unsupported_media_type',
  'validation_failed',
  'rate_limited',
  'service_unavailable',
];

function rideOperation<B>(spec: {
  operationId: string;
  path: string;
  summary: string;
  description: string;
  body?: ZodType<B>;
  bodyExample?: unknown;
  progress: (input: { body: B; booking: Booking; deps: ApiDeps; unitId: string }) => Promise<RideProgress> | RideProgress;
}) {
  return defineOperation({
    operationId: spec.operationId,
    method: 'post',
    path: `/driver/v1/rides/:id/${spec.path}`,
    summary: spec.summary,
    description: spec.description,
    tags: ['Driver app'],
    security: { kind: 'driver' },
    // A driver app on a flaky network retries: with the same Idempotency-Key it gets the first answer (say, the
    // `completed` it never saw), not a 409 from a ride that has moved on.
    idempotent: true,
    request: { params: RideParams, ...(spec.body ? { body: spec.body, bodyExample: spec.bodyExample } : {}) },
    responses: { 200: { description: "The report is recorded; the ride's status now.", schema: RideProgressResult } },
    errors: ERRORS,
    async handler({ params, body, principal, deps, ctx }) {
      const booking = await requireAllocatedRide(deps.orm, params.id, principal.ownerId);
      const progress = await spec.progress({ body: body as B, booking, deps, unitId: principal.ownerId });
      const { status } = await reportDriverProgress(deps.temporal, booking, progress, updateIdOf(ctx, principal, spec.operationId));
      return { status: 200 as const, body: { booking_id: booking.id, status } };
    },
  });
}

const AllocationAnswer = z
  .object({
    answer: z.enum(['accept', 'decline']).meta({ description: '`accept` the ride, or `decline` it (dispatch moves to the next unit).' }),
  })
  .strict()
  .meta({ id: 'DriverAllocationAnswer' });

export const answerDriverAllocation = rideOperation({
  operationId: 'answerDriverAllocation',
  path: 'allocation',
  summary: 'Accept or decline an allocated ride',
  description:
    'Answers the allocation dispatch made to this unit. It must come within the answer time limit (docs/live-dispatch.md, 2 minutes); ' +
    'after it, or after a decline, the ride goes to the next unit and this one can no longer answer (409).',
  body: AllocationAnswer,
  bodyExample: { answer: 'accept' },
  progress: ({ body, unitId }) => ({ kind: body.answer === 'accept' ? 'accepted' : 'declined', unit_id: unitId }),
});

const OnTheWay = z
  .object({
    eta_minutes: z
      .number()
      .int()
      .min(0)
      .max(600)
      .optional()
      .meta({ description: "Minutes to the pickup; when absent, from the unit's latest position and the speed model." }),
  })
  .strict()
  .meta({ id: 'DriverOnTheWay' });

export const reportDriverOnTheWay = rideOperation({
  operationId: 'reportDriverOnTheWay',
  path: 'on-the-way',
  summary: 'On the way to the pickup',
  description: 'The driver sets off (after accepting), or revises the ETA while on the way. Sends `driver.on_the_way` with the ETA.',
  body: OnTheWay,
  bodyExample: { eta_minutes: 12 },
  async progress({ body, booking, deps, unitId }) {
    if (body.eta_minutes !== undefined) return { kind: 'on_the_way', eta_minutes: body.eta_minutes };
    const unit = await loadUnit(deps.orm, unitId);
    if (unit.positionLat == null || unit.positionLng == null) {
      throw new ProblemError('validation_failed', {
        detail: '1 field failed validation.',
        param: 'eta_minutes',
        errors: [{ param: 'eta_minutes', code: 'required', detail: 'eta_minutes is required while the unit has reported no position' }],
      });
    }
    return { kind: 'on_the_way', eta_minutes: drivingMinutes({ lat: unit.positionLat, lng: unit.positionLng }, booking.pickup) };
  },
});

export const reportDriverArrived = rideOperation({
  operationId: 'reportDriverArrived',
  path: 'arrived',
  summary: 'Arrived at the pickup',
  description: "The driver is at the pickup: `driver.arrived`; the passenger's no-show wait starts (docs/booking-lifecycle.md).",
  progress: () => ({ kind: 'arrived' }),
});

export const reportPassengerOnBoard = rideOperation({
  operationId: 'reportPassengerOnBoard',
  path: 'on-board',
  summary: 'Passenger on board',
  description: 'The passenger is on board and the trip starts: `trip.started`; the unit is `on_trip`.',
  progress: () => ({ kind: 'on_board' }),
});

const Completed = z
  .object({
    distance_km: z.number().min(0).max(2000).meta({ description: 'Distance actually driven, km.', example: 31.4 }),
    duration_min: z.number().int().min(0).max(1440).meta({ description: 'Trip time actually driven, whole minutes.', example: 44 }),
  })
  .strict()
  .meta({ id: 'DriverTripCompleted' });

export const reportTripCompleted = rideOperation({
  operationId: 'reportTripCompleted',
  path: 'completed',
  summary: 'Trip completed',
  description:
    'The trip ends at the drop-off with the actual distance and time: `trip.completed` with the receipt; the unit is free again.',
  body: Completed,
  bodyExample: { distance_km: 31.4, duration_min: 44 },
  progress: ({ body }) => ({ kind: 'completed', distance_km: body.distance_km, duration_min: body.duration_min }),
});

export const reportPassengerNoShow = rideOperation({
  operationId: 'reportPassengerNoShow',
  path: 'no-show',
  summary: 'Passenger did not show',
  description:
    'The passenger did not come: `trip.cancelled` (`passenger_no_show`, the whole fare). Only once the no-show wait is over; before that the 409 says until when.',
  progress: () => ({ kind: 'no_show' }),
});
