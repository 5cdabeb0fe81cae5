import type { CancellationRecord } from './cancellation';
import type { LineKind } from './tax-rules';
import { driverIdOf, waitingMinutes } from './settlement';
import type { Environment } from './environment';

/** What the ledger needs of a booking that just ended. */
export interface EndedBooking {
  id: string;
  status: string;
  partnerId: string | null;
  accountId?: string | null;
  environment: Environment;
  currency: string;
  market: string;
  vehicleClass: string;
  fareTotalMinor: number;
  fare: { commission?: number };
  cancellation?: CancellationRecord | null;
  completedAt?: Date | null;
  endedAt?: Date | null;
  unitId?: string | null;
  driver?: { name?: string; licence_no?: string } | null;
  pickupAt: Date | string;
  pickup?: { flight_number?: string | null } | Record<string, unknown>;
  arrivedAt?: Date | null;
  startedAt?: Date | null;
}

/** One billable fact: a ride completed, or a fee charged for one that did not happen. */
export interface BillableFact {
  bookingId: string;
  kind: Extract<LineKind, 'fare' | 'cancellation_fee' | 'no_show_fee'>;
  partyKind: 'account' | 'partner';
  partyId: string;
  livemode: boolean;
  currency: string;
  /** What the booking charged, tax included, in minor units. */
  grossMinor: number;
  /** The partner's commission on it (partners are billed net of it). */
  commissionMinor: number;
  jurisdiction: string;
  vehicleClass: string;
  /** The tax point: completion, or when the fee was charged. */
  taxPoint: Date;
  /** Who drove it (settlements): the fleet unit, or the simulated driver of a sandbox ride; null when no one did. */
  driverId: string | null;
  driverName: string | null;
  /** Minutes the chauffeur waited past the free window (settled to the driver, never billed). */
  waitingMinutes: number;
}

/**
 * The fact a booking's final status makes, if any: a completed ride bills its fare; a cancellation or a no-show bills
 * its fee when one was charged. The party is the account that booked it, else its partner.
 */
export function billableFactOf(b: EndedBooking): BillableFact | null {
  const party = b.accountId
    ? { partyKind: 'account' as const, partyId: b.accountId }
    : b.partnerId
      ? { partyKind: 'partner' as const, partyId: b.partnerId }
      : null;
  if (!party) return null;
  const common = {
    bookingId: b.id,
    ...party,
    livemode: b.environment === 'live',
    currency: b.currency,
    jurisdiction: b.market,
    vehicleClass: b.vehicleClass,
    driverId: driverIdOf(b),
    driverName: b.driver?.name ?? null,
    waitingMinutes: 0,
  };
  if (b.status === 'completed') {
    const commissionMinor = party.partyKind === 'partner' ? (b.fare.commission ?? 0) : 0;
    const flight = Boolean((b.pickup as { flight_number?: string | null } | undefined)?.flight_number);
    return {
      ...common,
      kind: 'fare',
      grossMinor: b.fareTotalMinor,
      commissionMinor,
      taxPoint: b.completedAt ?? b.endedAt ?? new Date(0),
      waitingMinutes: waitingMinutes({ pickupAt: b.pickupAt, arrivedAt: b.arrivedAt, startedAt: b.startedAt, flight }),
    };
  }
  const fee = b.cancellation;
  if ((b.status === 'cancelled' || b.status === 'no_show') && fee?.charged && fee.fee_minor > 0) {
    const kind = b.status === 'no_show' ? 'no_show_fee' : 'cancellation_fee';
    return { ...common, kind, grossMinor: fee.fee_minor, commissionMinor: 0, taxPoint: new Date(fee.cancelled_at) };
  }
  return null;
}
