import type { RescheduleRecord } from './reschedule';
import type { CancellationRecord } from './cancellation';
import { fromMinor } from './money';
import { fareToWire, type Fare } from './pricing';
import type { RideDriver, RideVehicle } from './sandbox';
import type { Environment } from './environment';

/** A booking as the partner API shows it (decimal money, ISO timestamps, snake_case). */
export interface PartnerBookingSource {
  id: string;
  externalId?: string | null;
  status: string;
  environment: Environment;
  vehicleClass: string;
  pickup: object;
  dropoff: object;
  passenger: Record<string, unknown>;
  pickupAt: Date | string;
  fare: Fare;
  lastReschedule?: unknown;
  freeUntil: Date | string;
  lateCancellationFeeMinor: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  driver?: RideDriver | null;
  vehicle?: RideVehicle | null;
  etaMinutes?: number | null;
  positionLat?: number | null;
  positionLng?: number | null;
  positionAt?: Date | string | null;
  assignedAt?: Date | string | null;
  onTheWayAt?: Date | string | null;
  arrivedAt?: Date | string | null;
  startedAt?: Date | string | null;
  completedAt?: Date | string | null;
  endedAt?: Date | string | null;
  cancellation?: CancellationRecord | Record<string, unknown> | null;
  trip?: TripRecord | Record<string, unknown> | null;
  /** The signed passenger tracking page (infra/passenger-links.ts `trackingUrl`), when the caller has it. */
  trackingUrl?: string | null;
  /** The signed PDF receipt (infra/passenger-links.ts `receiptUrl`), once the trip is completed. */
  receiptUrl?: string | null;
}

/** The trip as driven, as the read model stores it (fare in minor units). */
export interface TripRecord {
  started_at: string;
  completed_at: string;
  distance_km: number;
  duration_min: number;
  fare: Fare;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : iso(value));

export function partnerFare(fare: Fare) {
  const { base, distance, time, surcharges, taxes, total, commission, currency, rate, tax_rule } = fareToWire(fare);
  return { base, distance, time, surcharges, taxes, total, commission, currency, exchange_rate: rate, tax_rule: tax_rule ?? null };
}

export function partnerBookingView(b: PartnerBookingSource) {
  return {
    id: b.id,
    external_id: b.externalId ?? null,
    status: b.status,
    livemode: b.environment === 'live',
    vehicle_class: b.vehicleClass,
    pickup: { ...b.pickup, datetime: iso(b.pickupAt) },
    dropoff: b.dropoff,
    passenger: b.passenger,
    distance_km: b.fare.distance_km,
    duration_min: b.fare.duration_min,
    fare: partnerFare(b.fare),
    cancellation_policy: {
      free_until: iso(b.freeUntil),
      fee_after: fromMinor(b.lateCancellationFeeMinor, b.fare.currency),
      currency: b.fare.currency,
    },
    eta_minutes: b.etaMinutes ?? null,
    driver: b.driver ? { ...b.driver } : null,
    vehicle: b.vehicle ? { ...b.vehicle, ...positionOf(b) } : null,
    timeline: {
      assigned_at: isoOrNull(b.assignedAt),
      on_the_way_at: isoOrNull(b.onTheWayAt),
      arrived_at: isoOrNull(b.arrivedAt),
      started_at: isoOrNull(b.startedAt),
      completed_at: isoOrNull(b.completedAt),
      ended_at: isoOrNull(b.endedAt),
    },
    cancellation: b.cancellation ? cancellationToWire(b.cancellation as CancellationRecord, b.fare.currency) : null,
    trip: b.trip ? tripToWire(b.trip as TripRecord) : null,
    tracking_url: b.trackingUrl ?? null,
    receipt_url: b.status === 'completed' ? (b.receiptUrl ?? null) : null,
    created_at: iso(b.createdAt),
    updated_at: iso(b.updatedAt),
  };
}

function positionOf(b: PartnerBookingSource) {
  return { lat: b.positionLat ?? null, lng: b.positionLng ?? null, position_at: isoOrNull(b.positionAt) };
}

