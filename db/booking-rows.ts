import type { Booking } from './entities';
import type { SandboxScenario } from '../domain/sandbox';
import type { BookingRecord } from '../contracts/booking';

/** The read-model row of a new booking (status `confirmed`): the API writes it, the workflow's first step too if missing. */
export function bookingRow(record: BookingRecord): Booking {
  return {
    id: record.id,
    partnerId: record.partnerId,
    accountId: record.accountId ?? null,
    environment: record.environment,
    externalId: record.externalId,
    status: 'confirmed',
    vehicleClass: record.vehicleClass,
    market: record.market,
    pickup: record.pickup,
    dropoff: record.dropoff,
    passenger: record.passenger,
    pickupAt: new Date(record.pickupAt),
    currency: record.currency,
    fare: record.fare as unknown as Record<string, unknown>,
    fareTotalMinor: record.fare.total,
    commissionPct: record.commissionPct,
    freeUntil: new Date(record.freeUntil),
    lateCancellationFeeMinor: record.lateCancellationFeeMinor,
    customerReference: record.customerReference ?? null,
    notes: record.notes ?? null,
    quoteId: record.quoteId ?? null,
    sandboxScenario: record.sandboxScenario ?? null,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.createdAt),
  };
}

/** The record a booking row was made from (the housekeeping sweep and a retried create start the workflow with it). */
export function recordFromRow(row: Booking): BookingRecord {
  return {
    id: row.id,
    partnerId: row.partnerId,
    accountId: row.accountId ?? null,
    environment: row.environment,
    externalId: row.externalId ?? null,
    vehicleClass: row.vehicleClass,
    pickup: row.pickup,
    dropoff: row.dropoff,
    passenger: row.passenger,
    pickupAt: row.pickupAt.toISOString(),
    market: row.market,
    currency: row.currency,
    fare: row.fare as unknown as BookingRecord['fare'],
    commissionPct: row.commissionPct,
    freeUntil: row.freeUntil.toISOString(),
    lateCancellationFeeMinor: row.lateCancellationFeeMinor,
    customerReference: row.customerReference ?? null,
    notes: row.notes ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(row.quoteId ? { quoteId: row.quoteId } : {}),
    sandboxScenario: (row.sandboxScenario as SandboxScenario | null) ?? null,
  };
}
