/** Markets the dispatch service operates, by city centre; a pickup belongs to the nearest one within its radius. */
const MARKETS = [
  { code: 'PAR', lat: 48.8566, lng: 2.3522, radiusKm: 80, timeZone: 'Europe/Paris' },
  { code: 'LON', lat: 51.5074, lng: -0.1278, radiusKm: 80, timeZone: 'Europe/London' },
  { code: 'BER', lat: 52.52, lng: 13.405, radiusKm: 60, timeZone: 'Europe/Berlin' },
  { code: 'MAD', lat: 40.4168, lng: -3.7038, radiusKm: 60, timeZone: 'Europe/Madrid' },
  { code: 'ROM', lat: 41.9028, lng: 12.4964, radiusKm: 60, timeZone: 'Europe/Rome' },
  { code: 'AMS', lat: 52.3676, lng: 4.9041, radiusKm: 50, timeZone: 'Europe/Amsterdam' },
  { code: 'ZRH', lat: 47.3769, lng: 8.5417, radiusKm: 50, timeZone: 'Europe/Zurich' },
  { code: 'DXB', lat: 25.2048, lng: 55.2708, radiusKm: 80, timeZone: 'Asia/Dubai' },
  { code: 'NYC', lat: 40.7128, lng: -74.006, radiusKm: 80, timeZone: 'America/New_York' },
] as const;

export const OTHER_MARKET = 'OTHER';

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export function marketOf(point: { lat: number; lng: number }): string {
  let best: { code: string; d: number } | undefined;
  for (const m of MARKETS) {
    const d = distanceKm(point, m);
    if (d <= m.radiusKm && (!best || d < best.d)) best = { code: m.code, d };
  }
  return best?.code ?? OTHER_MARKET;
}

/** Codes of the markets the service operates (fleet units belong to one of them). */
export const MARKET_CODES: readonly string[] = MARKETS.map((m) => m.code);

/** The city centre of a market. */
export function marketCentre(code: string): { lat: number; lng: number } | undefined {
  const m = MARKETS.find((x) => x.code === code);
  return m ? { lat: m.lat, lng: m.lng } : undefined;
}

/** The IANA time zone a market's rides are stated in (UTC outside every market). */
export function marketTimeZone(code: string): string {
  return MARKETS.find((x) => x.code === code)?.timeZone ?? 'UTC';
}
