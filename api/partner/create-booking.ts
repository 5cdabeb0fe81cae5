import { randomBytes } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { cancellationPolicy } from '../../domain/cancellation';
import { marketOf } from '../../domain/markets';
import { partnerBookingView } from '../../domain/partner-wire';
import { priceFare, VEHICLE_CLASSES, withCommission, type VehicleClass as VehicleClassName } from '../../domain/pricing';
import { bookingRow, recordFromRow } from '../../db/booking-rows';
import { BookingSchema } from '../../db/entities';
import { insertStatement, sqlOf } from '../../db/sql';
import { newId } from '../../infra/ids';
import { BOOKINGS_TASK_QUEUE, bookingWorkflowId, type BookingRecord } from '../../contracts/booking';
import type { bookingWorkflow } from '../../workflows/booking';
import type { QuoteRecord } from '../../contracts/quote';
import { BookingStatusKey, LiveModeKey, MarketKey, PartnerIdKey, PickupAtKey } from '../../contracts/search-attributes';
import { ProblemError } from '../errors';
import type { IdempotencyHandle } from '../middleware/idempotency';
import { bindWorkflow } from '../middleware/request-context';
import { defineOperation } from '../operation';
import { trackingUrl } from '../../infra/passenger-links';
import { claimQuoteFor } from './quote-claims';
import { sandboxScenarioFor, SandboxScenarioHeaders } from './sandbox-scenario';
import { Booking, CurrencyCode, Dropoff, Passenger, Pickup, QuoteId, VehicleClass } from './schemas';
import { bookingEnvironment } from '../auth/principal';

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
    quote_id: QuoteId.optional().meta({
      description:
        'Book a quote from GET /v1/quotes: the booking keeps its fare, currency and cancellation policy. Route, pickup time and vehicle class must match the quote.',
    }),
    currency: CurrencyCode.optional().meta({ description: "ISO 4217. Default EUR, or the quote's currency with `quote_id`." }),
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

/** Prices the ride (or takes the claimed quote's price) and applies the cancellation policy: the booking's record. */
export function newBookingRecord(
  body: z.output<typeof CreateBookingRequest>,
  owner: { partnerId: string; livemode: boolean },
  now = new Date(),
  id = newId('bkg'),
  quote?: QuoteRecord,
): BookingRecord {
  const fare = quote
    ? withCommission(quote.fare, body.commission_pct)
    : priceFare({
        pickup: body.pickup,
        dropoff: body.dropoff,
        pickupAt: body.pickup.datetime,
        vehicleClass: body.vehicle_class,
        currency: body.currency ?? 'EUR',
        commissionPct: body.commission_pct,
      });
  const policy = quote
    ? { free_until: quote.freeUntil, fee_after_minor: quote.lateCancellationFeeMinor }
    : cancellationPolicy({ createdAt: now, pickupAt: body.pickup.datetime, fareTotalMinor: fare.total });
  return {
    id,
    partnerId: owner.partnerId,
    environment: bookingEnvironment(owner.livemode),
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
    ...(quote ? { quoteId: quote.id } : {}),
  };
}

/**
 * The durable start of `booking:<id>` and nothing more: no update, no wait for a workflow task. Starting an id that
 * is already running attaches to it (a retry, the housekeeping sweep); an id whose workflow has ended is refused.
 */
export async function startBookingWorkflow(temporal: Client, record: BookingRecord): Promise<void> {
  await temporal.workflow.start<typeof bookingWorkflow>('bookingWorkflow', {
    workflowId: bookingWorkflowId(record.id),
    taskQueue: BOOKINGS_TASK_QUEUE,
    args: [record],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      { key: BookingStatusKey, value: 'confirmed' },
      { key: PartnerIdKey, value: record.partnerId },
      { key: MarketKey, value: record.market },
      { key: PickupAtKey, value: new Date(record.pickupAt) },
      { key: LiveModeKey, value: record.environment === 'live' },
    ],
    memo: {
      externalId: record.externalId,
      route: `${record.pickup.address ?? `${record.pickup.lat},${record.pickup.lng}`} → ${record.dropoff.address ?? `${record.dropoff.lat},${record.dropoff.lng}`}`,
      ...(record.quoteId ? { quoteId: record.quoteId } : {}),
    },
  });
}

const EXTERNAL_ID_INDEX = 'bookings_external_id_unique';

/** The query builder passes PostgreSQL's own error through; the ORM wraps it in its exception class elsewhere. */
function isExternalIdViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return (
    (e?.code === '23505' && e.constraint === EXTERNAL_ID_INDEX) ||
    (err instanceof UniqueConstraintViolationException && err.message.includes(EXTERNAL_ID_INDEX))
  );
}

type ExternalIdOwner = Pick<BookingRecord, 'id' | 'partnerId' | 'environment' | 'externalId'>;

async function externalIdHolder(em: EntityManager, record: ExternalIdOwner): Promise<string | null> {
  if (record.externalId === null) return null;
  const [holder] = await em.execute<{ id: string }[]>(
    `select id from bookings where partner_id = ? and environment = ? and external_id = ?`,
    [record.partnerId, record.environment, record.externalId],
  );
  return holder && holder.id !== record.id ? holder.id : null;
}

