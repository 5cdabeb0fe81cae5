import { z } from 'zod';
import type { Geocoder, PlaceCandidate, PlaceKind } from '../domain/places';

/**
 * Geocoders over HTTP that a hub can host itself: Nominatim (`GET /search?format=jsonv2`) and Photon (`GET /api`),
 * both over OpenStreetMap data. Another provider is one more adapter of `Geocoder` (domain/places.ts) and one more
 * GEOCODER value (infra/config.ts, app/places.ts).
 */

export interface HttpGeocoderSettings {
  provider: 'nominatim' | 'photon';
  /** The provider's base URL: `https://nominatim.example.com`, `http://photon:2322`. */
  baseUrl: string;
  timeoutMs: number;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent: string;
}

/** The provider did not answer usably: out of reach, too slow, an error status or an answer of another shape. */
export class GeocoderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`The ${provider} geocoder ${reason}`);
  }
}

const Nominatim = z.array(
  z.object({
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    name: z.string().optional(),
    display_name: z.string(),
    category: z.string().optional(),
    type: z.string().optional(),
    addresstype: z.string().optional(),
    address: z.record(z.string(), z.string()).optional(),
  }),
);

const Photon = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
});

const CITY_TYPES = new Set(['city', 'town', 'village', 'municipality', 'hamlet', 'suburb', 'district', 'locality']);
/** Too coarse to drive to or to check an address against. */
const AREA_TYPES = new Set(['country', 'state', 'region', 'province', 'county', 'continent']);
const ADDRESS_TYPES = new Set(['house', 'building', 'road', 'street', 'residential', 'house_number']);

/** The kind of place from OpenStreetMap's key and value and the provider's own type; null for a whole region. */
function kindOf(key: string | undefined, value: string | undefined, type: string | undefined): PlaceKind | null {
  if (key === 'aeroway' && (value === 'aerodrome' || value === 'terminal')) return 'airport';
  if ((key === 'railway' || key === 'public_transport') && (value === 'station' || value === 'halt')) return 'station';
  if (type && AREA_TYPES.has(type)) return null;
  if ((type && CITY_TYPES.has(type)) || (key === 'place' && value && CITY_TYPES.has(value))) return 'city';
  if ((type && ADDRESS_TYPES.has(type)) || (value && ADDRESS_TYPES.has(value))) return 'address';
  return 'landmark';
}

function fromNominatim(body: unknown): PlaceCandidate[] {
  return Nominatim.parse(body).flatMap((r) => {
    const kind = kindOf(r.category, r.type, r.addresstype);
    if (!kind) return [];
    const a = r.address ?? {};
    const city = a.city ?? a.town ?? a.village ?? a.municipality ?? '';
    const name = r.name || r.display_name.split(',')[0]!.trim();
    return [
      {
        name,
        kind,
        city: kind === 'city' ? name : city,
        country: a.country ?? '',
        countryCode: (a.country_code ?? '').toUpperCase(),
        lat: r.lat,
        lng: r.lon,
        label: r.display_name,
      },
    ];
  });
}

function fromPhoton(body: unknown): PlaceCandidate[] {
  return Photon.parse(body).features.flatMap((f) => {
    const p = f.properties as Record<string, string | undefined>;
    const kind = kindOf(p.osm_key, p.osm_value, p.type);
    if (!kind) return [];
    const street = [p.housenumber, p.street].filter(Boolean).join(' ');
    const name = p.name ?? street;
    if (!name) return [];
    const city = kind === 'city' ? name : (p.city ?? '');
    const label = [name, street !== name ? street : '', [p.postcode, city !== name ? city : ''].filter(Boolean).join(' '), p.country]
      .filter(Boolean)
      .join(', ');
    const [lng, lat] = f.geometry.coordinates;
    return [{ name, kind, city, country: p.country ?? '', countryCode: (p.countrycode ?? '').toUpperCase(), lat, lng, label }];
  });
}

function requestUrl(s: HttpGeocoderSettings, query: string, limit: number): URL {
  const base = s.baseUrl.replace(/\/$/, '');
  const url = new URL(s.provider === 'nominatim' ? `${base}/search` : `${base}/api`);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(limit));
  if (s.provider === 'nominatim') {
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
  } else url.searchParams.set('lang', 'en');
  return url;
}

async function ask(s: HttpGeocoderSettings, query: string, limit: number): Promise<PlaceCandidate[]> {
  let response: Response;
  try {
    response = await fetch(requestUrl(s, query, limit), {
      headers: { 'User-Agent': s.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
      signal: AbortSignal.timeout(s.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new GeocoderUnavailableError(s.provider, timedOut ? `did not answer within ${s.timeoutMs} ms` : 'is out of reach');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailableError(s.provider, `answered HTTP ${response.status}`);
  }
  try {
    const body: unknown = await response.json();
    return s.provider === 'nominatim' ? fromNominatim(body) : fromPhoton(body);
  } catch {
    throw new GeocoderUnavailableError(s.provider, `answered something other than its search results`);
  }
}

/** A Nominatim- or Photon-compatible geocoder at `settings.baseUrl`. */
export function httpGeocoder(settings: HttpGeocoderSettings): Geocoder {
  return {
    provider: settings.provider,
    search: (query, limit) => ask(settings, query, limit),
    resolve: (address) => ask(settings, address, 5),
  };
}