export function cancellationToWire(c: CancellationRecord, currency: string) {
  return {
    reason_code: c.reason_code,
    cancelled_by: c.cancelled_by,
    cancelled_at: c.cancelled_at,
    fee: { amount: fromMinor(c.fee_minor, currency), currency },
    charged: c.charged,
  };
}

export function tripToWire(t: TripRecord) {
  return {
    started_at: t.started_at,
    completed_at: t.completed_at,
    distance_km: t.distance_km,
    duration_min: t.duration_min,
    fare: partnerFare(t.fare),
  };
}

/** `GET /v1/booking-status`: the partner document's fields, from the read model. */
export function partnerBookingStatusView(b: PartnerBookingSource) {
  return {
    id: b.id,
    status: b.status,
    eta_minutes: b.etaMinutes ?? null,
    driver: b.driver ? { name: b.driver.name, phone: b.driver.phone, rating: b.driver.rating } : null,
    vehicle: b.vehicle
      ? { make: b.vehicle.make, model: b.vehicle.model, plate: b.vehicle.plate, lat: b.positionLat ?? null, lng: b.positionLng ?? null }
      : null,
    updated_at: iso(b.updatedAt),
  };
}

/** Partner event types (docs/webhooks.md). */
export const PARTNER_EVENT_TYPES = [
  'booking.created',
  'driver.assigned',
  'driver.on_the_way',
  'driver.arrived',
  'trip.started',
  'trip.completed',
  'trip.cancelled',
  'gps.update',
  'booking.rescheduled',
] as const;
export type PartnerEventType = (typeof PARTNER_EVENT_TYPES)[number];

/** The data of an event, from the booking as the read model holds it right after the change the event reports. */
export function partnerEventData(type: PartnerEventType, b: PartnerBookingSource): Record<string, unknown> {
  switch (type) {
    case 'booking.created':
      return { booking: partnerBookingView(b) };
    case 'driver.assigned':
      return { driver: b.driver ?? null, vehicle: b.vehicle ?? null, assigned_at: isoOrNull(b.assignedAt) };
    case 'driver.on_the_way':
      return { eta_minutes: b.etaMinutes ?? null, lat: b.positionLat ?? null, lng: b.positionLng ?? null };
    case 'driver.arrived':
      return { arrived_at: isoOrNull(b.arrivedAt), lat: b.positionLat ?? null, lng: b.positionLng ?? null };
    case 'trip.started':
      return { started_at: isoOrNull(b.startedAt) };
    case 'trip.completed':
      return b.trip ? { ...tripToWire(b.trip as TripRecord), receipt_url: b.receiptUrl ?? null } : {};
    case 'trip.cancelled':
      return b.cancellation ? cancellationToWire(b.cancellation as CancellationRecord, b.fare.currency) : {};
    case 'booking.rescheduled': {
      const r = b.lastReschedule as RescheduleRecord | null | undefined;
      return {
        previous_pickup_at: r?.previous_pickup_at ?? null,
        pickup_at: isoOrNull(b.pickupAt),
        cause: r?.cause ?? null,
        booking: partnerBookingView(b),
      };
    }
    case 'gps.update':
      return {
        lat: b.positionLat ?? null,
        lng: b.positionLng ?? null,
        recorded_at: isoOrNull(b.positionAt),
        eta_minutes: b.etaMinutes ?? null,
      };
  }
}

/** The webhook body: envelope fields first, then the event's data. Stored once, sent byte-identical on every retry. */
export function partnerEventBody(input: {
  eventId: string;
  type: string;
  sequence: number;
  occurredAt: Date;
  booking: PartnerBookingSource;
  data?: Record<string, unknown>;
}): string {
  const b = input.booking;
  return JSON.stringify({
    event: input.type,
    event_id: input.eventId,
    booking_id: b.id,
    external_id: b.externalId ?? null,
    sequence: input.sequence,
    occurred_at: input.occurredAt.toISOString(),
    livemode: b.environment === 'live',
    status: b.status,
    ...(input.data ?? { booking: partnerBookingView(b) }),
  });
}
