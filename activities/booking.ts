import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { markBookingStarted } from '../db/booking-writes';
import { recordPartnerEvent } from '../db/partner-events';
import { BookingSchema, HubEventSchema, PartnerWebhookEndpointSchema, type Booking } from '../db/entities';
import { isTerminal, type BookingStatus } from '../domain/booking-lifecycle';
import { appendBillingEntry } from '../db/billing-entries';
import type { CancellationRecord } from '../domain/cancellation';
import { partnerEventBody, partnerEventData, type PartnerEventType, type TripRecord } from '../domain/partner-wire';
import type { Fare } from '../domain/pricing';
import type { FlightWatch } from '../domain/flight-watch';
import type { RescheduleRecord } from '../domain/reschedule';
import type { RideDriver, RideVehicle } from '../domain/sandbox';
import { receiptUrl, trackingUrl } from '../infra/passenger-links';
import { newId } from '../infra/ids';
import { DEFAULT_RIDE_SETTINGS, type BookingRecord, type RideSettings } from '../contracts/booking';
import { PARTNER_ENDPOINT_WORKFLOW, partnerEventsDeliveries } from '../contracts/partner-webhook';
import type { Environment } from '../domain/environment';

export interface BookingActivityDeps {
  orm: MikroORM;
  /** Sandbox clock, GPS coalescing and history bound; the defaults when absent. */
  ride?: Partial<RideSettings>;
  /** Where the signed passenger links point (PUBLIC_BASE_URL) and their key: events then carry `tracking_url`, `receipt_url`. */
  links?: { publicBaseUrl: string; encryptionKey: Buffer };
  /** A Temporal client; the activity context's (the worker's connection) otherwise. */
  client?: Client;
}

export interface RecordedEvent {
  eventId: string;
  /** Where the partner receives webhooks of the booking's environment; null when it has none configured. */
  webhookUrl: string | null;
}

/** One change of the read model, as the booking workflow makes it (timestamps as ISO strings). */
export interface BookingChanges {
  status?: BookingStatus;
  unitId?: string | null;
  driver?: RideDriver | null;
  vehicle?: RideVehicle | null;
  etaMinutes?: number | null;
  position?: { lat: number; lng: number; at: string };
  assignedAt?: string;
  /** Null while the allocated chauffeur's answer is awaited (and when the allocation is withdrawn). */
  acceptedAt?: string | null;
  onTheWayAt?: string;
  arrivedAt?: string;
  startedAt?: string;
  completedAt?: string;
  endedAt?: string;
  cancellation?: CancellationRecord;
  trip?: TripRecord;
  /** The pickup time and what hangs on it, when they change (a reschedule, a fee waived for a lost flight). */
  terms?: { pickupAt: string; fare: Fare; freeUntil: string; lateCancellationFeeMinor: number };
  lastReschedule?: RescheduleRecord;
  flightWatch?: FlightWatch;
  /** When the change happened (workflow time); `updated_at` takes it. */
  at: string;
}

