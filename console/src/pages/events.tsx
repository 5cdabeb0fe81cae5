import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { dateTimeSeconds, fromLocalInput, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';
import { loadCatalogue } from '../events-catalogue';

type EventType = Schema<'LoggedEvent'>['type'];

/** The event log (its types from the catalogue, `/events.json`): every public event of the account of the last 30 days, oldest first from a time. */
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
  const catalogue = useLoad(loadCatalogue, 'catalogue');
  return (
    <>
      <h1>Events</h1>
      <p class="lead">
        Every event of your account, delivered to a webhook or not, oldest first from the time you choose; kept 30 days. Each is the
        envelope exactly as a webhook carries it.
      </p>
      <FilterForm
        key={location.query.toString()}
        onApply={(field) => navigate(withQuery('/events', { type: field('type'), from: fromLocalInput(field('from') ?? '') }))}
      >
        <label>
          Type
          <select name="type">
            <option value="">All types</option>
            {type && !catalogue.data?.some((event) => event.type === type) && <option selected>{type}</option>}
            {catalogue.data?.map((event) => (
              <option key={event.type} value={event.type} selected={event.type === type}>
                {event.type}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="datetime-local" name="from" defaultValue={toLocalInput(from)} />
        </label>
      </FilterForm>
      <ListTable
        caption="Events"
        what="events"
        list={log}
        rowKey={(event) => event.id}
        empty={<p>No event since {dateTimeSeconds(from)}. Choose an earlier time (up to 30 days back) or another type.</p>}
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/events', { type, from, cursor: next }))}
        detail={(event) => open === event.id && <pre>{JSON.stringify(event, null, 2)}</pre>}
        columns={[
          { header: 'Created', cell: (event) => dateTimeSeconds(event.created) },
          { header: 'Type', cell: (event) => <code>{event.type}</code> },
          {
            header: 'Id',
            cell: (event) => (
              <Link to={`/events/${event.id}`} aria-label={`Deliveries of ${event.id}`}>
                <code>{event.id}</code>
              </Link>
            ),
          },
          {
            header: 'Envelope',
            hideHeader: true,
            cell: (event) => (
              <button
                type="button"
                aria-expanded={open === event.id}
                aria-label={`Envelope of ${event.id}`}
                onClick={() => setOpen(open === event.id ? null : event.id)}
              >
                Envelope
              </button>
            ),
          },
        ]}
      />
    </>
  );
}
