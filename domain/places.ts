import { distanceKm } from './eta';
import type { GeoPoint } from './pricing';

/**
 * What an address can resolve to: a point people name (an airport, a station, a street address, a landmark) or only a
 * city. A geocoder (app/places.ts chooses one) answers candidates of this shape, best first.
 */
export type PlaceKind = 'airport' | 'station' | 'address' | 'landmark' | 'city';

export interface PlaceCandidate extends GeoPoint {
  /** The place's own name: "Gare du Nord", "Heathrow Terminal 5", "Paris". */
  name: string;
  kind: PlaceKind;
  /** The city (or town) it is in; the city itself for a city. */
  city: string;
  /** The country's name in English, and its ISO 3166-1 alpha-2 code. */
  country: string;
  countryCode: string;
  /** One line to show and to send as the address: "Gare du Nord, Paris, France". */
  label: string;
  /** An airport's (or its terminal's) IATA code. */
  iata?: string;
}

/**
 * How far an address may lie from the coordinates sent with it: 5 km from a place people name (an airport's terminal
 * and its ground transport, a station's forecourt and taxi rank, a street address geocoded to its block), 30 km from
 * a city when the address names only its city (a city's centre stands for all of it; a hub's airports sit up to
 * 25 km out).
 */
export const ADDRESS_TOLERANCE_KM = { place: 5, city: 30 } as const;

export function toleranceKm(kind: PlaceKind): number {
  return kind === 'city' ? ADDRESS_TOLERANCE_KM.city : ADDRESS_TOLERANCE_KM.place;
}

export interface AddressMismatch {
  /** The nearest of the places the address resolved to, and how far it is from the coordinates (km, one decimal). */
  place: PlaceCandidate;
  distanceKm: number;
  toleranceKm: number;
}

/**
 * Whether `point` can be where `candidates` (what the address resolved to) say: null when one of them lies within its
 * tolerance, or when the address resolved to nothing (nothing is known, so nothing is refused); otherwise the nearest.
 */
export function addressMismatch(candidates: readonly PlaceCandidate[], point: GeoPoint): AddressMismatch | null {
  let nearest: AddressMismatch | null = null;
  for (const place of candidates) {
    const d = distanceKm(place, point);
    if (d <= toleranceKm(place.kind)) return null;
    if (!nearest || d < nearest.distanceKm) nearest = { place, distanceKm: Math.round(d * 10) / 10, toleranceKm: toleranceKm(place.kind) };
  }
  return nearest;
}

/** Text as a matcher compares it: no accents, no case, words separated by one space ("Zürich HB" → "zurich hb"). */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A geocoder: the embedded gazetteer (domain/gazetteer.ts) or a provider over HTTP (infra/geocoder.ts); app/places.ts
 * chooses by GEOCODER. Both may throw when they cannot answer (a provider out of reach).
 */
export interface Geocoder {
  /** Its name in answers and logs: `embedded`, `nominatim`, `photon`. */
  readonly provider: string;
  /** Places for someone typing `query`, best first, at most `limit`. */
  search(query: string, limit: number): Promise<PlaceCandidate[]>;
  /** What a complete address means: the places it may be, or none when it cannot say. */
  resolve(address: string): Promise<PlaceCandidate[]>;
}
