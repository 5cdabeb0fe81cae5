import { EntitySchema } from '@mikro-orm/core';
import type { PartnerEnvironment } from './partner';

export interface Place {
  address?: string;
  lat: number;
  lng: number;
}

export interface Booking {
  id: string;
  partnerId: string;
  /** The integrator account the booking belongs to (Public Integration API), if any. */
  accountId?: string | null;
  environment: PartnerEnvironment;
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
  trackingToken: string;
  createdAt: Date;
  updatedAt: Date;
}

export const BookingSchema = new EntitySchema<Booking>({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: { type: 'string', primary: true },
    partnerId: { type: 'string' },
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
    trackingToken: { type: 'string' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});
