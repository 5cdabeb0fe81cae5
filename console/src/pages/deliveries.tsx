import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, dateTimeSeconds, fromLocalInput, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { loadCatalogue } from '../events-catalogue';
import { AttemptDetail } from '../components/attempt-detail';
import { Badge } from '../components/badge';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { RecoverForm } from '../components/recover-form';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Attempt = Schema<'WebhookDeliveryAttempt'>;

/** The filters of the log, read from and written to the URL so a filtered view can be bookmarked and shared. */
interface Filters {
  destination?: string;
  status?: 'succeeded' | 'failed';
  /** The event type (`booking.cancelled`), one of the catalogue's. */
  type?: string;
  event?: string;
  /** A booking's ref: the attempts of its events. */
  booking?: string;
  /** One delivery's attempts (a booking's or an event's page links here). */
  delivery?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

function filtersOf(query: URLSearchParams): Filters {
  const status = query.get('status');
  return {
    destination: query.get('destination') ?? undefined,
    status: status === 'succeeded' || status === 'failed' ? status : undefined,
    type: query.get('type') ?? undefined,
    event: query.get('event') ?? undefined,
    booking: query.get('booking') ?? undefined,
    delivery: query.get('delivery') ?? undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
    cursor: query.get('cursor') ?? undefined,
  };
}

function Outcome({ attempt }: { attempt: Attempt }) {
  if (attempt.succeeded) return <Badge tone="good">{attempt.response_status ?? 'OK'}</Badge>;
  return <Badge tone="bad">{attempt.response_status ?? 'No answer'}</Badge>;
}

export function DeliveriesPage({ location }: PageProps) {
  useTitle('Deliveries');
  const filters = filtersOf(location.query);
  const key = location.query.toString();
  const catalogue = useLoad(loadCatalogue, 'catalogue');
  const destinations = useLoad(
    () => ok(api.GET('/api/public/v1/webhook-destinations', { params: { query: { limit: 100 } } })),
    'destinations',
  );
  const log = useLoad(() => ok(api.GET('/api/public/v1/webhook-deliveries', { params: { query: { ...filters, limit: 25 } } })), key);
  const [open, setOpen] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  // New attempts arrive over server-sent events (the cookie goes with a same-origin EventSource); on the first page the
  // log reloads, at most once a second, so they appear without a click.
  const onFirstPage = !filters.cursor;
  const { reload } = log;
  useEffect(() => {
    if (!onFirstPage) return;
    const query = new URLSearchParams();
    if (filters.destination) query.set('destination', filters.destination);
    if (filters.type) query.set('type', filters.type);
    const source = new EventSource(`/api/public/v1/webhook-deliveries/stream${query.size ? `?${query}` : ''}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('delivery_attempt', () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        reload();
      }, 1000);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [onFirstPage, filters.destination, filters.type, reload]);
  const action = useAction();
  const keys = useIdempotencyKeys();
  const [notice, setNotice] = useState('');
  const urlOf = new Map((destinations.data?.data ?? []).map((d) => [d.id, d.url]));
  const setFilters = (next: Filters) => navigate(withQuery('/deliveries', { ...next }));

  return (
    <>
      <div class="page-head">
        <h1>Deliveries</h1>
        <span class="actions">
          <span class="muted live" role="status">
            {live ? 'Live: new attempts appear here' : onFirstPage ? 'Connecting to live updates…' : ''}
          </span>
          <button type="button" onClick={log.reload}>
            Refresh
          </button>
        </span>
      </div>
      <p class="lead">
        Every attempt to deliver an event to one of your destinations, newest first, with the receiver's HTTP status and response time; open
        one for the payload sent and what the receiver answered (headers and the first 4 KB of the body, kept 30 days).
      </p>
      <FilterForm
        key={location.query.toString()}
        clear={<Link to="/deliveries">Clear</Link>}
        onApply={(text) =>
          setFilters({
            destination: text('destination'),
            status: text('status') as Filters['status'],
            type: text('type'),
            event: text('event'),
            booking: text('booking'),
            delivery: text('delivery'),
            from: fromLocalInput(text('from') ?? ''),
            to: fromLocalInput(text('to') ?? ''),
          })
        }
      >
        <label>
          Destination
          <select name="destination">
            <option value="">All</option>
            {(destinations.data?.data ?? []).map((d) => (
              <option key={d.id} value={d.id} selected={d.id === filters.destination}>
                {d.url}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome
          <select name="status">
            <option value="">All</option>
            <option value="succeeded" selected={filters.status === 'succeeded'}>
              Succeeded
            </option>
            <option value="failed" selected={filters.status === 'failed'}>
              Failed
            </option>
          </select>
        </label>
        <label>
          Event type
          <select name="type">
            <option value="">All</option>
            {filters.type && !catalogue.data?.some((event) => event.type === filters.type) && (
              <option value={filters.type} selected>
                {filters.type}
              </option>
            )}
            {(catalogue.data ?? []).map((event) => (
              <option key={event.type} value={event.type} selected={event.type === filters.type}>
                {event.type}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event id
          <input name="event" placeholder="evt_…" defaultValue={filters.event ?? ''} pattern="evt_[0-9a-z]{26}" />
        </label>
        <label>
          Booking
          <input name="booking" placeholder="bkg_…" value={filters.booking ?? ''} pattern="bkg_[0-9a-z]{26}" />
        </label>
        <label>
          Delivery
          <input name="delivery" placeholder="dlv_…" value={filters.delivery ?? ''} pattern="dlv_[0-9a-z]{26}" />
        </label>
        <label>
          Sent from
          <input type="datetime-local" name="from" defaultValue={filters.from ? toLocalInput(filters.from) : ''} />
        </label>
        <label>
          Sent before
          <input type="datetime-local" name="to" defaultValue={filters.to ? toLocalInput(filters.to) : ''} />
        </label>
      </FilterForm>
      <Problem error={action.error} />
      <Notice>{notice}</Notice>
      <ListTable
        caption="Delivery attempts"
        what="deliveries"
        list={log}
        rowKey={(attempt) => attempt.id}
        empty={
          key && key !== `cursor=${filters.cursor}` ? (
            <p>No attempt matches these filters. Widen the time range or clear the filters.</p>
          ) : (
            <>
              <p>No delivery yet.</p>
              <p>
                <Link to="/webhooks">Open a destination</Link> and send it a test event: its attempt shows here.
              </p>
            </>
          )
        }
        cursor={filters.cursor}
        onCursor={(cursor) => setFilters({ ...filters, cursor })}
        detail={(attempt) => open === attempt.id && <AttemptDetail attempt={attempt} />}
        columns={[
          {
            header: 'Event',
            cell: (attempt) => (
              <>
                <code>{attempt.event_type}</code>
                <div class="muted">
                  <Link to={`/events/${attempt.event_id}`}>
                    <code>{attempt.event_id}</code>
                  </Link>
                </div>
              </>
            ),
          },
          { header: 'Destination', class: 'url', cell: (attempt) => attempt.url || urlOf.get(attempt.destination_id) },
          { header: 'Sent', cell: (attempt) => dateTimeSeconds(attempt.sent_at) },
          { header: 'Attempt', number: true, cell: (attempt) => attempt.attempt },
          { header: 'Time', number: true, cell: (attempt) => `${count(attempt.response_ms)} ms` },
          {
            header: 'HTTP status',
            cell: (attempt) => (
              <>
                <Outcome attempt={attempt} />
                {attempt.error && <div class="muted clip">{attempt.error}</div>}
              </>
            ),
          },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (attempt) => (
              <div class="actions">
                <button
                  type="button"
                  aria-expanded={open === attempt.id}
                  aria-label={`Payload of attempt ${attempt.attempt} of ${attempt.event_id}`}
                  onClick={() => setOpen(open === attempt.id ? null : attempt.id)}
                >
                  Payload
                </button>
                <button
                  type="button"
                  disabled={action.busy}
                  aria-label={`Redeliver ${attempt.event_id}`}
                  onClick={() =>
                    action.run(async () => {
                      const body = { event_id: attempt.event_id, destination_id: attempt.destination_id };
                      const answer = await keys.send('redeliver', body, (key) =>
                        ok(api.POST('/api/public/v1/webhook-redeliveries', { params: { header: { 'Idempotency-Key': key } }, body })),
                      );
                      setNotice(
                        answer.deliveries.length
                          ? `${attempt.event_id} sent again (delivery ${answer.deliveries[0].delivery_id}).`
                          : `${attempt.event_id} is still being delivered: nothing new started.`,
                      );
                    })
                  }
                >
                  Redeliver
                </button>
              </div>
            ),
          },
        ]}
      />
      <RecoverForm destinations={destinations.data?.data ?? []} destination={filters.destination} />
    </>
  );
}
