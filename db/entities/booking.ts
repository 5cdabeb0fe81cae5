import { EntitySchema } from '@mikro-orm/core';
import type { Environment } from '../../domain/environment';

export interface Place {
  address?: string;
  lat: number;
  lng: number;
}

export interface Booking {
  id: string;
  /** The partner that booked it; null for a booking an integrator account made through the public API. */
  partnerId: string | null;
  /** The integrator account the booking belongs to (Public Integration API), if any. */
  accountId?: string | null;
  environment: Environment;
  externalId?: string | null;
  status: string;
  vehicleClass: string;
  /** Market code of the pickup (domain/markets.ts). */
  market: string;
  pickup: Place & { flight_number?: string };
  dropoff: Place;
  passenger: Record<string, unknown>;
  pickupAt: Date;
  currency: string;
  /** Fare breakdown in integer minor units of `currency`, with the conversion rate used. */
  fare: Record<string, unknown>;
  fareTotalMinor: number;
  commissionPct: number;
  freeUntil: Date;
  lateCancellationFeeMinor: number;
  /** The account's own reference (cost centre, PO), echoed wherever the booking appears. */
  customerReference?: string | null;
  /** The booker's notes for the chauffeur. */
  notes?: string | null;
  /** The latest change of pickup time (domain/reschedule.ts `RescheduleRecord`). */
  lastReschedule?: Record<string, unknown> | null;
  /** The watch of the flight an airport pickup meets (domain/flight-watch.ts `FlightWatch`). */
  flightWatch?: Record<string, unknown> | null;
  /** The quote whose price the booking keeps, when made from one. */
  quoteId?: string | null;
  /** Sandbox only: the simulated ride it plays (`X-Sandbox-Scenario`). */
  sandboxScenario?: string | null;
  /** When its workflow's first step ran: a booking with it set is never deleted, nor started again by the sweep. */
  workflowStartedAt?: Date | null;
  /** Fleet unit allocated to a live ride (null for sandbox rides and before allocation). */
  unitId?: string | null;
  driver?: BookingDriver | null;
  vehicle?: BookingVehicle | null;
  assignedAt?: Date | null;
  /** When the chauffeur accepted the allocation (the allocation time when no answer was asked: sandbox, ops). */
  acceptedAt?: Date | null;
  onTheWayAt?: Date | null;
  arrivedAt?: Date | null;
  startedAt?: Date | null;
  completedAt?: Date | null;
  /** When the booking reached a terminal status (completed, cancelled, no_show, no_driver_available). */
  endedAt?: Date | null;
  /** When the retention sweep erased the passenger's name and contact data (docs/security.md). */
  passengerErasedAt?: Date | null;
  /** Set by ops (`hub receipts revoke`): the booking's receipt links answer 410 from then on. */
  receiptRevokedAt?: Date | null;
  /** Latest known position of the car; a newer report replaces it (no history kept here). */
  positionLat?: number | null;
  positionLng?: number | null;
  positionAt?: Date | null;
  etaMinutes?: number | null;
  /** When the car is expected (pickup, then drop-off once on board): the ETA's report time plus `etaMinutes`. */
  etaAt?: Date | null;
  cancellation?: Record<string, unknown> | null;
  /** The trip as driven: actual distance and duration, final fare (minor units). */
  trip?: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface BookingDriver {
  name: string;
  phone: string;
  photo_url: string;
  licence_no: string;
  rating: number;
}

export interface BookingVehicle {
  make: string;
  model: string;
  year: number;
  color: string;
  plate: string;
}

export const BookingSchema = new EntitySchema<Booking>({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: { type: 'string', primary: true },
    partnerId: { type: 'string', nullable: true },
    accountId: { type: 'string', nullable: true },
    environment: { type: 'string' },
    externalId: { type: 'string', nullable: true },
    status: { type: 'string' },
    vehicleClass: { type: 'string' },
    market: { type: 'string' },
    pickup: { type: 'json' },
    dropoff: { type: 'json' },
    passenger: { type: 'json' },
    pickupAt: { type: 'datetime' },
    currency: { type: 'string' },
    fare: { type: 'json' },
    fareTotalMinor: { type: 'integer' },
    commissionPct: { type: 'double' },
    freeUntil: { type: 'datetime' },
    lateCancellationFeeMinor: { type: 'integer' },
    customerReference: { type: 'string', nullable: true },
    notes: { type: 'text', nullable: true },
    lastReschedule: { type: 'json', nullable: true },
    flightWatch: { type: 'json', nullable: true },
    quoteId: { type: 'string', nullable: true },
    sandboxScenario: { type: 'string', nullable: true },
    workflowStartedAt: { type: 'datetime', nullable: true },
    unitId: { type: 'string', nullable: true },
    driver: { type: 'json', nullable: true },
    vehicle: { type: 'json', nullable: true },
    assignedAt: { type: 'datetime', nullable: true },
    acceptedAt: { type: 'datetime', nullable: true },
    onTheWayAt: { type: 'datetime', nullable: true },
    arrivedAt: { type: 'datetime', nullable: true },
    startedAt: { type: 'datetime', nullable: true },
    completedAt: { type: 'datetime', nullable: true },
    endedAt: { type: 'datetime', nullable: true },
    passengerErasedAt: { type: 'datetime', nullable: true },
    receiptRevokedAt: { type: 'datetime', nullable: true },
    positionLat: { type: 'double', nullable: true },
    positionLng: { type: 'double', nullable: true },
    positionAt: { type: 'datetime', nullable: true },
    etaMinutes: { type: 'integer', nullable: true },
    etaAt: { type: 'datetime', nullable: true },
    cancellation: { type: 'json', nullable: true },
    trip: { type: 'json', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});
