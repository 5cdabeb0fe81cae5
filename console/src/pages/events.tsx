import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { dateTimeSeconds, fromLocalInput, toLocalInput } from '../format';
import { navigate, withQuery } from '../router';
import { Empty, Loading, Pager, Problem, useLoad, useTitle } from '../ui';

type EventType = Schema<'LoggedEvent'>['type'];

const TYPES: EventType[] = [
  'booking.status_changed',
  'booking.cancelled',
  'booking.rescheduled',
  'invoice.created',
  'credit_note.created',
  'invoice.paid',
  'payment.succeeded',
  'payment.failed',
  'payment.action_required',
  'payment.refunded',
  'settlement.paid',
  'settlement.failed',
];

/** The event log: every public event of the account of the last 30 days, oldest first from a time. */
export function EventsPage({ location }: PageProps) {
  useTitle('Events');
  const type = (location.query.get('type') as EventType | null) ?? undefined;
  const from = location.query.get('from') ?? new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const cursor = location.query.get('cursor') ?? undefined;
  const log = useLoad(
    () => ok(api.GET('/api/public/v1/events', { params: { query: { type, from, cursor, limit: 25 } } })),
    location.query.toString(),
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <h1>Events</h1>
      <p class="lead">
        Every event of your account, delivered to a webhook or not, oldest first from the time you choose; kept 30 days. Each is the
        envelope exactly as a webhook carries it.
      </p>
      <form
        class="filters"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          navigate(
            withQuery('/events', {
              type: (form.get('type') as string) || undefined,
              from: fromLocalInput((form.get('from') as string) || ''),
            }),
          );
        }}
      >
        <label>
          Type
          <select name="type" value={type ?? ''}>
            <option value="">All types</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="datetime-local" name="from" value={toLocalInput(from)} />
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <Problem error={log.error} />
      {log.loading && !log.data && <Loading what="events" />}
      {log.data && log.data.data.length === 0 && (
        <Empty>
          <p>No event since {dateTimeSeconds(from)}. Choose an earlier time (up to 30 days back) or another type.</p>
        </Empty>
      )}
      {log.data && log.data.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Events</caption>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Type</th>
              <th scope="col">Id</th>
              <th scope="col">
                <span class="visually-hidden">Envelope</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.data.map((event) => (
              <Fragment key={event.id}>
                <tr>
                  <td data-label="Created">{dateTimeSeconds(event.created)}</td>
                  <td data-label="Type">
                    <code>{event.type}</code>
                  </td>
                  <td data-label="Id">
                    <code>{event.id}</code>
                  </td>
                  <td data-label="Envelope">
                    <button
                      type="button"
                      aria-expanded={open === event.id}
                      aria-label={`Envelope of ${event.id}`}
                      onClick={() => setOpen(open === event.id ? null : event.id)}
                    >
                      Envelope
                    </button>
                  </td>
                </tr>
                {open === event.id && (
                  <tr class="detail-row">
                    <td colSpan={4}>
                      <pre>{JSON.stringify(event, null, 2)}</pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {log.data && (log.data.has_more || cursor) && (
        <Pager
          cursor={cursor}
          nextCursor={log.data.next_cursor}
          hasMore={log.data.has_more}
          onCursor={(next) => navigate(withQuery('/events', { type, from, cursor: next }))}
        />
      )}
    </>
  );
}
