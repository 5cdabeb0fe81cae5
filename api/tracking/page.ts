import type { TrackingView } from '../../domain/tracking';
import { escapeHtml, linkErrorPage } from '../html';

/** JSON inside a <script type="application/json">: no `<` may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageOptions {
  token: string;
  view: TrackingView;
  tileUrl?: string;
  tileAttribution?: string;
}

/** Content-Security-Policy of the page: only the hub's own scripts and styles; tiles from the configured server. */
export function pageCsp(tileUrl?: string): string {
  const tiles = tileUrl ? ` ${new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tiles}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The passenger's tracking page: server-rendered, then kept current by /assets/track/track.js over SSE. */
export function trackingPage({ token, view, tileUrl, tileAttribution }: PageOptions): string {
  const leaflet = tileUrl
    ? '\n  <link rel="stylesheet" href="/assets/track/leaflet.css">\n  <script src="/assets/track/leaflet.js" defer></script>'
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <meta name="robots" content="noindex">
  <meta name="referrer" content="no-referrer">
  <title>Your ride</title>
  <link rel="stylesheet" href="/assets/track/track.css">${leaflet}
  <script src="/assets/track/track.js" defer></script>
</head>
<body>
  <main id="app" data-events="/track/${escapeHtml(token)}/events"${tileUrl ? ` data-tiles="${escapeHtml(tileUrl)}" data-attribution="${escapeHtml(tileAttribution ?? '')}"` : ''}>
    <section id="map" aria-label="Map of the ride"></section>
    <section class="card">
      <h1 id="headline">${escapeHtml(view.headline)}</h1>
      <p id="eta" class="eta"></p>
      <dl>${view.pickup_address ? `\n        <dt>From</dt><dd id="from">${escapeHtml(view.pickup_address)}</dd>` : ''}${
        view.dropoff_address ? `\n        <dt>To</dt><dd id="to">${escapeHtml(view.dropoff_address)}</dd>` : ''
      }
        <dt>Driver</dt><dd id="driver">${escapeHtml(view.driver?.first_name ?? 'Not assigned yet')}</dd>
        <dt>Vehicle</dt><dd id="vehicle">${view.vehicle ? escapeHtml(`${view.vehicle.color} ${view.vehicle.make} ${view.vehicle.model}`) : '—'}</dd>
        <dt>Plate</dt><dd id="plate" class="plate">${escapeHtml(view.vehicle?.plate ?? '—')}</dd>
      </dl>
      <p id="live" class="live" aria-live="polite"></p>
    </section>
  </main>
  <script id="initial" type="application/json">${scriptJson(view)}</script>
</body>
</html>
`;
}

/** The page for a link that is malformed, tampered with, unknown or expired. */
export function errorPage(kind: 'invalid' | 'expired'): string {
  const [title, text] =
    kind === 'expired'
      ? ['This tracking link has expired', 'Tracking ends a while after the ride. Your booking confirmation has the details of your ride.']
      : ['This tracking link is not valid', 'Check that the whole link was copied, or ask the company you booked with for a new one.'];
  return linkErrorPage({ title, text, stylesheet: '/assets/track/track.css', mainClass: 'card error' });
}
