import type { MikroORM } from '@mikro-orm/postgresql';
import { readBooking } from '../../db/booking-reads';
import type { Booking } from '../../db/entities';
import type { Principal } from '../auth/principal';
import { environmentOf } from '../../domain/environment';

/**
 * The bookings a public caller sees: those of its key's environment, and among them its account's own, unless the
 * account is an operator's (every account's and partner's). Anything else answers 404, as an unknown ref does.
 */
export function visibleBookings(principal: Principal): Pick<Booking, 'environment'> & { accountId?: string } {
  const environment = environmentOf(principal.livemode);
  return principal.accountKind === 'operator' ? { environment } : { environment, accountId: principal.ownerId };
}

export function findVisibleBooking(orm: MikroORM, principal: Principal, ref: string): Promise<Booking | null> {
  return readBooking(orm, ref, visibleBookings(principal));
}
