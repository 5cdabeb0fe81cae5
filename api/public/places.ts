import { z } from 'zod';
import { searchPlaces } from '../../app/places';
import { marketOf, marketTimeZone } from '../../domain/markets';
import type { PlaceCandidate } from '../../domain/places';
import { defineOperation } from '../operation';

// A query string carries text: the limit is coerced, and an empty value is "missing".
const limit = z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(1).max(10).default(5));

export const SearchPlacesQuery = z
  .object({
    q: z.string().min(2).max(200).meta({ description: 'The address as typed so far (two characters at least).', example: 'Gare du Nord' }),
    limit: limit.meta({ description: 'At most this many places (1–10, default 5).', example: 5 }),
  })
  .strict();

export const Place = z
  .object({
    object: z.literal('place'),
    name: z.string().meta({ description: 'The place’s own name.', example: 'Gare du Nord' }),
    kind: z.enum(['airport', 'station', 'address', 'landmark', 'city']).meta({
      description: 'What it is. A `city` stands for the whole city: its coordinates are its centre.',
    }),
    city: z.string().meta({ example: 'Paris' }),
    country: z.string().meta({ example: 'France' }),
    country_code: z.string().meta({ description: 'ISO 3166-1 alpha-2, or empty when the provider does not say.', example: 'FR' }),
    label: z.string().meta({ description: 'One line to show and to send as the address.', example: 'Gare du Nord, Paris, France' }),
    lat: z.number().meta({ example: 48.8809 }),
    lng: z.number().meta({ example: 2.3553 }),
    iata: z.string().optional().meta({ description: 'An airport’s IATA code.', example: 'CDG' }),
    time_zone: z.string().meta({
      description:
        'The IANA time zone a ride picked up here is stated in: its market’s (`UTC` outside every market), the same as the booking’s `time_zone`. Read a pickup time typed for this place at this clock.',
      example: 'Europe/Paris',
    }),
  })
  .meta({ id: 'Place' });

export const PlaceList = z
  .object({
    object: z.literal('list'),
    data: z.array(Place),
    provider: z.string().meta({ description: 'The geocoder that answered: `embedded`, `nominatim` or `photon`.', example: 'embedded' }),
  })
  .meta({ id: 'PlaceList' });

function placeView(p: PlaceCandidate): z.infer<typeof Place> {
  return {
    object: 'place',
    name: p.name,
    kind: p.kind,
    city: p.city,
    country: p.country,
    country_code: p.countryCode,
    label: p.label,
    lat: p.lat,
    lng: p.lng,
    ...(p.iata ? { iata: p.iata } : {}),
    time_zone: marketTimeZone(marketOf(p)),
  };
}

export const searchPlacesOperation = defineOperation({
  operationId: 'searchPlaces',
  method: 'get',
  path: '/api/public/v1/places',
  summary: 'Find the places an address may be',
  description:
    'Resolves a typed address into candidate places, best first, with their coordinates: pick one and quote with its `lat`/`lng` and its `label` as the address. ' +
    'The geocoder is the hub’s (GEOCODER): by default an embedded list of the markets’ airports, main stations and city centres (a street resolves to its city at best), or a Nominatim or Photon server. ' +
    'Scope `bookings.write`: only a caller that can book needs it, and each call may spend the provider’s quota. ' +
    'When the provider cannot answer, `503 geocoder_unavailable` with `Retry-After`.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.write' },
  request: { query: SearchPlacesQuery },
  responses: { 200: { description: 'The places, best first (none when nothing matches).', schema: PlaceList } },
  errors: ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited', 'geocoder_unavailable'],
  async handler({ query, deps }) {
    // Blanks around what was typed are not part of it; two blanks are nothing to look for.
    const typed = query.q.trim();
    const places = typed.length < 2 ? [] : await searchPlaces(deps.geocoder, typed, query.limit);
    return {
      status: 200,
      body: { object: 'list', data: places.map(placeView), provider: deps.geocoder.provider },
      headers: { 'Cache-Control': 'no-store' },
    };
  },
});
