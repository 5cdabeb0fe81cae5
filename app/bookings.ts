import {
  ApplicationFailure,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { isTerminal, type BookingStatus } from '../domain/booking-lifecycle';
import { cancellationPolicy, type CancellationRecord } from '../domain/cancellation';
import { marketOf } from '../domain/markets';
import { commissionBasisPointsAt } from '../domain/partner-commission';
import { priceFare, withCommission } from '../domain/pricing';
import type { SandboxScenario } from '../domain/sandbox';
import { recordFromRow } from '../db/booking-rows';
import {
  bookingWithExternalId,
  deleteUnstartedBooking,
  findBooking,
  insertBooking,
  insertBookingStatement,
  type Statement,
} from '../db/booking-writes';
import type { Booking } from '../db/entities';
import { newId } from '../infra/ids';
import { bookingTaskQueue, customerPriority } from '../contracts/task-queues';
import { bookingWorkflowId, cancelBooking, rescheduleBooking, type BookingRecord, type CancelBookingInput } from '../contracts/booking';
import type { QuoteRecord } from '../contracts/quote';
import { AccountIdKey, BookingStatusKey, LiveModeKey, MarketKey, PartnerIdKey, PickupAtKey } from '../contracts/search-attributes';
import type { bookingWorkflow } from '../workflows/booking';
import type { Owner } from './owner';
import { ProblemError } from './problems';
import { claimQuoteFor } from './quotes';
import { retryingRacedUpdate } from './workflow-updates';
import type { Admission } from './admission';
import { environmentOf, type Environment } from '../domain/environment';

/** A booking as asked for: the Partner API's request body, or the one a public booking takes from its quote. */
export interface BookingRequest {
  external_id?: string;
  pickup: { address?: string; lat: number; lng: number; datetime: string; flight_number?: string };
  dropoff: { address?: string; lat: number; lng: number };
  passenger: { name: string; phone: string; email?: string; pax: number; luggage: number };
  vehicle_class: string;
  currency?: string;
  customer_reference?: string;
  notes?: string;
}

/** The Idempotency-Key's recovery points, as the idempotency middleware hands them to a handler. */
export interface RecoveryPoints {
  /**
   * Claims the key if this request has not yet, and answers what a failed earlier attempt with it saved before its
   * side effect (e.g. the booking id it used), or null. A key already answered or in use ends the request here: its
   * stored answer is replayed, or it is refused.
   */
  claim(): Promise<string | null>;
  /**
   * Whether an earlier attempt of this same request claimed the key (within its 24 hours): it got past everything
   * that comes before a claim, and its booking may be committed. One read; ask only when about to refuse.
   */
  claimedBefore(): Promise<boolean>;
  /** Call before a side effect that a retry must find again rather than repeat. */
  saveRecoveryPoint(value: string): Promise<void>;
  /**
   * Saves `value` as the recovery point in the same statement as a write that must commit with it: `write` builds a
   * conditional write (`insert … select … where <claimHeld> … returning …`) with its parameters from `$first`, so it
   * happens only while this request holds its claim. An unclaimed key is claimed by the same statement; if an earlier
   * attempt had saved another recovery point, nothing is written and `recoveryPoint` says which: redo with it.
   */
  saveRecoveryPointWith(
    value: string,
    write: (claimHeld: string, first: number) => Statement,
  ): Promise<{ written: number; recoveryPoint: string }>;
}

/** Prices the ride (or takes the claimed quote's price) and applies the cancellation policy: the booking's record. */
export function newBookingRecord(
  request: BookingRequest,
  owner: Pick<Owner, 'partnerId' | 'livemode' | 'commission'> & { accountId?: string | null },
  now = new Date(),
  id = newId('bkg'),
  quote?: QuoteRecord,
): BookingRecord {
  // The contract in force when the booking is made, whatever the request says (docs/finance.md).
  const commissionBasisPoints = commissionBasisPointsAt(owner.commission, now);
  const fare = quote
    ? withCommission(quote.fare, commissionBasisPoints)
    : priceFare({
        pickup: request.pickup,
        dropoff: request.dropoff,
        pickupAt: request.pickup.datetime,
        vehicleClass: request.vehicle_class,
        currency: request.currency ?? 'EUR',
        commissionBasisPoints,
      });
  const policy = quote
    ? { free_until: quote.freeUntil, fee_after_minor: quote.lateCancellationFeeMinor }
    : cancellationPolicy({ createdAt: now, pickupAt: request.pickup.datetime, fareTotalMinor: fare.total });
  return {
    id,
    partnerId: owner.partnerId,
    accountId: owner.accountId ?? null,
    environment: environmentOf(owner.livemode),
    externalId: request.external_id ?? null,
    vehicleClass: request.vehicle_class,
    pickup: request.pickup,
    dropoff: request.dropoff,
    passenger: request.passenger,
    pickupAt: new Date(request.pickup.datetime).toISOString(),
    market: marketOf(request.pickup),
    currency: fare.currency,
    fare,
    commissionPct: commissionBasisPoints / 100,
    freeUntil: policy.free_until,
    lateCancellationFeeMinor: policy.fee_after_minor,
    customerReference: request.customer_reference ?? null,
    notes: request.notes ?? null,
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
    taskQueue: bookingTaskQueue(record.environment),
    priority: customerPriority('booking', record, record.environment),
    args: [record],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      { key: BookingStatusKey, value: 'confirmed' },
      ...(record.partnerId ? [{ key: PartnerIdKey, value: record.partnerId }] : []),
      ...(record.accountId ? [{ key: AccountIdKey, value: record.accountId }] : []),
      { key: MarketKey, value: record.market },
      { key: PickupAtKey, value: new Date(record.pickupAt) },
      { key: LiveModeKey, value: record.environment === 'live' },
    ],
    memo: {
      externalId: record.externalId,
      route: `${record.pickup.address ?? `${record.pickup.lat},${record.pickup.lng}`} → ${record.dropoff.address ?? `${record.dropoff.lat},${record.dropoff.lng}`}`,
      ...(record.quoteId ? { quoteId: record.quoteId } : {}),
      ...(record.customerReference ? { customerReference: record.customerReference } : {}),
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
  if (record.externalId === null || record.partnerId === null) return null;
  const holder = await bookingWithExternalId(em, {
    partnerId: record.partnerId,
    environment: record.environment,
    externalId: record.externalId,
  });
  return holder && holder !== record.id ? holder : null;
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
async function insertBookingRow(
  orm: MikroORM,
  record: BookingRecord,
  idempotency: RecoveryPoints | undefined,
): Promise<{ written: boolean; resumes?: string }> {
  const insert = (condition: string, first: number) => insertBookingStatement(orm, record, condition, first);
  try {
    if (!idempotency) return { written: await insertBooking(orm, insert('true', 1)) };
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

export interface NewBooking {
  owner: Owner;
  /** The request; a public booking names only its quote and builds its request from the quote it claims. */
  request: BookingRequest | ((quote: QuoteRecord) => BookingRequest);
  quoteId?: string;
  sandboxScenario: SandboxScenario | null;
  idempotency?: RecoveryPoints;
  /** Told the booking's id as soon as it is known (the request's log names its workflow). */
  onBookingId?: (id: string) => void;
  /** A check of the request beyond its schema (the addresses against the geocoder), made after load shedding. */
  check?: () => Promise<void>;
}

/**
 * What comes before the Idempotency-Key is claimed — load shedding (in memory, first: shedding stays cheap), then
 * `input.check` — refuses a new create, never the retry of one that got past it: that booking may be committed, and
 * the unstarted-bookings sweep starts it whatever its retry is told, so a refusal would refuse a ride that then runs.
 * The key is read only when something would refuse: an admitted create costs no round trip more.
 */
async function admitNewOrRetry(admission: Admission | undefined, input: NewBooking, environment: Environment): Promise<void> {
  const isRetry = () => input.idempotency?.claimedBefore() ?? Promise.resolve(false);
  if ((await admission?.admitUnlessRetry(input.owner, environment, true, isRetry)) === 'retry') return;
  try {
    await input.check?.();
  } catch (err) {
    if (!(err instanceof ProblemError) || !(await isRetry())) throw err;
  }
}

/**
 * Creates a booking on either API: claims its quote (if any), writes the read-model row with the Idempotency-Key's
 * recovery point in one statement, and starts `booking:<id>`. A retry with the same key finds the same booking.
 */
export async function createBooking(
  deps: { orm: MikroORM; temporal: Client; admission?: Admission },
  input: NewBooking,
): Promise<BookingRecord> {
  const { owner, idempotency } = input;
  const environment = environmentOf(owner.livemode);
  // Before anything is claimed or written: a refused create leaves no trace, and its retry with the same key is new.
  await admitNewOrRetry(deps.admission, input, environment);
  const requestFor = (quote?: QuoteRecord): BookingRequest => (typeof input.request === 'function' ? input.request(quote!) : input.request);
  const recordWith = (id: string, quote?: QuoteRecord): BookingRecord => ({
    ...newBookingRecord(requestFor(quote), owner, new Date(), id, quote),
    sandboxScenario: input.sandboxScenario,
  });

  let quote: QuoteRecord | undefined;
  let id = newId('bkg');
  if (input.quoteId) {
    // Claiming the quote is a side effect: the key is claimed first, and a retry of a create that failed after it
    // finds that booking id (and so the quote's claim) again.
    id = (await idempotency?.claim()) ?? id;
    input.onBookingId?.(id);
    const trip = typeof input.request === 'function' ? undefined : input.request;
    // Don't spend a quote on a booking the external_id check would refuse anyway.
    const taken = await externalIdHolder(deps.orm.em.fork(), {
      id,
      partnerId: owner.partnerId,
      environment,
      externalId: trip?.external_id ?? null,
    });
    if (taken) throw externalIdTaken(trip!.external_id!, taken);
    await idempotency?.saveRecoveryPoint(id);
    quote = await claimQuoteFor(deps.temporal, input.quoteId, {
      bookingId: id,
      partnerId: owner.partnerId,
      // A partner's quote is its own, whatever account it is linked to.
      accountId: owner.partnerId ? null : owner.accountId,
      environment,
      ...(trip
        ? {
            vehicleClass: trip.vehicle_class,
            pickup: trip.pickup,
            dropoff: trip.dropoff,
            pickupAt: trip.pickup.datetime,
            ...(trip.currency ? { currency: trip.currency } : {}),
          }
        : {}),
    });
  }
  let record = recordWith(id, quote);

  // The read model, the recovery point and (without a quote) the key's claim in one statement: a committed booking
  // row is always findable again through its Idempotency-Key, and a retry re-inserts nothing.
  let inserted = await insertBookingRow(deps.orm, record, idempotency);
  if (inserted.resumes) {
    // A retry of a create that failed after committing its booking (or before): the same booking id again.
    record = recordWith(inserted.resumes, quote);
    inserted = await insertBookingRow(deps.orm, record, idempotency);
  }
  if (!input.quoteId) input.onBookingId?.(record.id);
  // A retry whose first attempt committed: answer with the booking as it was made.
  const asStored = async (): Promise<BookingRecord> => {
    const row = await findBooking(deps.orm, record.id);
    if (!row) throw new ProblemError('conflict', { detail: 'The booking this Idempotency-Key created is gone; send a new key.' });
    return { ...recordFromRow(row), ...(quote ? { quoteId: quote.id } : {}) };
  };
  if (!inserted.written) record = await asStored();

  try {
    await startBookingWorkflow(deps.temporal, record);
  } catch (err) {
    // The workflow of this id ran and has ended: the booking is real, whatever became of the ride. Answer it.
    if (err instanceof WorkflowExecutionAlreadyStartedError) return asStored();
    // Refused: no visible booking, unless its workflow ran after all (a start that went through while its answer
    // was lost). The recovery point keeps the id, so a retry re-inserts it and attaches to that workflow.
    await deleteUnstartedBooking(deps.orm, record.id);
    throw err;
  }
  return record;
}

/** Cancellations a repeated cancel answers again: the customer side's, not the driver's or dispatch's. */
const CUSTOMER_SIDE = ['partner', 'integrator', 'ops'];

/** The customer's earlier cancellation, as the read model holds it. */
export function customerCancellation(booking: Booking): CancellationRecord | null {
  const c = booking.cancellation as CancellationRecord | null | undefined;
  return booking.status === 'cancelled' && c && CUSTOMER_SIDE.includes(c.cancelled_by) ? c : null;
}

const notCancellable = (detail: string) => new ProblemError('booking_not_cancellable', { detail });

/**
 * Cancels through the booking workflow's `cancelBooking` Update, whose validator decides: free inside the window, the
 * policy's fee after it. A repeated cancellation answers the first one; a ride that has ended (or whose trip has
 * started) is `booking_not_cancellable`. `find` reads the booking again should the workflow end meanwhile.
 */
export async function requestCancellation(
  temporal: Client,
  booking: Booking,
  find: () => Promise<Booking | null>,
  input: CancelBookingInput,
  updateId?: string,
): Promise<CancellationRecord> {
  const earlier = customerCancellation(booking);
  if (earlier) return earlier;
  if (isTerminal(booking.status as BookingStatus)) throw notCancellable(`The booking is already ${booking.status}.`);
  try {
    const handle = temporal.workflow.getHandle(bookingWorkflowId(booking.id));
    const result = await retryingRacedUpdate(() => handle.executeUpdate(cancelBooking, { args: [input], updateId }));
    return result.cancellation;
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === 'TransitionRefused') {
      throw notCancellable(`The booking cannot be cancelled: ${err.cause.message}.`);
    }
    if (err instanceof WorkflowNotFoundError) {
      // The workflow ended between our read and the Update: the read model tells how.
      const now = await find();
      const c = now && customerCancellation(now);
      if (c) return c;
      throw notCancellable(`The booking is already ${now?.status ?? 'finished'}.`);
    }
    throw err;
  }
}

const rescheduleNotAllowed = (why: string) =>
  new ProblemError('reschedule_not_allowed', { detail: `The pickup time cannot move: ${why}.`, param: 'pickup_at' });

/**
 * Moves the pickup through the booking workflow's `rescheduleBooking` Update, whose validator decides (domain/
 * reschedule.ts): refused once the chauffeur is on the way, or once cancelling would cost a fee.
 */
export async function requestReschedule(
  temporal: Client,
  booking: Booking,
  input: { pickupAt: string; actor: 'partner' | 'integrator' },
  updateId?: string,
): Promise<void> {
  if (isTerminal(booking.status as BookingStatus)) throw rescheduleNotAllowed(`the booking is already ${booking.status}`);
  try {
    const handle = temporal.workflow.getHandle(bookingWorkflowId(booking.id));
    const move = { pickup_at: input.pickupAt, actor: input.actor, cause: 'customer' as const };
    await retryingRacedUpdate(() => handle.executeUpdate(rescheduleBooking, { args: [move], updateId }));
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === 'TransitionRefused')
      throw rescheduleNotAllowed(err.cause.message);
    if (err instanceof WorkflowNotFoundError) throw rescheduleNotAllowed('the booking has ended');
    throw err;
  }
}
