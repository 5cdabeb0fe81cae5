import { airportsInGazetteer, resolveInGazetteer, searchGazetteer } from '../domain/gazetteer';
import { addressMismatch, type Geocoder, type PlaceCandidate } from '../domain/places';
import type { GeocoderSettings } from '../infra/config';
import { GeocoderUnavailableError, httpGeocoder } from '../infra/geocoder';
import type { Logger } from '../infra/logger';
import { ProblemError, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from './problems';

/** The embedded geocoder: the gazetteer of the markets' centres, airports and main stations. */
export const embeddedGeocoder: Geocoder = {
  provider: 'embedded',
  search: async (query, limit) => searchGazetteer(query, limit),
  resolve: async (address) => resolveInGazetteer(address),
};

/** The geocoder GEOCODER names (docs/public-api.md, "Places"). */
export function configuredGeocoder(settings: GeocoderSettings): Geocoder {
  return settings.provider === 'embedded' ? embeddedGeocoder : httpGeocoder(settings);
}

/** Places for someone typing an address; a provider that cannot answer is `503 geocoder_unavailable`. */
export async function searchPlaces(geocoder: Geocoder, query: string, limit: number): Promise<PlaceCandidate[]> {
  try {
    return await geocoder.search(query, limit);
  } catch (err) {
    if (!(err instanceof GeocoderUnavailableError)) throw err;
    throw new ProblemError('geocoder_unavailable', {
      detail: `${err.message}; type the address again in a moment.`,
      headers: { 'Retry-After': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
    });
  }
}

/**
 * One end of a trip as a request gave it: its address text, or the IATA code of its airport, with the coordinates it
 * came with, and the field's name.
 */
export interface AddressedPoint {
  param: string;
  address?: string;
  iata?: string;
  lat: number;
  lng: number;
}

/** The places an end may be: an IATA code is the embedded gazetteer's airport (whatever the geocoder), an address the geocoder's answer. */
function placesOf(geocoder: Geocoder, end: AddressedPoint): Promise<PlaceCandidate[]> {
  return end.iata ? Promise.resolve(airportsInGazetteer(end.iata)) : geocoder.resolve(end.address!);
}

/**
 * Refuses (`422 address_far_from_coordinates`) an end whose address (or airport) resolves, but to nowhere near its
 * coordinates (domain/places.ts, `addressMismatch`). An address the geocoder cannot resolve, or a geocoder that cannot
 * answer, passes as before: the coordinates price the ride.
 */
export async function checkAddressesMatchCoordinates(geocoder: Geocoder, ends: AddressedPoint[], logger: Logger): Promise<void> {
  const verdicts = await Promise.all(
    ends
      .filter((end) => end.address || end.iata)
      .map(async (end) => {
        try {
          return { end, mismatch: addressMismatch(await placesOf(geocoder, end), end) };
        } catch (err) {
          if (!(err instanceof GeocoderUnavailableError)) throw err;
          logger.warn({ err: err.message, param: end.param }, 'address not checked against its coordinates: the geocoder did not answer');
          return { end, mismatch: null };
        }
      }),
  );
  const far = verdicts.filter((v) => v.mismatch);
  if (!far.length) return;
  const errors = far.map(({ end, mismatch }) => ({
    param: end.param,
    code: 'address_far_from_coordinates',
    detail:
      `"${end.address ?? end.iata}" is ${mismatch!.place.label} (${mismatch!.place.lat}, ${mismatch!.place.lng}), ` +
      `${mismatch!.distanceKm} km from the coordinates sent (${end.lat}, ${end.lng}); at most ${mismatch!.toleranceKm} km is accepted.`,
  }));
  throw new ProblemError('address_far_from_coordinates', {
    detail: errors.map((e) => e.detail).join(' '),
    param: errors.length === 1 ? errors[0]!.param : undefined,
    errors,
  });
}
