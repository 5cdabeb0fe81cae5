import type { Schema } from '../client/client';

type Track = Schema<'TrackingEvent'>;

export function RoutePlot({ track, trail }: { track: Track; trail: { lat: number; lng: number }[] }) {
  const points = [track.pickup, track.dropoff, ...trail];
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const span = Math.max(maxLat - minLat, maxLng - minLng, 0.002);
  const size = 300;
  const pad = 24;
  const x = (lng: number) => pad + ((lng - minLng) / span) * (size - 2 * pad);
  const y = (lat: number) => size - pad - ((lat - minLat) / span) * (size - 2 * pad);
  const car = track.position;
  // Labels sit on the side of their point that has room, so they stay inside the drawing.
  const label = (px: number, py: number) => ({
    x: px > size / 2 ? px - 10 : px + 10,
    y: py + 4,
    'text-anchor': px > size / 2 ? 'end' : 'start',
    'font-size': 12,
    fill: '#1b1f24',
  });
  return (
    <svg class="chart route" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`Route plot: ${track.headline}`}>
      <rect x="0" y="0" width={size} height={size} fill="#f4f6f8" />
      <line
        x1={x(track.pickup.lng)}
        y1={y(track.pickup.lat)}
        x2={x(track.dropoff.lng)}
        y2={y(track.dropoff.lat)}
        stroke="#8a949e"
        stroke-dasharray="4 4"
      />
      {trail.length > 1 && (
        <polyline points={trail.map((p) => `${x(p.lng)},${y(p.lat)}`).join(' ')} fill="none" stroke="#0b5cad" stroke-width="3" />
      )}
      <circle cx={x(track.pickup.lng)} cy={y(track.pickup.lat)} r="7" fill="#146c2e" />
      <text {...label(x(track.pickup.lng), y(track.pickup.lat))}>Pickup</text>
      <rect x={x(track.dropoff.lng) - 6} y={y(track.dropoff.lat) - 6} width="12" height="12" fill="#a4161a" />
      <text {...label(x(track.dropoff.lng), y(track.dropoff.lat))}>Drop-off</text>
      {car && <circle cx={x(car.lng)} cy={y(car.lat)} r="8" fill="#0b5cad" stroke="#fff" stroke-width="3" />}
    </svg>
  );
}
