/** When a quote may be turned into a booking: pure rules, called by the quote workflow's `claimQuote` validator. */

export interface QuotedTrip {
  partnerId: string;
  environment: 'sandbox' | 'live';
  vehicleClass: string;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  pickupAt: string;
  currency: string;
  expiresAt: string;
}

export interface QuoteClaimRequest {
  bookingId: string;
  partnerId: string;
  environment: 'sandbox' | 'live';
  vehicleClass: string;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  pickupAt: string;
  /** Only when the booking request names one explicitly; otherwise the booking takes the quote's. */
  currency?: string;
}

export type QuoteRefusal =
  | { code: 'not_found' }
  | { code: 'used'; claimedBy: string }
  | { code: 'expired'; expiresAt: string }
  | { code: 'mismatch'; fields: { param: string; quoted: string | number }[] };

/** Coordinates agree when they differ by less than this many degrees (about half a metre). */
export const COORDINATE_TOLERANCE_DEG = 0.000005;

const sameCoordinate = (a: number, b: number) => Math.abs(a - b) < COORDINATE_TOLERANCE_DEG;

/** The booking fields that disagree with the quote, each with the quoted value. */
export function quoteMismatches(quote: QuotedTrip, request: QuoteClaimRequest): { param: string; quoted: string | number }[] {
  const fields: { param: string; quoted: string | number }[] = [];
  if (!sameCoordinate(quote.pickup.lat, request.pickup.lat)) fields.push({ param: 'pickup.lat', quoted: quote.pickup.lat });
  if (!sameCoordinate(quote.pickup.lng, request.pickup.lng)) fields.push({ param: 'pickup.lng', quoted: quote.pickup.lng });
  if (!sameCoordinate(quote.dropoff.lat, request.dropoff.lat)) fields.push({ param: 'dropoff.lat', quoted: quote.dropoff.lat });
  if (!sameCoordinate(quote.dropoff.lng, request.dropoff.lng)) fields.push({ param: 'dropoff.lng', quoted: quote.dropoff.lng });
  if (Date.parse(quote.pickupAt) !== Date.parse(request.pickupAt)) fields.push({ param: 'pickup.datetime', quoted: quote.pickupAt });
  if (quote.vehicleClass !== request.vehicleClass) fields.push({ param: 'vehicle_class', quoted: quote.vehicleClass });
  if (request.currency !== undefined && request.currency !== quote.currency) fields.push({ param: 'currency', quoted: quote.currency });
  return fields;
}

/**
 * Why `request` may not claim the quote now, or null when it may. Another partner's or environment's quote is
 * `not_found` (it must look exactly like an unknown one). A claim repeated by the booking that already holds the
 * quote is accepted again, even after expiry: it is the same claim, retried. A quote is valid while `now` is before
 * `expiresAt`.
 */
export function quoteRefusal(quote: QuotedTrip, claimedBy: string | null, request: QuoteClaimRequest, now: number): QuoteRefusal | null {
  if (quote.partnerId !== request.partnerId || quote.environment !== request.environment) return { code: 'not_found' };
  if (claimedBy === request.bookingId) return null;
  if (claimedBy !== null) return { code: 'used', claimedBy };
  if (now >= Date.parse(quote.expiresAt)) return { code: 'expired', expiresAt: quote.expiresAt };
  const fields = quoteMismatches(quote, request);
  return fields.length ? { code: 'mismatch', fields } : null;
}
