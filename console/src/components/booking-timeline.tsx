import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { dateTime, dateTimeSeconds } from '../format';
import { bookingStatusLabel } from './booking-status';
import { Loading } from './loading';
import { Problem } from './problem';
import { useAction } from './use-action';
import { useLoad } from './use-load';

type Status = Schema<'PublicBookingStatus'>;
type LoggedEvent = Schema<'LoggedEvent'>;

/** One line of a booking event, from its data (the booking's public view at the time of the event). */
function eventSummary(event: LoggedEvent): string {
  const data = event.data as { status?: Status; pickup_at?: string; previous_pickup_at?: string; cause?: string };
  if (event.type === 'booking.rescheduled')
    return `Pickup moved from ${dateTime(data.previous_pickup_at)} to ${dateTime(data.pickup_at)}${data.cause ? ` (${data.cause.replace('_', ' ')})` : ''}`;
  if (event.type === 'booking.cancelled') return 'Cancelled';
  return data.status ? bookingStatusLabel(data.status) : event.type;
}

/**
 * The booking's timeline: its events from the 30-day event log (`GET …/bookings/{ref}/events`), oldest first, read
 * again whenever the booking is (`version`). Later pages, and events newer than the last page (every page, the last
 * one too, has a `next_cursor`), on request.
 */
export function BookingTimeline({ reference, version }: { reference: string; version: string }) {
  const first = useLoad(
    () => ok(api.GET('/api/public/v1/bookings/{ref}/events', { params: { path: { ref: reference }, query: { limit: 50 } } })),
    `${reference} ${version}`,
  );
  const [more, setMore] = useState<{ events: LoggedEvent[]; cursor: string | null; hasMore: boolean } | null>(null);
  const action = useAction();
  useEffect(() => setMore(null), [first.data]);
  const events = [...(first.data?.data ?? []), ...(more?.events ?? [])];
  const hasMore = more ? more.hasMore : Boolean(first.data?.has_more);
  const cursor = more ? more.cursor : (first.data?.next_cursor ?? null);
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <Problem error={first.error ?? action.error} />
      {first.loading && !first.data && <Loading what="the timeline" />}
      {first.data && events.length === 0 && <p class="muted">No event in the last 30 days.</p>}
      {events.length > 0 && (
        <ol class="timeline">
          {events.map((event) => (
            <li key={event.id}>
              <time dateTime={event.created}>{dateTimeSeconds(event.created)}</time> <code>{event.type}</code>{' '}
              <span>{eventSummary(event)}</span>
            </li>
          ))}
        </ol>
      )}
      {first.data && (
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              if (!cursor) return first.reload(); // no event yet: read the first page again
              const page = await ok(
                api.GET('/api/public/v1/bookings/{ref}/events', { params: { path: { ref: reference }, query: { limit: 50, cursor } } }),
              );
              setMore({ events: [...(more?.events ?? []), ...page.data], cursor: page.next_cursor, hasMore: page.has_more });
            })
          }
        >
          {hasMore ? 'Later events' : 'Check for newer events'}
        </button>
      )}
    </section>
  );
}
