import { useEffect, useState } from 'preact/hooks';
import type { Schema } from '../client/client';
import { bookingStatusLabel } from './booking-status';
import { RoutePlot } from './route-plot';

type Track = Schema<'TrackingEvent'>;

/**
 * The live view: the tracking stream's positions plotted between pickup and drop-off in an SVG (no map tiles, so no
 * third-party request), with the status and ETA as text for screen readers. The ride's state is what the API says —
 * the stream's `ended`, or the booking as read — never guessed from a closed stream: a login without `tracking.read`
 * is told the scope is missing, and a stream the hub closed makes the booking be read again.
 */
export function LiveView({
  reference,
  status,
  trackable,
  onChange,
}: {
  reference: string;
  /** The booking's status as the API last answered it. */
  status: Schema<'PublicBookingStatus'>;
  /** Whether the login holds tracking.read, the stream's scope. */
  trackable: boolean;
  onChange: () => void;
}) {
  const [track, setTrack] = useState<Track | null>(null);
  const [trail, setTrail] = useState<{ lat: number; lng: number }[]>([]);
  const [state, setState] = useState<'connecting' | 'live' | 'over' | 'lost' | 'closed'>('connecting');
  useEffect(() => {
    if (!trackable) return;
    const source = new EventSource(`/api/public/track/${encodeURIComponent(reference)}`);
    let lastStatus = '';
    source.onopen = () => setState('live');
    source.onmessage = (message) => {
      const view = JSON.parse(message.data as string) as Track;
      setTrack(view);
      if (view.position) setTrail((points) => [...points.slice(-199), { lat: view.position!.lat, lng: view.position!.lng }]);
      if (lastStatus && view.status !== lastStatus) onChange();
      lastStatus = view.status;
      if (view.ended) {
        setState('over');
        source.close();
      }
    };
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return setState('lost'); // the browser reconnects
      // Closed for good (a 204 for a ride over, or a refusal): the booking, read again, says which.
      setState('closed');
      onChange();
    };
    return () => source.close();
  }, [reference, trackable]);

  return (
    <section aria-labelledby="live-heading">
      <h2 id="live-heading">Live position</h2>
      {!trackable ? (
        <p class="reason" role="note">
          The live position needs the <code>tracking.read</code> scope, which this login does not hold. The ride is{' '}
          {bookingStatusLabel(status).toLowerCase()}.
        </p>
      ) : (
        <p class="muted live" role="status">
          {state === 'connecting' && 'Connecting to the tracking stream…'}
          {state === 'live' &&
            (track
              ? `${track.headline}${track.eta_minutes != null ? ` · ETA ${track.eta_minutes} min` : ''}`
              : 'Waiting for the first position…')}
          {state === 'over' && 'The ride is over: no live position.'}
          {state === 'lost' && 'Connection lost; reconnecting…'}
          {state === 'closed' &&
            `The tracking stream closed. The ride is ${bookingStatusLabel(status).toLowerCase()}; reload the page to follow it again.`}
        </p>
      )}
      {trackable && track && <RoutePlot track={track} trail={trail} />}
    </section>
  );
}
