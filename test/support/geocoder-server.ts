import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like Nominatim (`GET /search?format=jsonv2`) and Photon (`GET /api`), from a few
 * OpenStreetMap records, for the hub's geocoder adapter (infra/geocoder.ts). `broken` answers 500, `slow` never answers,
 * `garbage` answers HTML; every request is recorded.
 */
interface OsmRecord {
  lat: number;
  lon: number;
  name: string;
  display: string;
  key: string;
  value: string;
  /** Nominatim's addresstype, Photon's type. */
  type: string;
  address: { house_number?: string; road?: string; city?: string; postcode?: string; country: string; country_code: string };
}

const RECORDS: Record<string, OsmRecord[]> = {
  '10 downing street, london': [
    {
      lat: 51.5033635,
      lon: -0.1276248,
      name: '10 Downing Street',
      display: '10 Downing Street, Westminster, London, SW1A 2AA, United Kingdom',
      key: 'building',
      value: 'yes',
      type: 'building',
      address: {
        house_number: '10',
        road: 'Downing Street',
        city: 'London',
        postcode: 'SW1A 2AA',
        country: 'United Kingdom',
        country_code: 'gb',
      },
    },
  ],
  heathrow: [
    {
      lat: 51.4677522,
      lon: -0.4547736,
      name: 'London Heathrow Airport',
      display: 'London Heathrow Airport, Hillingdon, London, United Kingdom',
      key: 'aeroway',
      value: 'aerodrome',
      type: 'aeroway',
      address: { city: 'London', country: 'United Kingdom', country_code: 'gb' },
    },
  ],
  france: [
    {
      lat: 46.603354,
      lon: 1.8883335,
      name: 'France',
      display: 'France',
      key: 'boundary',
      value: 'administrative',
      type: 'country',
      address: { country: 'France', country_code: 'fr' },
    },
  ],
};

function nominatim(records: OsmRecord[]) {
  return records.map((r) => ({
    lat: String(r.lat),
    lon: String(r.lon),
    name: r.name,
    display_name: r.display,
    category: r.key,
    type: r.value,
    addresstype: r.type,
    importance: 0.6,
    address: r.address,
  }));
}

function photon(records: OsmRecord[]) {
  return {
    type: 'FeatureCollection',
    features: records.map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
      properties: {
        name: r.name,
        osm_key: r.key,
        osm_value: r.value,
        type: r.type === 'building' ? 'house' : r.type === 'aeroway' ? 'other' : r.type,
        housenumber: r.address.house_number,
        street: r.address.road,
        postcode: r.address.postcode,
        city: r.address.city,
        country: r.address.country,
        countrycode: r.address.country_code.toUpperCase(),
      },
    })),
  };
}

export interface GeocoderServer {
  url: string;
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startGeocoderServer(): Promise<GeocoderServer> {
  const requests: GeocoderServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder.test');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q === 'slow') return; // never answers: the hub's timeout ends the wait
    if (q === 'broken') return res.writeHead(500, { 'content-type': 'text/plain' }).end('database offline');
    if (q === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    const found = RECORDS[q] ?? [];
    if (url.pathname === '/search' && url.searchParams.get('format') === 'jsonv2')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(nominatim(found)));
    if (url.pathname === '/api') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(photon(found)));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
