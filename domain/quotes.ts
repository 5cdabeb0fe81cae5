import type { Environment } from './environment';

/** When a quote may be turned into a booking: pure rules, called by the quote workflow's `claimQuote` validator. */

/** An airport as a place: its IATA code and, where known, the terminal. */
export interface AirportPlace {
  iata: string;
  terminal?: string;
}

/** A point of a quoted trip: where it is, and (Public Integration API) what people call it. */
export interface QuotedPlace {
  lat: number;
  lng: number;
  /** The address as given, or the airport's name: chauffeur, passenger, receipt and invoice read it. */
  address?: string;
  place?: AirportPlace;
}

/** The text of a place: its address as given, else its airport and terminal ("CDG airport, terminal 2E"). */
export function placeAddress(address: string | undefined, place: AirportPlace | undefined): string | undefined {
  if (address) return address;
  if (!place) return undefined;
  return `${place.iata} airport${place.terminal ? `, terminal ${place.terminal}` : ''}`;
}

export interface QuotedTrip {
  /** The owner: a partner, or (Public Integration API) an integrator account. */
  partnerId: string | null;
  accountId?: string | null;
  environment: Environment;
  vehicleClass: string;
  pickup: QuotedPlace;
  dropoff: QuotedPlace;
  pickupAt: string;
  currency: string;
  expiresAt: string;
}

/**
 * A booking's claim of a quote. The trip fields are those a partner's booking repeats, checked against the quote; a
 * public booking names only the quote and takes its trip from it.
 */
export interface QuoteClaimRequest {
  bookingId: string;
  partnerId: string | null;
  accountId?: string | null;
  environment: Environment;
  vehicleClass?: string;
  pickup?: { lat: number; lng: number };
  dropoff?: { lat: number; lng: number };
  pickupAt?: string;
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
  const { pickup, dropoff } = request;
  if (pickup && !sameCoordinate(quote.pickup.lat, pickup.lat)) fields.push({ param: 'pickup.lat', quoted: quote.pickup.lat });
  if (pickup && !sameCoordinate(quote.pickup.lng, pickup.lng)) fields.push({ param: 'pickup.lng', quoted: quote.pickup.lng });
  if (dropoff && !sameCoordinate(quote.dropoff.lat, dropoff.lat)) fields.push({ param: 'dropoff.lat', quoted: quote.dropoff.lat });
  if (dropoff && !sameCoordinate(quote.dropoff.lng, dropoff.lng)) fields.push({ param: 'dropoff.lng', quoted: quote.dropoff.lng });
  if (request.pickupAt !== undefined && Date.parse(quote.pickupAt) !== Date.parse(request.pickupAt))
    fields.push({ param: 'pickup.datetime', quoted: quote.pickupAt });
  if (request.vehicleClass !== undefined && quote.vehicleClass !== request.vehicleClass)
    fields.push({ param: 'vehicle_class', quoted: quote.vehicleClass });
  if (request.currency !== undefined && request.currency !== quote.currency) fields.push({ param: 'currency', quoted: quote.currency });
  return fields;
}

/**
 * Why `request` may not claim the quote now, or null when it may. Another owner's (partner or account) or environment's quote is
 * `not_found` (it must look exactly like an unknown one). A claim repeated by the booking that already holds the
 * quote is accepted again, even after expiry: it is the same claim, retried. A quote is valid while `now` is before
 * `expiresAt`.
 */
export function quoteRefusal(quote: QuotedTrip, claimedBy: string | null, request: QuoteClaimRequest, now: number): QuoteRefusal | null {
  const sameOwner = quote.partnerId === request.partnerId && (quote.accountId ?? null) === (request.accountId ?? null);
  if (!sameOwner || quote.environment !== request.environment) return { code: 'not_found' };
  if (claimedBy === request.bookingId) return null;
  if (claimedBy !== null) return { code: 'used', claimedBy };
  if (now >= Date.parse(quote.expiresAt)) return { code: 'expired', expiresAt: quote.expiresAt };
  const fields = quoteMismatches(quote, request);
  return fields.length ? { code: 'mismatch', fields } : null;
}
