import { maskPhone } from './phone-mask';

/** How long the record of each read of passenger data is kept (docs/security.md): 13 months, a year's audits and some. */
export const PASSENGER_READS_RETENTION_DAYS = 400;

/** A booking's passenger as the public API shows it to a key with `passengers.read`: the name and a masked phone. */
export type PublicPassengerShape = { name: string; phone: string | null } | null;

/** Null once the retention sweep erased the passenger (or a booking stored none). */
export function publicPassengerView(passenger: Record<string, unknown>): PublicPassengerShape {
  const name = typeof passenger.name === 'string' ? passenger.name : null;
  if (!name || passenger.erased_at) return null;
  return { name, phone: typeof passenger.phone === 'string' && passenger.phone ? maskPhone(passenger.phone) : null };
}
