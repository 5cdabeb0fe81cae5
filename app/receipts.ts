import type { MikroORM } from '@mikro-orm/postgresql';
import { BookingSchema } from '../db/entities';

/**
 * Revokes every receipt link of a booking (say, one forwarded to the wrong person): from now on they answer 410.
 * Revoking again keeps the first time. Returns when it was revoked, or null for an unknown booking.
 */
export async function revokeReceipt(orm: MikroORM, bookingId: string): Promise<Date | null> {
  const em = orm.em.fork();
  const booking = await em.findOne(BookingSchema, { id: bookingId });
  if (!booking) return null;
  booking.receiptRevokedAt ??= new Date();
  await em.flush();
  return booking.receiptRevokedAt;
}
