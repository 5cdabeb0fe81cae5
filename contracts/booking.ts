import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { BookingActor, BookingStatus } from '../domain/booking-lifecycle';
import type { CancellationReason, CancellationRecord } from '../domain/cancellation';
import type { FlightWatch } from '../domain/flight-watch';
import type { Fare } from '../domain/pricing';
import type { RescheduleCause } from '../domain/reschedule';
import type { GpsPosition, RideDriver, RideProgress, RideVehicle, SandboxScenario } from '../domain/sandbox';
import type { Environment } from '../domain/environment';

export const BOOKINGS_TASK_QUEUE = 'bookings';

export function bookingWorkflowId(bookingId: string): string {
  return `booking:${bookingId}`;
}

/** Everything the booking workflow needs, priced and policed by the API before the start. */
export interface BookingRecord {
  id: string;
  /** The partner that booked it; null when an integrator account booked through the public API. */
  partnerId: string | null;
  /** The integrator account that sees the booking (the partner's `account_id`), if any. */
  accountId?: string | null;
  environment: Environment;
  externalId: string | null;
  vehicleClass: string;
  pickup: { address?: string; lat: number; lng: number; flight_number?: string };
  dropoff: { address?: string; lat: number; lng: number };
  passenger: Record<string, unknown>;
  pickupAt: string;
  market: string;
  currency: string;
  /** Breakdown in integer minor units of `currency`. */
  fare: Fare;
  /** The partner's contractual commission when the booking was made, percent of the net fare (0 for an account). */
  commissionPct: number;
  freeUntil: string;
  lateCancellationFeeMinor: number;
  /** The booking account's own reference (cost centre, PO). */
  customerReference?: string | null;
  /** The booker's notes for the chauffeur. */
  notes?: string | null;
  createdAt: string;
  /** The quote whose price the booking keeps, when made from one (GET /v1/quotes). */
  quoteId?: string;
  /** Sandbox only: what the simulated ride plays (`X-Sandbox-Scenario`); absent means `happy_path`. Live: null. */
  sandboxScenario?: SandboxScenario | null;
}

/** Worker-side settings, read once per run by a local activity (so replays see the same values). */
export interface RideSettings {
  /** Real milliseconds in which a sandbox ride plays its whole happy path (SANDBOX_RIDE_SECONDS). */
  sandboxRideMs: number;
  /** At most one `gps.update` per booking per this many milliseconds (GPS_UPDATE_INTERVAL_SECONDS). */
  gpsIntervalMs: number;
  /** A run continues as new once its history has this many events (and whenever Temporal suggests it). */
  historyLimit: number;
}

export const DEFAULT_RIDE_SETTINGS: RideSettings = { sandboxRideMs: 40_000, gpsIntervalMs: 5_000, historyLimit: 2_000 };

export interface RideState {
  unitId: string | null;
  driver: RideDriver | null;
  vehicle: RideVehicle | null;
  etaMinutes: number | null;
  position: (GpsPosition & { at: string }) | null;
  assignedAt: string | null;
  onTheWayAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  endedAt: string | null;
}

export interface BookingState {
  bookingId: string;
  /** The booking as the workflow started it (a retried create answers from this, not from its own input). */
  booking: BookingRecord;
  status: BookingStatus;
  freeCancellation: boolean;
  freeUntil: string;
  /** When dispatch starts (pickup minus the lead time; sandbox: at once) and whether it has. */
  dispatchAt: string;
  dispatching: boolean;
  /** Sandbox: whether the simulated ride has played (always true for live bookings). */
  simulated: boolean;
  /** Number of the last event recorded for this booking (gap-free from 1). */
  sequence: number;
  ride: RideState;
  cancellation: CancellationRecord | null;
  /** Live dispatch: units tried for this ride and the allocation awaiting the driver's answer. */
  allocation: AllocationState;
  /** Last time a `gps.update` went out (coalescing). */
  lastGpsAt: string | null;
  /** The watch of the flight the pickup meets (live bookings with a flight number); null without one. */
  flightWatch?: FlightWatch | null;
  /** How many runs this booking's history has been split into (continue-as-new). */
  run: number;
}

export interface AllocationState {
  /** Units that declined or did not answer: never allocated this ride again. */
  excluded: string[];
  /** The allocated unit awaiting its driver's answer, and until when (ALLOCATION_ACCEPT_SECONDS). */
  pending: { unitId: string; acceptBy: string } | null;
  /** Whether the allocated unit's driver accepted. */
  accepted: boolean;
}

/** What a run hands to the next one when it continues as new. */
export interface BookingCarry {
  state: BookingState;
  settings: RideSettings;
}

/** A cancellation by the customer side. */
export interface CancelBookingInput {
  reason_code: CancellationReason;
  /** Free text kept with the cancellation (public API `note`). */
  note?: string;
  actor: Extract<BookingActor, 'partner' | 'integrator' | 'ops'>;
}

/** The answer to a cancellation, the same for every repetition of it. */
export interface CancelBookingResult {
  status: BookingStatus;
  cancellation: CancellationRecord;
}

/** A new pickup time: asked by the customer side, or moved by the flight watch. */
export interface RescheduleBookingInput {
  pickup_at: string;
  actor: Extract<BookingActor, 'partner' | 'integrator' | 'ops' | 'system'>;
  cause: RescheduleCause;
}

export interface RescheduleBookingResult {
  status: BookingStatus;
  pickupAt: string;
  freeUntil: string;
  fare: Fare;
}

export type ReportRideProgressInput = RideProgress & { actor: BookingActor };

export interface ReportRideProgressResult {
  status: BookingStatus;
  sequence: number;
}

/** The customer cancels; the validator refuses a booking that can no longer be cancelled, with the reason. */
export const cancelBooking = defineUpdate<CancelBookingResult, [CancelBookingInput]>('cancelBooking');
/** Moves the pickup; the validator refuses once the chauffeur is on the way or (customer) once cancelling costs a fee. */
export const rescheduleBooking = defineUpdate<RescheduleBookingResult, [RescheduleBookingInput]>('rescheduleBooking');
/** The driver side reports progress (driver app, allocation); the validator applies the lifecycle rules. */
export const reportRideProgress = defineUpdate<ReportRideProgressResult, [ReportRideProgressInput]>('reportRideProgress');
/** A GPS position from the car; fire-and-forget, coalesced into at most one `gps.update` per interval. */
export const reportPosition = defineSignal<[GpsPosition & { at?: string }]>('reportPosition');
export const getBookingState = defineQuery<BookingState>('getBookingState');
