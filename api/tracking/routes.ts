import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Booking } from '../../db/entities';
import { trackingView } from '../../domain/tracking';
import type { ApiDeps } from '../deps';
import { receiptCache } from '../receipts/pdf';
import { trackableAfterEnd, receiptLinkExpiry, verifyReceiptToken, verifyTrackingToken } from '../../infra/passenger-links';
import { errorPage, pageCsp, trackingPage } from './page';
import { loadTrackedBooking, streamTracking } from './stream';
import { limitPassengerLink } from '../middleware/rate-limit';

const LEAFLET_DIST = join(dirname(require.resolve('leaflet/package.json')), 'dist');
const OWN_ASSETS = join(__dirname, 'assets');

/** The only files served under /assets/track/: ours and Leaflet's, from npm, so no other path can be requested. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'track.js': { file: join(OWN_ASSETS, 'track.js'), type: 'text/javascript; charset=utf-8' },
  'track.css': { file: join(OWN_ASSETS, 'track.css'), type: 'text/css; charset=utf-8' },
  'leaflet.js': { file: join(LEAFLET_DIST, 'leaflet.js'), type: 'text/javascript; charset=utf-8' },
  'leaflet.css': { file: join(LEAFLET_DIST, 'leaflet.css'), type: 'text/css; charset=utf-8' },
  'images/layers.png': { file: join(LEAFLET_DIST, 'images', 'layers.png'), type: 'image/png' },
  'images/layers-2x.png': { file: join(LEAFLET_DIST, 'images', 'layers-2x.png'), type: 'image/png' },
  'images/marker-icon.png': { file: join(LEAFLET_DIST, 'images', 'marker-icon.png'), type: 'image/png' },
  'images/marker-icon-2x.png': { file: join(LEAFLET_DIST, 'images', 'marker-icon-2x.png'), type: 'image/png' },
  'images/marker-shadow.png': { file: join(LEAFLET_DIST, 'images', 'marker-shadow.png'), type: 'image/png' },
};
const cache = new Map<string, Buffer>();

function plain(ctx: Context, status: number, kind: 'invalid' | 'expired') {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': pageCsp(), 'X-Robots-Tag': 'noindex' });
  ctx.body = errorPage(kind);
}

/**
 * The passenger side, outside the JSON APIs: the tracking page `/track/:token` and its event stream, the page's assets,
 * and the PDF receipt `/receipts/:token`. Links are signed (infra/passenger-links.ts); a bad one gets a plain page.
 */
export function trackingRouter(deps: ApiDeps): Router {
  const router = new Router();
  const receipts = receiptCache();
  const limit = (ctx: Context) => limitPassengerLink(ctx, deps.rateLimiter, 'link');
  const resolve = async (ctx: Context): Promise<{ error: 'invalid' | 'expired' } | { booking: Booking }> => {
    await limit(ctx);
    const check = verifyTrackingToken(deps.decryptionKeys, ctx.params.token ?? '');
    if (!check.ok) return { error: check.reason };
    const booking = await loadTrackedBooking(deps, check.bookingId);
    if (!booking) return { error: 'invalid' };
    if (!trackableAfterEnd(booking.endedAt)) return { error: 'expired' };
    return { booking };
  };

  router.get('/track/:token', async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found) return plain(ctx, found.error === 'expired' ? 410 : 404, found.error);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': pageCsp(deps.tracking?.tileUrl),
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    });
    ctx.body = trackingPage({
      token: ctx.params.token!,
      view: trackingView(found.booking),
      tileUrl: deps.tracking?.tileUrl,
      tileAttribution: deps.tracking?.tileAttribution,
    });
  });

  router.get('/track/:token/events', async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found) return plain(ctx, found.error === 'expired' ? 410 : 404, found.error);
    await streamTracking(ctx, deps, found.booking.id);
  });

  const serveAsset = (ctx: Context, name: string) => {
    const asset = ASSETS[name];
    if (!asset) return plain(ctx, 404, 'invalid');
    let body = cache.get(asset.file);
    if (!body) cache.set(asset.file, (body = readFileSync(asset.file)));
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = body;
  };
  router.get('/assets/track/:file', (ctx) => serveAsset(ctx, ctx.params.file ?? ''));
  router.get('/assets/track/images/:file', (ctx) => serveAsset(ctx, `images/${ctx.params.file ?? ''}`));

  router.get('/receipts/:token', async (ctx) => {
    await limit(ctx);
    const link = verifyReceiptToken(deps.decryptionKeys, ctx.params.token ?? '');
    const booking = link ? await loadTrackedBooking(deps, link.bookingId) : null;
    const refuse = (status: number, text: string) => {
      ctx.status = status;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = `${text}\n`;
    };
    if (!link || !booking) return refuse(404, 'No such receipt.');
    if (booking.receiptRevokedAt) return refuse(410, 'This receipt link was revoked.');
    if ((link.expiresAt ?? receiptLinkExpiry(booking.pickupAt)) <= new Date()) return refuse(410, 'This receipt link has expired.');
    if (booking.status !== 'completed') return refuse(404, 'The receipt is available once the ride is completed.');
    ctx.type = 'application/pdf';
    ctx.set({ 'Cache-Control': 'private, no-store', 'Content-Disposition': `inline; filename="receipt-${booking.id}.pdf"` });
    ctx.body = await receipts.get(booking);
  });

  return router;
}
