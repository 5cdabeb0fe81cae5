import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, idempotencyKey, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, dateTimeSeconds, fromLocalInput, prettyJson, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge, Empty, Loading, Pager, Problem, useAction, useLoad, useTitle } from '../ui';

type Attempt = Schema<'WebhookDeliveryAttempt'>;

/** The filters of the log, read from and written to the URL so a filtered view can be bookmarked and shared. */
interface Filters {
  destination?: string;
  status?: 'succeeded' | 'failed';
  event?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

function filtersOf(query: URLSearchParams): Filters {
  const status = query.get('status');
  return {
    destination: query.get('destination') ?? undefined,
    status: status === 'succeeded' || status === 'failed' ? status : undefined,
    event: query.get('event') ?? undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
    cursor: query.get('cursor') ?? undefined,
  };
}

function Outcome({ attempt }: { attempt: Attempt }) {
  if (attempt.succeeded) return <Badge tone="good">{attempt.response_status ?? 'OK'}</Badge>;
  return <Badge tone="bad">{attempt.response_status ?? 'No answer'}</Badge>;
}

/** One attempt opened: the exact payload sent (as text) and what the receiver answered. */
function AttemptDetail({ attempt }: { attempt: Attempt }) {
  const detail = useLoad(() => ok(api.GET('/api/public/v1/webhook-deliveries/{id}', { params: { path: { id: attempt.id } } })), attempt.id);
  return (
    <div class="attempt-detail">
      <Problem error={detail.error} />
      {detail.loading && <Loading what="the payload" />}
      {detail.data && (
        <>
          <p>
            Delivery <code>{detail.data.delivery_id}</code> · event <code>{detail.data.event_id}</code>
          </p>
          {detail.data.error && (
            <p>
              Receiver's answer: <code>{detail.data.error}</code>
            </p>
          )}
          <p class="muted">Payload sent</p>
          <pre>{prettyJson(detail.data.payload)}</pre>
        </>
      )}
    </div>
  );
}

function RecoverForm({ destinations }: { destinations: Schema<'WebhookDestination'>[] }) {
  const [since, setSince] = useState(() => toLocalInput(new Date(Date.now() - 24 * 3600 * 1000)));
  const [destination, setDestination] = useState('');
  const [result, setResult] = useState<string>('');
  const action = useAction();
  return (
    <form
      class="filters"
      aria-labelledby="recover-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setResult('');
        void action.run(async () => {
          const answer = await ok(
            api.POST('/api/public/v1/webhook-redeliveries', {
              params: { header: { 'Idempotency-Key': idempotencyKey() } },
              body: {
                from: fromLocalInput(since)!,
                to: new Date().toISOString(),
                ...(destination ? { destination_id: destination } : {}),
              },
            }),
          );
          setResult(
            answer.deliveries.length === 0
              ? 'Nothing to recover: no delivery failed for good since then.'
              : `${count(answer.deliveries.length)} deliveries started again; their attempts appear below.`,
          );
        });
      }}
    >
      <h2 id="recover-heading" class="full">
        Recover failed deliveries
      </h2>
      <label>
        Failed since
        <input type="datetime-local" required value={since} onInput={(e) => setSince(e.currentTarget.value)} />
      </label>
      <label>
        Destination
        <select value={destination} onChange={(e) => setDestination(e.currentTarget.value)}>
          <option value="">Every destination</option>
          {destinations.map((d) => (
            <option key={d.id} value={d.id}>
              {d.url}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={action.busy}>
        Recover
      </button>
      <Problem error={action.error} />
      {result && (
        <p role="status" class="notice full">
          {result}
        </p>
      )}
    </form>
  );
}

export function DeliveriesPage({ location }: PageProps) {
  useTitle('Deliveries');
  const filters = filtersOf(location.query);
  const key = location.query.toString();
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
    const query = filters.destination ? `?destination=${encodeURIComponent(filters.destination)}` : '';
    const source = new EventSource(`/api/public/v1/webhook-deliveries/stream${query}`);
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
  }, [onFirstPage, filters.destination, reload]);
  const action = useAction();
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
        Every attempt to deliver an event to one of your destinations, newest first, with the receiver's HTTP status and response time.
      </p>
      <form
        class="filters"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => (form.get(name) as string) || undefined;
          setFilters({
            destination: text('destination'),
            status: text('status') as Filters['status'],
            event: text('event')?.trim(),
            from: fromLocalInput(text('from') ?? ''),
            to: fromLocalInput(text('to') ?? ''),
          });
        }}
      >
        <label>
          Destination
          <select name="destination" value={filters.destination ?? ''}>
            <option value="">All</option>
            {(destinations.data?.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.url}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome
          <select name="status" value={filters.status ?? ''}>
            <option value="">All</option>
            <option value="succeeded">Succeeded</option>
            <option value="failed">Failed</option>
          </select>
        </label>
        <label>
          Event id
          <input name="event" placeholder="evt_…" value={filters.event ?? ''} pattern="evt_[0-9a-z]{26}" />
        </label>
        <label>
          Sent from
          <input type="datetime-local" name="from" value={filters.from ? toLocalInput(filters.from) : ''} />
        </label>
        <label>
          Sent before
          <input type="datetime-local" name="to" value={filters.to ? toLocalInput(filters.to) : ''} />
        </label>
        <button type="submit">Apply filters</button>
        <Link to="/deliveries">Clear</Link>
      </form>
      <Problem error={log.error ?? action.error} />
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {log.loading && !log.data && <Loading what="deliveries" />}
      {log.data && log.data.data.length === 0 && (
        <Empty>
          {key && key !== `cursor=${filters.cursor}` ? (
            <p>No attempt matches these filters. Widen the time range or clear the filters.</p>
          ) : (
            <>
              <p>No delivery yet.</p>
              <p>
                <Link to="/webhooks">Open a destination</Link> and send it a test event: its attempt shows here.
              </p>
            </>
          )}
        </Empty>
      )}
      {log.data && log.data.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Delivery attempts</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Destination</th>
              <th scope="col">Sent</th>
              <th scope="col" class="number">
                Attempt
              </th>
              <th scope="col" class="number">
                Time
              </th>
              <th scope="col">HTTP status</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.data.map((attempt) => (
              <Fragment key={attempt.id}>
                <tr>
                  <td data-label="Event">
                    <code>{attempt.event_type}</code>
                    <div class="muted">
                      <code>{attempt.event_id}</code>
                    </div>
                  </td>
                  <td data-label="Destination" class="url">
                    {attempt.url || urlOf.get(attempt.destination_id)}
                  </td>
                  <td data-label="Sent">{dateTimeSeconds(attempt.sent_at)}</td>
                  <td data-label="Attempt" class="number">
                    {attempt.attempt}
                  </td>
                  <td data-label="Time" class="number">
                    {count(attempt.response_ms)} ms
                  </td>
                  <td data-label="HTTP status">
                    <Outcome attempt={attempt} />
                    {attempt.error && <div class="muted clip">{attempt.error}</div>}
                  </td>
                  <td data-label="Actions">
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
                            const answer = await ok(
                              api.POST('/api/public/v1/webhook-redeliveries', {
                                params: { header: { 'Idempotency-Key': idempotencyKey() } },
                                body: { event_id: attempt.event_id, destination_id: attempt.destination_id },
                              }),
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
                  </td>
                </tr>
                {open === attempt.id && (
                  <tr class="detail-row">
                    <td colSpan={7}>
                      <AttemptDetail attempt={attempt} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {log.data && (log.data.has_more || filters.cursor) && (
        <Pager
          cursor={filters.cursor}
          nextCursor={log.data.next_cursor}
          hasMore={log.data.has_more}
          onCursor={(cursor) => setFilters({ ...filters, cursor })}
        />
      )}
      <RecoverForm destinations={destinations.data?.data ?? []} />
    </>
  );
}
