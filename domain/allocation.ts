import { distanceKm } from './eta';

/** What allocation knows of a unit; the activity reads it from `fleet_units`. */
export interface AllocationCandidate {
  id: string;
  market: string;
  vehicleClass: string;
  dispatchState: string;
  /** Earliest lapse of the unit's documents; null (a document missing) counts as lapsed. */
  complianceLapsesAt: Date | null;
  position: { lat: number; lng: number } | null;
}

export interface AllocationRequest {
  market: string;
  vehicleClass: string;
  pickup: { lat: number; lng: number };
  /** Units already tried for this booking (declined, no answer). */
  exclude: readonly string[];
  now: Date;
}

/**
 * Units that may take the ride, best first: not lapsed (an `expiring` unit still may), `available`, of the booked
 * class, in the booking's market, not excluded; nearest to the pickup first, units without a known position last,
 * ties by id so the order is stable.
 */
export function rankUnits<T extends AllocationCandidate>(units: readonly T[], request: AllocationRequest): T[] {
  const eligible = units.filter(
    (u) =>
      u.complianceLapsesAt !== null &&
      u.complianceLapsesAt.getTime() > request.now.getTime() &&
      u.dispatchState === 'available' &&
      u.vehicleClass === request.vehicleClass &&
      u.market === request.market &&
      !request.exclude.includes(u.id),
  );
  const distance = (u: T) => (u.position ? distanceKm(u.position, request.pickup) : Number.POSITIVE_INFINITY);
  return eligible
    .map((u) => ({ u, d: distance(u) }))
    .sort((a, b) => a.d - b.d || (a.u.id < b.u.id ? -1 : a.u.id > b.u.id ? 1 : 0))
    .map(({ u }) => u);
}

/** The allocated driver must accept in the driver app within this long, or dispatch moves to the next unit. */
export const ALLOCATION_ACCEPT_SECONDS = 120;
/** While no unit can take the ride, dispatch looks again this often (until pickup time plus the search grace). */
export const ALLOCATION_RETRY_SECONDS = 60;

/** Where a unit goes when it leaves a ride before the trip: a decline keeps it `available`, no answer takes it `offline`. */
export function stateAfterWithdrawal(reason: 'declined' | 'no_answer'): 'available' | 'offline' {
  return reason === 'declined' ? 'available' : 'offline';
}
