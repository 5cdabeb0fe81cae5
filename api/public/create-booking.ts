import { z } from 'zod';
import { createBooking } from '../../app/bookings';
import { bookingWorkflowId } from '../../contracts/booking';
import type { QuoteRecord } from '../../contracts/quote';
import { bindWorkflow } from '../middleware/request-context';
import { defineOperation } from '../operation';
import { multiLine } from '../request-text';
import { sandboxScenarioFor, SandboxScenarioHeaders } from '../partner/sandbox-scenario';
import { Passenger, QuoteId } from '../wire-schemas';
import { PublicBookingDetail } from './schemas';
import { publicBookingDetailView } from '../../domain/public-booking';
import { findVisibleBooking } from './visible-bookings';
import { PUBLIC_WRITE_ERRORS } from './write-errors';

const PublicPassenger = Passenger.pick({ name: true, phone: true, email: true })
  .strict()
  .meta({ id: 'PublicPassenger', description: 'Who rides; the number of passengers is the quote’s `pax`.' });

export const PublicBookingRequest = z
  .object({
    quote_id: QuoteId.meta({
      description: 'A quote from POST /api/public/v1/quotes: the booking keeps its trip, fare and cancellation policy.',
    }),
    passenger: PublicPassenger,
    flight_number: z
      .string()
      .regex(/^[A-Z0-9]{2}[0-9]{1,4}[A-Z]?$/, 'expected an IATA flight number such as AF1234')
      .optional()
      .meta({ description: 'The arriving flight of an airport pickup.', example: 'AF1234' }),
    notes: multiLine(z.string().min(1).max(500))
      .optional()
      .meta({ description: 'Notes for the chauffeur; may span lines.', example: 'Meet at gate 12 with a name board.' }),
    customer_reference: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Your own reference (cost centre, PO), echoed everywhere the booking appears.', example: 'CC-4711' }),
  })
  .strict()
  .meta({ id: 'PublicBookingRequest' });

const EXAMPLE = {
  quote_id: 'qt_01jd2k3m4n5p6q7r8s9t0v1w2x',
  passenger: { name: 'Ada Lovelace', phone: '+33612345678', email: 'ada@example.com' },
  flight_number: 'AF1234',
  notes: 'Meet at gate 12 with a name board.',
  customer_reference: 'CC-4711',
};

type Body = z.output<typeof PublicBookingRequest>;

/** The booking a public request makes of the quote it claims: the quote's trip, the request's passenger and references. */
const requestFromQuote = (body: Body) => (quote: QuoteRecord) => ({
  pickup: { ...quote.pickup, datetime: quote.pickupAt, ...(body.flight_number ? { flight_number: body.flight_number } : {}) },
  dropoff: quote.dropoff,
  passenger: { ...body.passenger, pax: quote.pax, luggage: 0 },
  vehicle_class: quote.vehicleClass,
  commission_pct: 0,
  customer_reference: body.customer_reference,
  notes: body.notes,
});

export const createPublicBooking = defineOperation({
  operationId: 'createPublicBooking',
  method: 'post',
  path: '/api/public/v1/bookings',
  summary: 'Book a quote',
  description:
    'Books a quote of your account through the same booking path as the Partner API and starts the workflow `booking:<ref>`. ' +
    'An `Idempotency-Key` is required: a retry with the same key answers the same booking (replayed for 24 hours). ' +
    'A test key books a sandbox ride, which plays at once (`X-Sandbox-Scenario` chooses how, as on the Partner API sandbox); a live key books a live ride.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.write' },
  idempotent: 'in-handler',
  idempotencyKeyRequired: true,
  request: { body: PublicBookingRequest, bodyExample: EXAMPLE, headers: SandboxScenarioHeaders },
  responses: { 201: { description: 'The booking, confirmed.', schema: PublicBookingDetail } },
  errors: [
    ...PUBLIC_WRITE_ERRORS,
    'ride_budget_exceeded',
    'hub_behind',
    'bad_request',
    'idempotency_key_in_use',
    'idempotency_key_reused',
    'not_found',
    'quote_expired',
    'quote_used',
    'conflict',
  ],
  async handler({ body, headers, principal, deps, ctx }) {
    const record = await createBooking(deps, {
      owner: { partnerId: null, accountId: principal.ownerId, livemode: principal.livemode },
      request: requestFromQuote(body),
      quoteId: body.quote_id,
      sandboxScenario: sandboxScenarioFor(headers, principal.livemode),
      idempotency: ctx.state.idempotency,
      onBookingId: (id) => bindWorkflow(ctx, bookingWorkflowId(id)),
    });
    // The row is committed before the workflow starts: read it back in the shape every public read has.
    const booking = await findVisibleBooking(deps.orm, principal, record.id);
    return {
      status: 201,
      body: publicBookingDetailView(booking!, new Date()),
      headers: { Location: `${deps.publicBaseUrl}/api/public/v1/bookings/${record.id}` },
    };
  },
});
