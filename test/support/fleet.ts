import type { MikroORM } from '@mikro-orm/postgresql';
import { BookingSchema, type Place } from '../../db/entities';
import { addUnit, issueDriverCredential } from '../../app/fleet';
import type { ComplianceDocuments } from '../../domain/compliance';
import { marketOf } from '../../domain/markets';
import { priceFare } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import { TEST_SECRETS } from './hub';

let plate = 0;

/** `YYYY-MM-DD`, `days` from today (UTC). */
export const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const VALID_DOCUMENTS: ComplianceDocuments = {
  driving_licence: dateIn(400),
  insurance: dateIn(300),
  vehicle_inspection: dateIn(200),
  operator_permit: dateIn(500),
};

export async function createTestUnit(
  orm: MikroORM,
  input: {
    market?: string;
    vehicleClass?: string;
    documents?: ComplianceDocuments;
    state?: 'offline' | 'available' | 'assigned' | 'on_trip';
    position?: { lat: number; lng: number };
    name?: string;
  } = {},
) {
  const unit = await addUnit(orm, {
    market: input.market ?? 'PAR',
    vehicleClass: input.vehicleClass ?? 'executive',
    vehicle: { make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: `TEST-${process.pid}-${++plate}` },
    chauffeur: {
      name: input.name ?? 'Jean Dupont',
      phone: '+33611111111',
      photo_url: 'https://example.com/jean.jpg',
      licence_no: 'FR-123456',
      rating: 4.9,
    },
    documents: input.documents ?? VALID_DOCUMENTS,
  });
  if (input.state || input.position) {
    await orm.em
      .getConnection()
      .execute(`update fleet_units set dispatch_state = ?, position_lat = ?, position_lng = ?, position_at = ? where id = ?`, [
        input.state ?? 'offline',
        input.position?.lat ?? null,
        input.position?.lng ?? null,
        input.position ? new Date(Date.now() - 60_000) : null,
        unit.id,
      ]);
  }
  const { credential } = await issueDriverCredential(orm, TEST_SECRETS, unit.id);
  return { id: unit.id, credential, plate: unit.vehicle.plate };
}

export const CDG: Place = { address: 'Paris Charles de Gaulle, Terminal 2E', lat: 49.0097, lng: 2.5479 };
export const VENDOME: Place = { address: '10 Place Vendôme, Paris', lat: 48.8674, lng: 2.3294 };

/** A live booking row in the read model, as the lifecycle would have written it. */
export async function insertTestBooking(
  orm: MikroORM,
  input: {
    partnerId: string;
    status?: string;
    vehicleClass?: string;
    pickup?: Place;
    dropoff?: Place;
    pickupAt?: Date;
    environment?: 'live' | 'sandbox';
  },
) {
  const pickup = input.pickup ?? CDG;
  const dropoff = input.dropoff ?? VENDOME;
  const pickupAt = input.pickupAt ?? new Date(Date.now() + 3_600_000);
  const vehicleClass = input.vehicleClass ?? 'executive';
  const fare = priceFare({ pickup, dropoff, pickupAt, vehicleClass, currency: 'EUR', commissionBasisPoints: 1250 });
  const em = orm.em.fork();
  const now = new Date();
  const booking = em.create(BookingSchema, {
    id: newId('bkg'),
    partnerId: input.partnerId,
    environment: input.environment ?? 'live',
    status: input.status ?? 'confirmed',
    vehicleClass,
    market: marketOf(pickup),
    pickup,
    dropoff,
    passenger: { name: 'Ada Lovelace', phone: '+33612345678' },
    pickupAt,
    currency: fare.currency,
    fare: fare as unknown as Record<string, unknown>,
    fareTotalMinor: fare.total,
    commissionPct: 12.5,
    freeUntil: pickupAt,
    lateCancellationFeeMinor: 0,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return booking;
}
