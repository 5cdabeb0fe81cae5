import { HubEventSchema } from '../db/entities';
import type { Orm } from '../db/orm';

/** A sandbox booking's body for POST /v1/bookings (and the raw start): Paris CDG → Opéra, two days ahead. */
export function sandboxBookingBody(externalId: string): string {
  return JSON.stringify({
    external_id: `BENCH-${externalId}`,
    pickup: { lat: 49.0097, lng: 2.5479, datetime: new Date(Date.now() + 48 * 3600_000).toISOString() },
    dropoff: { lat: 48.8674, lng: 2.3294 },
    passenger: { name: 'Bench', phone: '+33612345678' },
    vehicle_class: 'standard',
  });
}

/** Bookings whose workflow ran its first step (`booking.created` recorded). */
export function bookingsCreated(orm: Orm): Promise<number> {
  return orm.em.fork().count(HubEventSchema, { type: 'booking.created' });
}