function toColumns(c: BookingChanges): Partial<Booking> {
  const date = (v: string | undefined) => (v === undefined ? undefined : new Date(v));
  // An ETA is dated by the change that reports it.
  const etaAt = c.etaMinutes === undefined ? undefined : c.etaMinutes === null ? null : new Date(Date.parse(c.at) + c.etaMinutes * 60_000);
  const columns: Partial<Booking> = {
    status: c.status,
    unitId: c.unitId,
    driver: c.driver,
    vehicle: c.vehicle,
    etaMinutes: c.etaMinutes,
    etaAt,
    positionLat: c.position?.lat,
    positionLng: c.position?.lng,
    positionAt: date(c.position?.at),
    assignedAt: date(c.assignedAt),
    acceptedAt: c.acceptedAt === null ? null : date(c.acceptedAt),
    onTheWayAt: date(c.onTheWayAt),
    arrivedAt: date(c.arrivedAt),
    startedAt: date(c.startedAt),
    completedAt: date(c.completedAt),
    endedAt: date(c.endedAt),
    cancellation: c.cancellation as unknown as Record<string, unknown> | undefined,
    trip: c.trip as unknown as Record<string, unknown> | undefined,
    ...(c.terms
      ? {
          pickupAt: new Date(c.terms.pickupAt),
          fare: c.terms.fare as unknown as Record<string, unknown>,
          fareTotalMinor: c.terms.fare.total,
          freeUntil: new Date(c.terms.freeUntil),
          lateCancellationFeeMinor: c.terms.lateCancellationFeeMinor,
        }
      : {}),
    lastReschedule: c.lastReschedule as unknown as Record<string, unknown> | undefined,
    flightWatch: c.flightWatch as unknown as Record<string, unknown> | undefined,
    updatedAt: new Date(c.at),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<Booking>;
}

export function createBookingActivities({ orm, ride, links, client }: BookingActivityDeps) {
  const settings: RideSettings = { ...DEFAULT_RIDE_SETTINGS, ...ride };
  /** The URL of the partner's endpoint for the booking's environment, null when none is set. */
  const endpointUrl = async (partnerId: string, environment: Environment) =>
    (await orm.em.fork().findOneOrFail(PartnerWebhookEndpointSchema, { partnerId, environment }, { fields: ['url'] })).url ?? null;

  /** Writes event number `sequence` once, its body built from `booking` as it stands; a retry returns the same event. */
  async function insertEvent(
    em: ReturnType<MikroORM['em']['fork']>,
    booking: Booking & { partnerId: string },
    event: { sequence: number; type: PartnerEventType },
  ): Promise<string> {
    const existing = await em.findOne(HubEventSchema, { bookingId: booking.id, sequence: event.sequence });
    if (existing) return existing.id;
    const occurredAt = new Date();
    const eventId = newId('evt');
    const source = {
      ...booking,
      fare: booking.fare as never,
      cancellation: booking.cancellation as never,
      trip: booking.trip as never,
      trackingUrl: links ? trackingUrl(links.publicBaseUrl, links.encryptionKey, booking) : null,
      receiptUrl: links ? receiptUrl(links.publicBaseUrl, links.encryptionKey, booking) : null,
    };
    const body = partnerEventBody({
      eventId,
      type: event.type,
      sequence: event.sequence,
      occurredAt,
      booking: source,
      data: partnerEventData(event.type, source),
    });
    return recordPartnerEvent(orm, em, {
      id: eventId,
      bookingId: booking.id,
      sequence: event.sequence,
      type: event.type,
      partnerId: booking.partnerId,
      environment: booking.environment,
      body,
      createdAt: occurredAt,
    });
  }

  return {
    /**
     * Marks the booking's workflow as started (so the booking is never deleted nor swept again), writing its row first
     * if missing: the API inserts it before the start, so that only fills in for an API that stopped in between.
     */
    async saveBooking(record: BookingRecord): Promise<void> {
      await markBookingStarted(orm, record);
    },

    /** The worker's ride settings, read once per workflow run so that replays see the same values. */
    async rideSettings(): Promise<RideSettings> {
      return settings;
    },

    /**
     * One step of a booking in one transaction: the read-model change, then (optionally) event number `sequence`
     * with its body built from the booking as changed. Safe to retry: the change is idempotent, the event is written once.
     */
    async recordBookingChange(input: {
      bookingId: string;
      changes?: BookingChanges;
      event?: { sequence: number; type: PartnerEventType };
      /** Hand the event to its endpoint's delivery workflow (bookings from before that workflow start a child instead). */
      deliver?: boolean;
    }): Promise<RecordedEvent | null> {
      const recorded = await orm.em.fork().transactional(async (em) => {
        if (input.changes) await em.nativeUpdate(BookingSchema, { id: input.bookingId }, toColumns(input.changes));
        const ended = input.changes?.status !== undefined && isTerminal(input.changes.status);
        if (!ended && !input.event) return null;
        // The booking as changed, read once for the ledger and the event.
        const booking = await em.findOneOrFail(BookingSchema, { id: input.bookingId }, { refresh: true });
        // The ledger's fact is written with the status that makes it, or not at all (docs/finance.md).
        if (ended) {
          await appendBillingEntry(em, {
            ...booking,
            fare: booking.fare as { commission?: number },
            cancellation: booking.cancellation as CancellationRecord | null,
          });
        }
        if (!input.event) return null;
        // Partner events belong to a partner: a booking an integrator account made has none to tell.
        const { partnerId } = booking;
        if (partnerId === null) return null;
        return { eventId: await insertEvent(em, { ...booking, partnerId }, input.event), partnerId, environment: booking.environment };
      });
      if (!recorded) return null;
      const webhookUrl = await endpointUrl(recorded.partnerId, recorded.environment);
      if (webhookUrl && input.deliver && input.event) {
        const event = { eventId: recorded.eventId, bookingId: input.bookingId, type: input.event.type };
        const [delivery] = partnerEventsDeliveries(recorded.partnerId, recorded.environment, [event]);
        await (client ?? Context.current().client).workflow.signalWithStart(PARTNER_ENDPOINT_WORKFLOW, delivery);
      }
      return { eventId: recorded.eventId, webhookUrl };
    },
  };
}

export type BookingActivities = ReturnType<typeof createBookingActivities>;
