import { randomBytes } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { z } from 'zod';
import { cancellationPolicy } from '../../domain/cancellation';
import { marketOf } from '../../domain/markets';
import { partnerBookingView } from '../../domain/partner-wire';
import { priceFare, VEHICLE_CLASSES, type VehicleClass as VehicleClassName } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import {
  BOOKINGS_TASK_QUEUE,
  bookingWorkflowId,
  confirmBooking,
  type BookingRecord,
  type BookingState,
} from '../../workflows/booking.contract';
import type { bookingWorkflow } from '../../workflows/booking';
import { BookingStatusKey, LiveModeKey, MarketKey, PartnerIdKey, PickupAtKey } from '../../workflows/search-attributes';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { Booking, CurrencyCode, Dropoff, Passenger, Pickup, VehicleClass } from './schemas';
import { bindWorkflow } from '../middleware/request-context';

const MAX_ADVANCE_MS = 366 * 24 * 3600 * 1000;
const PAST_TOLERANCE_MS = 5 * 60 * 1000;

export const CreateBookingRequest = z
  .object({
    external_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .meta({ description: 'Your own reference, echoed in responses and events.', example: 'OTA-2026-000123' }),
    pickup: Pickup,
    dropoff: Dropoff,
    passenger: Passenger,
    vehicle_class: VehicleClass,
    currency: CurrencyCode.default('EUR'),
    commission_pct: z
      .number()
      .min(0)
      .max(100)
      .multipleOf(0.01)
      .default(0)
      .meta({ description: 'Your commission, as a percentage of the fare total.' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const spec = VEHICLE_CLASSES[b.vehicle_class as VehicleClassName];
    if (spec && b.passenger.pax > spec.maxPassengers) {
      ctx.addIssue({
        code: 'custom',
        path: ['passenger', 'pax'],
        message: `${b.vehicle_class} seats at most ${spec.maxPassengers} passengers`,
      });
    }
    if (spec && b.passenger.luggage > spec.maxLuggage) {
      ctx.addIssue({
        code: 'custom',
        path: ['passenger', 'luggage'],
        message: `${b.vehicle_class} carries at most ${spec.maxLuggage} pieces`,
      });
    }
    const pickupAt = Date.parse(b.pickup.datetime);
    if (pickupAt < Date.now() - PAST_TOLERANCE_MS)
      ctx.addIssue({ code: 'custom', path: ['pickup', 'datetime'], message: 'pickup time is in the past' });
    if (pickupAt > Date.now() + MAX_ADVANCE_MS)
      ctx.addIssue({ code: 'custom', path: ['pickup', 'datetime'], message: 'pickup time is more than a year ahead' });
  })
  .meta({ id: 'CreateBookingRequest' });

export type CreateBookingBody = z.input<typeof CreateBookingRequest>;

const EXAMPLE = {
  external_id: 'OTA-2026-000123',
  pickup: {
    address: 'Paris Charles de Gaulle Airport, Terminal 2E',
    lat: 49.0097,
    lng: 2.5479,
    datetime: '2027-03-15T08:30:00Z',
    flight_number: 'AF1234',
  },
  dropoff: { address: '10 Place Vendôme, Paris', lat: 48.8674, lng: 2.3294 },
  passenger: { name: 'Ada Lovelace', phone: '+33612345678', email: 'ada@example.com', pax: 2, luggage: 2 },
  vehicle_class: 'executive',
  currency: 'EUR',
  commission_pct: 10,
};

/** Prices the ride and applies the cancellation policy: everything the booking workflow starts with. */
export function newBookingRecord(
  body: z.output<typeof CreateBookingRequest>,
  owner: { partnerId: string; livemode: boolean },
  now = new Date(),
  id = newId('bkg'),
): BookingRecord {
  const fare = priceFare({
    pickup: body.pickup,
    dropoff: body.dropoff,
    pickupAt: body.pickup.datetime,
    vehicleClass: body.vehicle_class,
    currency: body.currency,
    commissionPct: body.commission_pct,
  });
  const policy = cancellationPolicy({ createdAt: now, pickupAt: body.pickup.datetime, fareTotalMinor: fare.total });
  return {
    id,
    partnerId: owner.partnerId,
    environment: owner.livemode ? 'live' : 'sandbox',
    externalId: body.external_id ?? null,
    vehicleClass: body.vehicle_class,
    pickup: body.pickup,
    dropoff: body.dropoff,
    passenger: body.passenger,
    pickupAt: new Date(body.pickup.datetime).toISOString(),
    market: marketOf(body.pickup),
    currency: fare.currency,
    fare,
    commissionPct: body.commission_pct,
    freeUntil: policy.free_until,
    lateCancellationFeeMinor: policy.fee_after_minor,
    trackingToken: randomBytes(24).toString('base64url'),
    createdAt: now.toISOString(),
  };
}

export const createBooking = defineOperation({
  operationId: 'createBooking',
  method: 'post',
  path: '/v1/bookings',
  summary: 'Create a booking',
  description:
    'Prices the ride, starts its workflow `booking:<id>` and answers once the booking is confirmed. Send an `Idempotency-Key` to retry safely: the first response is replayed for 24 hours.',
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.write' },
  idempotent: true,
  request: { body: CreateBookingRequest, bodyExample: EXAMPLE },
  responses: { 201: { description: 'The booking, confirmed.', schema: Booking } },
  errors: [
    'service_unavailable',
    'bad_request',
    'conflict',
    'invalid_json',
    'unauthorized',
    'invalid_token',
    'insufficient_scope',
    'ip_not_allowed',
    'idempotency_key_in_use',
    'idempotency_key_reused',
    'payload_too_large',
    'unsupported_media_type',
    'validation_failed',
    'rate_limited',
  ],
  async handler({ body, principal, deps, ctx }) {
    // A retry of a create that failed after starting its workflow finds that booking instead of making a second one.
    const idempotency = ctx.state.idempotency;
    const record = newBookingRecord(
      body,
      { partnerId: principal.ownerId, livemode: principal.livemode },
      new Date(),
      idempotency?.recoveryPoint ?? undefined,
    );
    await idempotency?.saveRecoveryPoint(record.id);
    bindWorkflow(ctx, bookingWorkflowId(record.id));
    let state: BookingState;
    try {
      state = await deps.temporal.workflow.executeUpdateWithStart(confirmBooking, {
        startWorkflowOperation: new WithStartWorkflowOperation<typeof bookingWorkflow>('bookingWorkflow', {
          workflowId: bookingWorkflowId(record.id),
          taskQueue: BOOKINGS_TASK_QUEUE,
          args: [record],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: [
            { key: BookingStatusKey, value: 'pending' },
            { key: PartnerIdKey, value: record.partnerId },
            { key: MarketKey, value: record.market },
            { key: PickupAtKey, value: new Date(record.pickupAt) },
            { key: LiveModeKey, value: principal.livemode },
          ],
          memo: {
            externalId: record.externalId,
            route: `${body.pickup.address ?? `${body.pickup.lat},${body.pickup.lng}`} → ${body.dropoff.address ?? `${body.dropoff.lat},${body.dropoff.lng}`}`,
          },
        }),
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError)
        throw new ProblemError('conflict', { detail: 'The booking this Idempotency-Key created has already ended; send a new key.' });
      throw err;
    }
    const booking = state.booking;
    const view = partnerBookingView({ ...booking, status: state.status, updatedAt: booking.createdAt });
    return { status: 201, body: view, headers: { Location: `${deps.publicBaseUrl}/v1/bookings/${booking.id}` } };
  },
});
