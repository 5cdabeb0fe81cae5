import { useEffect, useState } from 'preact/hooks';
import type { Schema } from '../client/client';
import { RoutePlot } from './route-plot';

type Track = Schema<'TrackingEvent'>;

/**
 * The live view: the tracking stream's positions plotted between pickup and drop-off in an SVG (no map tiles, so no
 * third-party request), with the status and ETA as text for screen readers.
 */
export function LiveView({ reference, onChange }: { reference: string; onChange: () => void }) {
  const [track, setTrack] = useState<Track | null>(null);
  const [trail, setTrail] = useState<{ lat: number; lng: number }[]>([]);
  const [state, setState] = useState<'connecting' | 'live' | 'over' | 'lost'>('connecting');
  useEffect(() => {
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
      // A ride already over answers 204, which ends the EventSource for good; otherwise the browser reconnects.
      setState(source.readyState === EventSource.CLOSED ? 'over' : 'lost');
    };
    return () => source.close();
  }, [reference]);

  return (
    <section aria-labelledby="live-heading">
      <h2 id="live-heading">Live position</h2>
      <p class="muted live" role="status">
        {state === 'connecting' && 'Connecting to the tracking stream…'}
        {state === 'live' &&
          (track
            ? `${track.headline}${track.eta_minutes != null ? ` · ETA ${track.eta_minutes} min` : ''}`
            : 'Waiting for the first position…')}
        {state === 'over' && 'The ride is over: no live position.'}
        {state === 'lost' && 'Connection lost; reconnecting…'}
      </p>
      {track && <RoutePlot track={track} trail={trail} />}
    </section>
  );
}
