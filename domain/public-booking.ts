import { canTransition, isBookingStatus } from './booking-lifecycle';
import { cancellationFee, type CancellationRecord } from './cancellation';
import type { FlightStatus, FlightWatch } from './flight-watch';
import { marketTimeZone } from './markets';
import { fromMinor } from './money';
import type { PublicPassengerShape } from './passenger-view';
import { fareTaxRatePpm, splitGross, type Fare } from './pricing';
import { toPublicStatus, type PublicStatus } from './public-status';

/**
 * A booking as the Public Integration API shows it: the list item, the single read, and the `data` of booking events.
 * The documented schemas are in api/public/schemas.ts, which checks that they describe these shapes.
 */
export type PublicAmountShape = {
  net: number;
  tax: number;
  gross: number;
  currency: string;
};

export type PublicBookingShape = {
  ref: string;
  market: string;
  status: PublicStatus;
  pickup: string;
  dropoff: string;
  pickup_at: string;
  vehicle_class: string;
  chauffeur: { name: string; unit: string | null } | null;
  total: PublicAmountShape;
  customer_reference: string | null;
  livemode: boolean;
  created_at: string;
};

/** The list item: the booking, its pickup's IANA time zone, and its passenger for a key with `passengers.read`. */
export type PublicBookingListItemShape = PublicBookingShape & { time_zone: string; passenger?: PublicPassengerShape };

export type PublicBookingDetailShape = PublicBookingListItemShape & {
  notes: string | null;
  allocation: {
    unit: string | null;
    chauffeur: { name: string; phone: string };
    vehicle: { make: string; model: string; color: string; plate: string };
    allocated_at: string;
    accepted_at: string | null;
    eta_at: string | null;
  } | null;
  cancellation: {
    reason: CancellationRecord['reason_code'];
    note: string | null;
    cancelled_by: string;
    cancelled_at: string;
    fee: PublicAmountShape;
  } | null;
  flight_watch: (Omit<FlightWatch, 'status'> & { status: FlightStatus }) | null;
  cancellation_policy: PublicCancellationTerms;
};

/** What cancelling the booking would do, as of `as_of`: the rules the cancel operation applies (domain/cancellation.ts). */
export type PublicCancellationTerms = {
  cancellable: boolean;
  free_until: string;
  fee_after: PublicAmountShape;
  fee_now: PublicAmountShape | null;
  as_of: string;
};

type Place = { address?: string; lat: number; lng: number };

/** The read-model row's fields the views read (db/entities Booking has them all). */
export interface PublicBookingSource {
  id: string;
  market: string;
  status: string;
  pickup: Place;
  dropoff: Place;
  pickupAt: Date;
  vehicleClass: string;
  currency: string;
  fare: Record<string, unknown>;
  environment: string;
  createdAt: Date;
  updatedAt: Date;
  customerReference?: string | null;
  notes?: string | null;
  unitId?: string | null;
  driver?: { name: string; phone: string } | null;
  vehicle?: { make: string; model: string; color: string; plate: string } | null;
  assignedAt?: Date | null;
  acceptedAt?: Date | null;
  etaAt?: Date | null;
  cancellation?: Record<string, unknown> | null;
  flightWatch?: Record<string, unknown> | null;
  freeUntil: Date;
  lateCancellationFeeMinor: number;
}

/** A place as people read it: its address, else (bookings made before addresses were taken) its coordinates. */
export const placeText = (p: Place) => p.address ?? `${p.lat},${p.lng}`;

/** Gross and tax in minor units as the public API shows them: decimal net, tax and gross in the currency. */
export function publicAmount(grossMinor: number, taxMinor: number, currency: string): PublicAmountShape {
  const d = (minor: number) => fromMinor(minor, currency);
  return { net: d(grossMinor - taxMinor), tax: d(taxMinor), gross: d(grossMinor), currency };
}

