import { fromMinor } from './money';
import { fareToWire, type Fare } from './pricing';

/** A booking as the partner API shows it (decimal money, ISO timestamps, snake_case). */
export interface PartnerBookingSource {
  id: string;
  externalId?: string | null;
  status: string;
  environment: 'sandbox' | 'live';
  vehicleClass: string;
  pickup: object;
  dropoff: object;
  passenger: Record<string, unknown>;
  pickupAt: Date | string;
  fare: Fare;
  freeUntil: Date | string;
  lateCancellationFeeMinor: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** The signed passenger tracking page (api/tracking/links.ts `trackingUrl`), when the caller has it. */
  trackingUrl?: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function partnerFare(fare: Fare) {
  const { base, distance, time, surcharges, taxes, total, commission, currency, rate } = fareToWire(fare);
  return { base, distance, time, surcharges, taxes, total, commission, currency, exchange_rate: rate };
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
    driver: null,
    vehicle: null,
    tracking_url: b.trackingUrl ?? null,
    created_at: iso(b.createdAt),
    updated_at: iso(b.updatedAt),
  };
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
