import type { MikroORM } from '@mikro-orm/postgresql';
import { appendBillingEntry } from '../db/billing-entries';

/**
 * A ride of an account that ended at `at`, written to the ledger as the booking activity writes it (an executive
 * ride in Paris, in euros, live, completed, unless told otherwise). For tests, recordings and benchmarks that need
 * billable facts without playing the rides.
 */
export async function appendBilledRide(
  orm: MikroORM,
  ride: {
    bookingId: string;
    accountId: string;
    grossMinor: number;
    at: Date | string;
    live?: boolean;
    market?: string;
    currency?: string;
    status?: 'completed' | 'no_show';
    /** The fleet unit that drove it, with its chauffeur (settlements). */
    unit?: { id: string; driverName: string };
    /** Minutes between the chauffeur's arrival at the booked pickup time and the passenger boarding (none by default). */
    waitedMinutes?: number;
  },
): Promise<void> {
  const at = new Date(ride.at);
  const pickupAt = new Date(at.getTime() - 3600_000);
  await appendBillingEntry(orm.em.fork(), {
    id: ride.bookingId,
    status: ride.status ?? 'completed',
    partnerId: null,
    accountId: ride.accountId,
    environment: ride.live === false ? 'sandbox' : 'live',
    currency: ride.currency ?? 'EUR',
    market: ride.market ?? 'PAR',
    vehicleClass: 'executive',
    fareTotalMinor: ride.grossMinor,
    fare: { commission: 0 },
    cancellation:
      ride.status === 'no_show'
        ? {
            reason_code: 'passenger_no_show',
            cancelled_by: 'driver',
            cancelled_at: at.toISOString(),
            fee_minor: ride.grossMinor,
            charged: true,
          }
        : null,
    completedAt: at,
    endedAt: at,
    pickupAt,
    arrivedAt: pickupAt,
    startedAt: new Date(pickupAt.getTime() + (ride.waitedMinutes ?? 0) * 60_000),
    unitId: ride.unit?.id ?? null,
    driver: ride.unit ? { name: ride.unit.driverName, licence_no: `LIC-${ride.unit.id}` } : null,
  });
}
