import { createIntegratorAccount, createPartner } from '../../app/accounts';
import { BookingSchema, type Booking } from '../../db/entities';
import { readBooking } from '../../db/booking-reads';
import { priceFare } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import { freshDatabase, type TestDatabase } from '../support/db';
import { TEST_SECRETS } from '../support/hub';

let db: TestDatabase;
let owners: { partnerId: string; accountId: string };
beforeAll(async () => {
  db = await freshDatabase();
  const [partner, account] = await Promise.all([
    createPartner(db.orm, TEST_SECRETS, { name: 'Reads' }),
    createIntegratorAccount(db.orm, 'Reads'),
  ]);
  owners = { partnerId: partner.partnerId, accountId: account.accountId };
});
afterAll(() => db?.close());

/** A booking with every column set, so that a column the mapping missed or mistyped shows. */
function fullBooking(): Booking {
  const pickup = { lat: 49.0097, lng: 2.5479, address: 'CDG T2E', flight_number: 'XX0045' };
  const dropoff = { lat: 48.8674, lng: 2.3294, address: 'Rue de la Paix' };
  const pickupAt = new Date('2027-03-15T10:00:00.123Z');
  const fare = priceFare({ pickup, dropoff, pickupAt, vehicleClass: 'executive', currency: 'EUR' });
  const at = (minutes: number) => new Date(pickupAt.getTime() + minutes * 60_000);
  return {
    id: newId('bkg'),
    ...owners,
    environment: 'live',
    externalId: newId('ext'),
    status: 'completed',
    vehicleClass: 'executive',
    market: 'PAR',
    pickup,
    dropoff,
    passenger: { name: 'Ada Lovelace', phone: '+33612345678', pax: 2 },
    pickupAt,
    currency: 'EUR',
    fare: fare as unknown as Record<string, unknown>,
    fareTotalMinor: fare.total,
    commissionPct: 12.5,
    freeUntil: at(-120),
    lateCancellationFeeMinor: 2500,
    customerReference: 'PO-7',
    notes: 'Gate B',
    lastReschedule: { from: at(-60).toISOString(), to: pickupAt.toISOString(), cause: 'customer' },
    flightWatch: { flight_number: 'XX0045', status: 'landed' },
    quoteId: newId('quo'),
    sandboxScenario: null,
    unitId: newId('unit'),
    driver: { name: 'Camille', phone: '+33600000001', photo_url: 'https://example.com/c.jpg', licence_no: 'L1', rating: 4.9 },
    vehicle: { make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: 'SB-042-XZ' },
    assignedAt: at(-30),
    acceptedAt: at(-29),
    onTheWayAt: at(-20),
    arrivedAt: at(-2),
    startedAt: at(0),
    completedAt: at(50),
    endedAt: at(50),
    positionLat: 48.8674,
    positionLng: 2.3294,
    positionAt: at(50),
    etaMinutes: 0,
    etaAt: at(50),
    cancellation: null,
    trip: { distance_km: 31.2, duration_minutes: 50 },
    createdAt: at(-1440),
    updatedAt: at(50),
  };
}

describe('readBooking', () => {
  it('answers the row exactly as the ORM hydrates it, every column mapped with its type', async () => {
    const booking = fullBooking();
    const em = db.orm.em.fork();
    em.create(BookingSchema, booking);
    await em.flush();
    const viaOrm = await db.orm.em.fork().findOneOrFail(BookingSchema, { id: booking.id });
    const read = await readBooking(db.orm, booking.id, { environment: 'live' });
    expect(read).toEqual({ ...viaOrm });
    expect(read!.pickupAt).toEqual(booking.pickupAt);
    expect(read!.commissionPct).toBe(12.5);
  });

  it('answers null for another environment, partner or account, as for an unknown id', async () => {
    const booking = fullBooking();
    const em = db.orm.em.fork();
    em.create(BookingSchema, booking);
    await em.flush();
    const { id, partnerId, accountId } = booking;
    expect(await readBooking(db.orm, id, { environment: 'live', partnerId: partnerId!, accountId: accountId! })).not.toBeNull();
    expect(await readBooking(db.orm, id, { environment: 'sandbox' })).toBeNull();
    expect(await readBooking(db.orm, id, { environment: 'live', partnerId: newId('ptn') })).toBeNull();
    expect(await readBooking(db.orm, id, { environment: 'live', accountId: newId('acct') })).toBeNull();
    expect(await readBooking(db.orm, newId('bkg'), { environment: 'live' })).toBeNull();
  });
});
