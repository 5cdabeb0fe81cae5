import type { Schema } from '../client/client';
import { count, time } from '../format';
import { Link } from '../router';

type Stats = Schema<'WebhookDestinationStats'>;
export interface DestinationStats {
  destination: Schema<'WebhookDestination'>;
  stats: Stats;
}

/**
 * Delivered, failed and pending of the last 24 hours per destination, as text, and a small chart of its attempts per
 * hour (green succeeded, red failed, stacked; scaled to the busiest hour of any destination). The chart only repeats
 * figures that are text too (the totals, and the hours with attempts under "Attempts per hour"), so screen readers skip it.
 */
export function DeliveriesChart({ rows }: { rows: DestinationStats[] }) {
  const busiest = Math.max(1, ...rows.flatMap(({ stats }) => stats.hourly.map((hour) => hour.succeeded + hour.failed)));
  return (
    <ul class="plain bars">
      {rows.map(({ destination, stats }) => {
        const width = 100 / Math.max(1, stats.hourly.length);
        const busy = stats.hourly.filter((hour) => hour.succeeded + hour.failed > 0);
        return (
          <li key={destination.id}>
            <Link to={`/webhooks/${destination.id}`} class="url">
              {destination.url}
            </Link>
            <span class="muted">
              {' '}
              {count(stats.deliveries.delivered)} delivered · {count(stats.deliveries.failed)} failed · {count(stats.deliveries.pending)}{' '}
              pending
            </span>
            <svg class="bar hourly" viewBox="0 0 100 20" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect x="0" y="0" width="100" height="20" fill="#f4f6f8" />
              {stats.hourly.map((hour, i) => {
                const good = (hour.succeeded / busiest) * 20;
                const bad = (hour.failed / busiest) * 20;
                return (
                  <g key={hour.start}>
                    <rect x={i * width + width * 0.1} y={20 - good} width={width * 0.8} height={good} fill="#146c2e" />
                    <rect x={i * width + width * 0.1} y={20 - good - bad} width={width * 0.8} height={bad} fill="#a4161a" />
                  </g>
                );
              })}
            </svg>
            {busy.length > 0 && (
              <details class="hours">
                <summary>
                  Attempts per hour: {count(stats.attempts.succeeded)} succeeded, {count(stats.attempts.failed)} failed
                </summary>
                <ul class="plain">
                  {busy.map((hour) => (
                    <li key={hour.start}>
                      From {time(hour.start)}: {count(hour.succeeded)} succeeded, {count(hour.failed)} failed
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