export function publicBookingView(b: PublicBookingSource): PublicBookingShape {
  const fare = b.fare as { total: number; taxes: number };
  return {
    ref: b.id,
    market: b.market,
    status: toPublicStatus(b.status),
    pickup: placeText(b.pickup),
    dropoff: placeText(b.dropoff),
    pickup_at: b.pickupAt.toISOString(),
    vehicle_class: b.vehicleClass,
    chauffeur: b.driver ? { name: b.driver.name, unit: b.unitId ?? null } : null,
    total: publicAmount(fare.total, fare.taxes, b.currency),
    customer_reference: b.customerReference ?? null,
    livemode: b.environment === 'live',
    created_at: b.createdAt.toISOString(),
  };
}

/** The list item (without its passenger, which only the API adds, for a key allowed to see it). */
export function publicBookingListItemView(b: PublicBookingSource): PublicBookingListItemShape {
  return { ...publicBookingView(b), time_zone: marketTimeZone(b.market) };
}

/** Statuses in which the ETA is to the pickup (on board it is to the drop-off, which `eta_at` does not show). */
const ETA_TO_PICKUP: readonly string[] = ['assigned', 'on_the_way', 'arrived'];

/** A fee in minor units as the public API shows it: gross, split at the fare's VAT rate. */
function publicFee(b: PublicBookingSource, feeMinor: number): PublicAmountShape {
  return publicAmount(feeMinor, splitGross(feeMinor, fareTaxRatePpm(b.fare as Pick<Fare, 'tax_rule'>)).tax, b.currency);
}

/**
 * The booking's cancellation terms at `now`, by the rules `POST …/cancel` applies: the integrator may cancel while
 * the lifecycle lets it (not on board, not ended); inside the free window it costs nothing, after it the policy's fee
 * (`cancellationFee`, as the booking workflow's `end` charges it). The window and fee are the booking's own, as
 * rescheduling and the flight watch left them.
 */
export function cancellationTerms(b: PublicBookingSource, now: Date): PublicCancellationTerms {
  const cancellable = isBookingStatus(b.status) && canTransition(b.status, 'cancelled', 'integrator');
  const policy = { free_until: b.freeUntil.toISOString(), fee_after_minor: b.lateCancellationFeeMinor };
  return {
    cancellable,
    free_until: policy.free_until,
    fee_after: publicFee(b, policy.fee_after_minor),
    fee_now: cancellable ? publicFee(b, cancellationFee({ policy, cancelledAt: now }).fee_minor) : null,
    as_of: now.toISOString(),
  };
}

/** The single read; `now` dates its cancellation terms. */
export function publicBookingDetailView(b: PublicBookingSource, now: Date): PublicBookingDetailShape {
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const allocation =
    b.driver && b.vehicle
      ? {
          unit: b.unitId ?? null,
          chauffeur: { name: b.driver.name, phone: b.driver.phone },
          vehicle: { make: b.vehicle.make, model: b.vehicle.model, color: b.vehicle.color, plate: b.vehicle.plate },
          allocated_at: (b.assignedAt ?? b.updatedAt).toISOString(),
          accepted_at: iso(b.acceptedAt),
          eta_at: ETA_TO_PICKUP.includes(b.status) ? iso(b.etaAt) : null,
        }
      : null;
  const c = b.cancellation as unknown as CancellationRecord | null | undefined;
  const cancellation = c
    ? {
        reason: c.reason_code,
        note: c.note ?? null,
        cancelled_by: c.cancelled_by,
        cancelled_at: c.cancelled_at,
        fee: publicFee(b, c.fee_minor),
      }
    : null;
  const flightWatch = (b.flightWatch as unknown as FlightWatch | null | undefined) ?? null;
  return {
    ...publicBookingListItemView(b),
    notes: b.notes ?? null,
    allocation,
    cancellation,
    flight_watch: flightWatch,
    cancellation_policy: cancellationTerms(b, now),
  };
}
