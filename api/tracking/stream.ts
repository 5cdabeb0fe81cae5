import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { BookingSchema, type Booking } from '../../db/entities';
import { trackingView, type TrackingView } from '../../domain/tracking';
import type { ApiDeps } from '../deps';
import { serveEventStream } from '../event-stream';

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
export async function streamTracking(
  ctx: Context,
  deps: ApiDeps,
  bookingId: string,
  stillStands?: () => Promise<boolean>,
): Promise<boolean> {
  const first = await loadTrackedBooking(deps, bookingId);
  if (!first) return false;
  if (trackingView(first).ended) {
    ctx.status = 204;
    return true;
  }
  let lastId = ctx.get('last-event-id') || undefined;
  await serveEventStream(ctx, deps, {
    channel: 'booking_changed',
    key: bookingId,
    what: { bookingId },
    stillStands,
    async read(stream) {
      const b = await loadTrackedBooking(deps, bookingId);
      if (!b) return;
      const view = trackingView(b);
      const id = trackingEventId(b, view);
      if (id !== lastId) {
        lastId = id;
        stream.send(id, view);
      }
      if (view.ended) stream.finish();
    },
  });
  return true;
}
