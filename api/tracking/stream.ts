import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { BookingSchema, type Booking } from '../../db/entities';
import { trackingView, type TrackingView } from '../../domain/tracking';
import type { ApiDeps } from '../deps';

/** A comment line every PING_INTERVAL_MS keeps proxies from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** What EventSource waits before reconnecting. */
const RETRY_MS = 3_000;

export async function loadTrackedBooking(deps: ApiDeps, bookingId: string): Promise<Booking | null> {
  return deps.orm.em.fork().findOne(BookingSchema, { id: bookingId });
}

/**
 * The event id of a state of the ride: when it last changed (base36 ms) and a digest of what the page shows. A client
 * that resumes with `Last-Event-ID` gets the current state only when it differs from the one it saw.
 */
export function trackingEventId(b: Booking, view: TrackingView): string {
  const times = [b.updatedAt, b.positionAt, b.assignedAt, b.onTheWayAt, b.arrivedAt, b.startedAt, b.completedAt, b.endedAt];
  const version = Math.max(...times.map((t) => (t ? new Date(t).getTime() : 0)));
  const digest = createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 12);
  return `${version.toString(36)}-${digest}`;
}

/**
 * Server-Sent Events of one booking's tracking view (`text/event-stream`): the current state at once (unless it is the
 * one named by `Last-Event-ID`), then every change as PostgreSQL notifies it, `id:` on every event, `: ping` every
 * 15 s; the stream ends after the ride's final state, and a ride already over answers 204 so EventSource stops
 * reconnecting. Returns false when the booking does not exist.
 */
export async function streamTracking(ctx: Context, deps: ApiDeps, bookingId: string): Promise<boolean> {
  const first = await loadTrackedBooking(deps, bookingId);
  if (!first) return false;
  if (trackingView(first).ended) {
    ctx.status = 204;
    return true;
  }
  const stream = new PassThrough();
  let lastId = ctx.get('last-event-id') || undefined;
  let ended = false;
  let running = false;
  let again = false;
  let unsubscribe = () => {};
  const ping = setInterval(() => stream.write(': ping\n\n'), PING_INTERVAL_MS);
  ping.unref();

  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    unsubscribe();
    stream.end();
  };
  const send = (b: Booking) => {
    const view = trackingView(b);
    const id = trackingEventId(b, view);
    if (id !== lastId) {
      lastId = id;
      stream.write(`id: ${id}\ndata: ${JSON.stringify(view)}\n\n`);
    }
    if (view.ended) finish();
  };
  // One read at a time; a notification during a read schedules one more read, so the last state always goes out.
  const refresh = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const b = await loadTrackedBooking(deps, bookingId);
        if (ended) return;
        if (b) send(b);
      } while (again && !ended);
    } catch (err) {
      deps.logger.warn({ err, bookingId }, 'tracking stream read failed');
      finish();
    } finally {
      running = false;
    }
  };

  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.on('close', finish);
  ctx.status = 200;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  ctx.body = stream;
  stream.write(`retry: ${RETRY_MS}\n\n`);
  try {
    unsubscribe = await deps.changes.subscribe('booking_changed', bookingId, { changed: () => void refresh(), closed: finish });
  } catch (err) {
    finish();
    throw err;
  }
  if (ended) unsubscribe();
  // Subscribed first, then read: a change between the two is not lost.
  await refresh();
  return true;
}