function externalIdTaken(externalId: string, holder: string): ProblemError {
  return new ProblemError('conflict', {
    detail: `external_id ${JSON.stringify(externalId)} is already used by booking ${holder}.`,
    param: 'external_id',
    extensions: { booking_id: holder },
  });
}

/**
 * Inserts the booking row, with the recovery point when the request has an Idempotency-Key. `resumes` names the
 * booking of an earlier attempt with this key, when there was one: nothing was written, insert that one instead.
 */
async function insertBooking(
  orm: MikroORM,
  record: BookingRecord,
  idempotency: IdempotencyHandle | undefined,
): Promise<{ written: boolean; resumes?: string }> {
  const row = bookingRow(record);
  const insert = (condition: string, first: number) =>
    insertStatement(orm, BookingSchema, row, { first, tail: `where ${condition} on conflict (id) do nothing returning 1` });
  try {
    if (!idempotency) {
      const { text, values } = insert('true', 1);
      return { written: (await sqlOf(orm)(text, values)).length > 0 };
    }
    const { written, recoveryPoint } = await idempotency.saveRecoveryPointWith(record.id, insert);
    return recoveryPoint === record.id ? { written: written > 0 } : { written: false, resumes: recoveryPoint };
  } catch (err) {
    if (isExternalIdViolation(err)) {
      const holder = await externalIdHolder(orm.em.fork(), record);
      if (holder) throw externalIdTaken(record.externalId!, holder);
    }
    throw err;
  }
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
    'not_found',
    'quote_expired',
    'quote_used',
    'rate_limited',
  ],
  async handler({ body, headers, principal, deps, ctx }) {
    const sandboxScenario = sandboxScenarioFor(headers, principal.livemode);
    const idempotency = ctx.state.idempotency;
    const owner = { partnerId: principal.ownerId, livemode: principal.livemode };
    const environment = bookingEnvironment(owner.livemode);
    const recordWith = (id: string, quote?: QuoteRecord): BookingRecord => ({
      ...newBookingRecord(body, owner, new Date(), id, quote),
      accountId: principal.accountId ?? null,
      sandboxScenario,
    });

    let quote: QuoteRecord | undefined;
    let id = newId('bkg');
    if (body.quote_id) {
      // Claiming the quote is a side effect: the key is claimed first, and a retry of a create that failed after it
      // finds that booking id (and so the quote's claim) again.
      id = (await idempotency?.claim()) ?? id;
      bindWorkflow(ctx, bookingWorkflowId(id));
      // Don't spend a quote on a booking the external_id check would refuse anyway.
      const taken = await externalIdHolder(deps.orm.em.fork(), {
        id,
        partnerId: owner.partnerId,
        environment,
        externalId: body.external_id ?? null,
      });
      if (taken) throw externalIdTaken(body.external_id!, taken);
      await idempotency?.saveRecoveryPoint(id);
      quote = await claimQuoteFor(deps.temporal, body.quote_id, {
        bookingId: id,
        partnerId: owner.partnerId,
        environment,
        vehicleClass: body.vehicle_class,
        pickup: body.pickup,
        dropoff: body.dropoff,
        pickupAt: body.pickup.datetime,
        ...(body.currency ? { currency: body.currency } : {}),
      });
    }
    let record = recordWith(id, quote);

    // The read model, the recovery point and (without a quote) the key's claim in one statement: a committed booking
    // row is always findable again through its Idempotency-Key, and a retry re-inserts nothing.
    let inserted = await insertBooking(deps.orm, record, idempotency);
    if (inserted.resumes) {
      // A retry of a create that failed after committing its booking (or before): the same booking id again.
      record = recordWith(inserted.resumes);
      inserted = await insertBooking(deps.orm, record, idempotency);
    }
    if (!body.quote_id) bindWorkflow(ctx, bookingWorkflowId(record.id));
    if (!inserted.written) {
      // A retry whose first attempt committed: answer with the booking as it was made.
      record = {
        ...recordFromRow(await deps.orm.em.fork().findOneOrFail(BookingSchema, { id: record.id })),
        ...(quote ? { quoteId: quote.id } : {}),
      };
    }

    try {
      await startBookingWorkflow(deps.temporal, record);
    } catch (err) {
      // Refused: no visible booking. The recovery point keeps the id, so a retry re-inserts it and attaches to the
      // workflow if this start did happen after all. A booking whose workflow already wrote events stays.
      await deps.orm.em
        .fork()
        .execute(`delete from bookings where id = ? and not exists (select 1 from events where booking_id = ?)`, [record.id, record.id]);
      if (err instanceof WorkflowExecutionAlreadyStartedError)
        throw new ProblemError('conflict', { detail: 'The booking this Idempotency-Key created has already ended; send a new key.' });
      throw err;
    }
    const tracking = trackingUrl(deps.publicBaseUrl, deps.encryptionKey, record);
    const view = partnerBookingView({ ...record, status: 'confirmed', updatedAt: record.createdAt, trackingUrl: tracking });
    return { status: 201, body: view, headers: { Location: `${deps.publicBaseUrl}/v1/bookings/${record.id}` } };
  },
});
