import { z } from 'zod';
import { createBooking as createBookingIn } from '../../app/bookings';
import { checkAddressesMatchCoordinates } from '../../app/places';
import { bookingWorkflowId } from '../../contracts/booking';
import { partnerBookingView } from '../../domain/partner-wire';
import { tripIssues } from '../../domain/booking-horizon';
import { trackingUrl } from '../../infra/passenger-links';
import { bindWorkflow } from '../middleware/request-context';
import { defineOperation } from '../operation';
import { sandboxScenarioFor, SandboxScenarioHeaders } from './sandbox-scenario';
import { Booking } from './schemas';
import { CurrencyCode, documentClassLimits, Dropoff, Passenger, Pickup, QuoteId, VehicleClass } from '../wire-schemas';

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
    quote_id: QuoteId.optional().meta({
      description:
        'Book a quote from GET /v1/quotes: the booking keeps its fare, currency and cancellation policy. Route, pickup time and vehicle class must match the quote.',
    }),
    currency: CurrencyCode.optional().meta({ description: "ISO 4217. Default EUR, or the quote's currency with `quote_id`." }),
    commission_pct: z.number().min(0).max(100).multipleOf(0.01).default(0).meta({
      deprecated: true,
      description:
        'Ignored: your commission is the rate of your contract with us, taken on the net fare and shown in `fare.commission` (docs/finance.md). Still checked, so a malformed value is reported.',
    }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const paths = { pax: ['passenger', 'pax'], luggage: ['passenger', 'luggage'], pickup_at: ['pickup', 'datetime'] };
    const trip = { vehicleClass: b.vehicle_class, pax: b.passenger.pax, luggage: b.passenger.luggage, pickupAt: b.pickup.datetime };
    for (const issue of tripIssues(trip)) ctx.addIssue({ code: 'custom', path: paths[issue.field], message: issue.message });
  })
  .meta({ id: 'CreateBookingRequest', override: documentClassLimits('passenger') });

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
};

export const createBooking = defineOperation({
  operationId: 'createBooking',
  method: 'post',
  path: '/v1/bookings',
  summary: 'Create a booking',
  description:
    'Prices the ride (or takes the price of its `quote_id`), writes the booking and starts its workflow `booking:<id>`, and answers at once with the booking `confirmed`: it does not wait for the workflow, whose events follow as webhooks. Send an `Idempotency-Key` to retry safely: the first response is replayed for 24 hours.',
  tags: ['Bookings'],
  security: { kind: 'partner', scope: 'bookings.write' },
  idempotent: 'in-handler',
  request: { body: CreateBookingRequest, bodyExample: EXAMPLE, headers: SandboxScenarioHeaders },
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
    'address_far_from_coordinates',
    'not_found',
    'quote_expired',
    'quote_used',
    'rate_limited',
    'ride_budget_exceeded',
    'hub_behind',
  ],
  async handler({ body, headers, principal, deps, ctx }) {
    const record = await createBookingIn(deps, {
      owner: {
        partnerId: principal.ownerId,
        accountId: principal.accountId ?? null,
        livemode: principal.livemode,
        commission: principal.commission,
      },
      request: body,
      quoteId: body.quote_id,
      sandboxScenario: sandboxScenarioFor(headers, principal.livemode),
      idempotency: ctx.state.idempotency,
      onBookingId: (id) => bindWorkflow(ctx, bookingWorkflowId(id)),
      check: () =>
        checkAddressesMatchCoordinates(
          deps.geocoder,
          [
            { param: 'pickup.address', ...body.pickup },
            { param: 'dropoff.address', ...body.dropoff },
          ],
          deps.logger,
        ),
    });
    const tracking = trackingUrl(deps.publicBaseUrl, deps.encryptionKey, record);
    const view = partnerBookingView({ ...record, status: 'confirmed', updatedAt: record.createdAt, trackingUrl: tracking });
    return { status: 201, body: view, headers: { Location: `${deps.publicBaseUrl}/v1/bookings/${record.id}` } };
  },
});
