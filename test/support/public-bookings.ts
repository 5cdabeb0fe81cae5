import { BookingSchema, type Booking, type Place } from '../../db/entities';
import type { BookingStatus } from '../../domain/booking-lifecycle';
import { marketOf } from '../../domain/markets';
import { priceFare } from '../../domain/pricing';
import { newId } from '../../infra/ids';
import type { TestDatabase } from './db';

export interface ReadModelBooking {
  accountId: string;
  environment: 'live' | 'sandbox';
  status: BookingStatus;
  pickup: Place;
  dropoff: Place;
  pickupAt: Date;
  ride?: Partial<Booking>;
}

/**
 * Writes read-model bookings of `partnerId` straight to the table (priced as the hub prices them), each created a
 * second after the one before, so their ids sort in insertion order. Answers each booking's id.
 */
export function readModelBookings(db: () => TestDatabase, partnerId: () => string | null) {
  let seq = 0;
  return async function insertBooking(input: ReadModelBooking): Promise<string> {
    const createdAt = new Date(Date.now() - 3_600_000 + ++seq * 1000);
    const fare = priceFare({
      pickup: input.pickup,
      dropoff: input.dropoff,
      pickupAt: input.pickupAt,
      vehicleClass: 'executive',
      currency: 'EUR',
    });
    const em = db().orm.em.fork();
    const booking = em.create(BookingSchema, {
      id: newId('bkg', createdAt.getTime()),
      partnerId: partnerId(),
      accountId: input.accountId,
      environment: input.environment,
      status: input.status,
      vehicleClass: 'executive',
      market: marketOf(input.pickup),
      pickup: input.pickup,
      dropoff: input.dropoff,
      passenger: { name: 'Ada Lovelace' },
      pickupAt: input.pickupAt,
      currency: fare.currency,
      fare: fare as unknown as Record<string, unknown>,
      fareTotalMinor: fare.total,
      commissionPct: 0,
      freeUntil: input.pickupAt,
      lateCancellationFeeMinor: 0,
      createdAt,
      updatedAt: createdAt,
      ...input.ride,
    });
    await em.flush();
    return booking.id;
  };
}
