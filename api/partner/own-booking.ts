import type { MikroORM } from '@mikro-orm/postgresql';
import { readBooking } from '../../db/booking-reads';
import type { Booking } from '../../db/entities';
import type { Principal } from '../auth/principal';
import { environmentOf } from '../../domain/environment';

/** The partner's booking `id` in the caller's environment; null for an unknown id and for anyone else's booking alike. */
export function findOwnBooking(orm: MikroORM, principal: Principal, id: string): Promise<Booking | null> {
  return readBooking(orm, id, { partnerId: principal.ownerId, environment: environmentOf(principal.livemode) });
}
