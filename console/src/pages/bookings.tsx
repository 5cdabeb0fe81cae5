import { useEffect, useState } from 'preact/hooks';
import { api, idempotencyKey, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { dateTime, dateTimeSeconds, fromLocalInput, money, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { Confirm } from '../components/confirm';
import type { Column } from '../components/data-table';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { useAction } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Booking = Schema<'PublicBooking'>;
type Status = Schema<'PublicBookingStatus'>;
type Track = Schema<'TrackingEvent'>;
type LoggedEvent = Schema<'LoggedEvent'>;

const STATUSES: { value: Status; label: string }[] = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'allocated', label: 'Chauffeur allocated' },
  { value: 'en_route', label: 'Chauffeur on the way' },
  { value: 'arrived', label: 'Chauffeur arrived' },
  { value: 'pob', label: 'Passenger on board' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'no_show', label: 'No show' },
  { value: 'no_driver_available', label: 'No chauffeur available' },
];
const statusLabel = (status: Status) => STATUSES.find((s) => s.value === status)?.label ?? status;

export function StatusBadge({ status }: { status: Status }) {
  const tone =
    status === 'completed'
      ? 'good'
      : status === 'cancelled' || status === 'no_show' || status === 'no_driver_available'
        ? 'bad'
        : status === 'confirmed'
          ? 'neutral'
          : 'warn';
  return <Badge tone={tone}>{statusLabel(status)}</Badge>;
}

interface Filters {
  market?: string;
  status?: Status;
  from?: string;
  to?: string;
  customer_reference?: string;
  cursor?: string;
}

function filtersOf(query: URLSearchParams): Filters {
  const status = query.get('status') as Status | null;
  return {
    market: query.get('market') ?? undefined,
    status: status && STATUSES.some((s) => s.value === status) ? status : undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
    customer_reference: query.get('customer_reference') ?? undefined,
    cursor: query.get('cursor') ?? undefined,
  };
}

/** A date input's day as the instant its local midnight begins (a range's "to" is exclusive: the next midnight). */
function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

function dayOf(instant: string | undefined, minusDays = 0): string {
  if (!instant) return '';
  const d = new Date(instant);
  d.setDate(d.getDate() - minusDays);
  return toLocalInput(d).slice(0, 10);
}

export function BookingsPage({ location }: PageProps) {
  useTitle('Bookings');
  const filters = filtersOf(location.query);
  const key = location.query.toString();
  const list = useLoad(() => ok(api.GET('/api/public/v1/bookings', { params: { query: { ...filters, limit: 25 } } })), key);
  const filtered = Boolean(filters.market || filters.status || filters.from || filters.to || filters.customer_reference);
  return (
    <>
      <div class="page-head">
        <h1>Bookings</h1>
        <Link to="/bookings/new" class="button primary">
          Book a ride
        </Link>
      </div>
      <FilterForm
        clear={<Link to="/bookings">Clear</Link>}
        onApply={(text) =>
          navigate(
            withQuery('/bookings', {
              market: text('market')?.toUpperCase(),
              status: text('status'),
              from: dayStart(text('from')),
              to: dayStart(text('to'), 1),
              customer_reference: text('customer_reference'),
            }),
          )
        }
      >
        <label>
          Market
          <input name="market" placeholder="PAR" size={6} pattern="[A-Za-z]{3,5}" value={filters.market ?? ''} />
        </label>
        <label>
          Status
          <select name="status" value={filters.status ?? ''}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pickup from
          <input type="date" name="from" value={dayOf(filters.from)} />
        </label>
        <label>
          Pickup until
          <input type="date" name="to" value={dayOf(filters.to, 1)} />
        </label>
        <label>
          Your reference <span class="muted">(exact)</span>
          <input name="customer_reference" placeholder="CC-4711" size={12} maxLength={100} value={filters.customer_reference ?? ''} />
        </label>
      </FilterForm>
      <ListTable
        caption="Bookings"
        what="bookings"
        list={list}
        rowKey={(booking) => booking.ref}
        empty={
          filtered ? (
            <p>No booking matches these filters. Widen the dates or clear the filters.</p>
          ) : (
            <p>
              No booking yet. <Link to="/bookings/new">Book a ride</Link>, or book through the API with a key of this account.
            </p>
          )
        }
        cursor={filters.cursor}
        onCursor={(cursor) => navigate(withQuery('/bookings', { ...filters, cursor }))}
        columns={BOOKING_COLUMNS}
      />
    </>
  );
}

const BOOKING_COLUMNS: Column<Booking>[] = [
  {
    header: 'Pickup',
    cell: (booking) => (
      <>
        <Link to={`/bookings/${booking.ref}`}>{dateTime(booking.pickup_at)}</Link>
        <div class="muted">
          <code>{booking.ref}</code> · {booking.market} · {booking.vehicle_class}
        </div>
      </>
    ),
  },
  {
    header: 'Route',
    cell: (booking) => (
      <>
        {booking.pickup}
        <div class="muted">→ {booking.dropoff}</div>
      </>
    ),
  },
  { header: 'Status', cell: (booking) => <StatusBadge status={booking.status} /> },
  { header: 'Chauffeur', cell: (booking) => booking.chauffeur?.name ?? '—' },
  { header: 'Total', number: true, cell: (booking) => money(booking.total.gross, booking.total.currency) },
  { header: 'Your reference', cell: (booking) => booking.customer_reference ?? '—' },
];

/**
 * The live view: the tracking stream's positions plotted between pickup and drop-off in an SVG (no map tiles, so no
 * third-party request), with the status and ETA as text for screen readers.
 */
function LiveView({ reference, onChange }: { reference: string; onChange: () => void }) {
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

function RoutePlot({ track, trail }: { track: Track; trail: { lat: number; lng: number }[] }) {
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

/** One line of a booking event, from its data (the booking's public view at the time of the event). */
function eventSummary(event: LoggedEvent): string {
  const data = event.data as { status?: Status; pickup_at?: string; previous_pickup_at?: string; cause?: string };
  if (event.type === 'booking.rescheduled')
    return `Pickup moved from ${dateTime(data.previous_pickup_at)} to ${dateTime(data.pickup_at)}${data.cause ? ` (${data.cause.replace('_', ' ')})` : ''}`;
  if (event.type === 'booking.cancelled') return 'Cancelled';
  return data.status ? statusLabel(data.status) : event.type;
}

/**
 * The booking's timeline: its events from the 30-day event log (`GET …/bookings/{ref}/events`), oldest first, read
 * again whenever the booking is (`version`). Later pages, and events newer than the last page (every page, the last
 * one too, has a `next_cursor`), on request.
 */
function Timeline({ reference, version }: { reference: string; version: string }) {
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

const CANCEL_REASONS = [
  ['passenger_request', 'The passenger asked'],
  ['flight_cancelled', 'Flight cancelled'],
  ['flight_delayed', 'Flight delayed'],
  ['duplicate_booking', 'Duplicate booking'],
  ['booked_in_error', 'Booked in error'],
  ['driver_late', 'Chauffeur late'],
  ['other', 'Other'],
] as const;

const OPEN: Status[] = ['confirmed', 'allocated', 'en_route', 'arrived'];

export function BookingPage({ params }: PageProps) {
  const reference = params.ref;
  const loaded = useLoad(() => ok(api.GET('/api/public/v1/bookings/{ref}', { params: { path: { ref: reference } } })), reference);
  const booking = loaded.data;
  useTitle(booking ? `Booking ${booking.ref}` : 'Booking');
  const action = useAction();
  const [notice, setNotice] = useState('');
  const [newPickup, setNewPickup] = useState('');
  const [reason, setReason] = useState<(typeof CANCEL_REASONS)[number][0]>('passenger_request');
  if (!booking)
    return (
      <>
        <p class="crumbs">
          <Link to="/bookings">Bookings</Link>
        </p>
        <h1>Booking</h1>
        <Problem error={loaded.error} />
        {loaded.loading && <Loading what="the booking" />}
      </>
    );
  const open = OPEN.includes(booking.status);
  // The hub's own terms, reckoned when the booking was read (and read again when the confirmation opens).
  const terms = booking.cancellation_policy;
  const feeNow = terms.fee_now;
  const free = !feeNow || feeNow.gross === 0;
  return (
    <>
      <p class="crumbs">
        <Link to="/bookings">Bookings</Link>
      </p>
      <h1>
        Ride on {dateTime(booking.pickup_at)} <StatusBadge status={booking.status} />
      </h1>
      <Problem error={action.error} />
      <Notice>{notice}</Notice>
      <dl class="facts">
        <dt>Reference</dt>
        <dd>
          <code>{booking.ref}</code>
        </dd>
        <dt>Your reference</dt>
        <dd>{booking.customer_reference ?? '—'}</dd>
        <dt>From</dt>
        <dd>{booking.pickup}</dd>
        <dt>To</dt>
        <dd>{booking.dropoff}</dd>
        <dt>Market, class</dt>
        <dd>
          {booking.market}, {booking.vehicle_class}
        </dd>
        <dt>Total</dt>
        <dd>
          {money(booking.total.gross, booking.total.currency)}{' '}
          <span class="muted">
            ({money(booking.total.net, booking.total.currency)} + {money(booking.total.tax, booking.total.currency)} tax)
          </span>
        </dd>
        {booking.notes && (
          <>
            <dt>Notes</dt>
            <dd>{booking.notes}</dd>
          </>
        )}
        <dt>Booked</dt>
        <dd>{dateTime(booking.created_at)}</dd>
      </dl>

      <h2>Allocation</h2>
      {booking.allocation ? (
        <dl class="facts">
          <dt>Chauffeur</dt>
          <dd>
            {booking.allocation.chauffeur.name} ·{' '}
            <a href={`tel:${booking.allocation.chauffeur.phone}`}>{booking.allocation.chauffeur.phone}</a>
          </dd>
          <dt>Vehicle</dt>
          <dd>
            {booking.allocation.vehicle.color} {booking.allocation.vehicle.make} {booking.allocation.vehicle.model},{' '}
            <code>{booking.allocation.vehicle.plate}</code>
          </dd>
          <dt>Allocated</dt>
          <dd>{dateTime(booking.allocation.allocated_at)}</dd>
          <dt>Accepted</dt>
          <dd>{booking.allocation.accepted_at ? dateTime(booking.allocation.accepted_at) : 'Awaiting the chauffeur’s answer'}</dd>
          <dt>Expected at pickup</dt>
          <dd>{dateTime(booking.allocation.eta_at)}</dd>
        </dl>
      ) : (
        <p class="muted">No chauffeur allocated yet.</p>
      )}

      {booking.flight_watch && (
        <>
          <h2>Flight watch</h2>
          <dl class="facts">
            <dt>Flight</dt>
            <dd>
              {booking.flight_watch.flight_number} · {booking.flight_watch.status}
            </dd>
            <dt>Scheduled arrival</dt>
            <dd>{dateTime(booking.flight_watch.scheduled_arrival)}</dd>
            <dt>Estimated arrival</dt>
            <dd>{dateTime(booking.flight_watch.estimated_arrival)}</dd>
            <dt>Last checked</dt>
            <dd>{dateTime(booking.flight_watch.checked_at)}</dd>
          </dl>
        </>
      )}

      {booking.cancellation && (
        <>
          <h2>Cancellation</h2>
          <p>
            Cancelled {dateTime(booking.cancellation.cancelled_at)} by {booking.cancellation.cancelled_by} ({booking.cancellation.reason}
            {booking.cancellation.note ? `: ${booking.cancellation.note}` : ''}). Fee{' '}
            {money(booking.cancellation.fee.gross, booking.cancellation.fee.currency)}.
          </p>
        </>
      )}

      {open && (
        <section aria-labelledby="change-heading">
          <h2 id="change-heading">Change the ride</h2>
          <form
            class="filters"
            onSubmit={(event) => {
              event.preventDefault();
              void action.run(async () => {
                await ok(
                  api.POST('/api/public/v1/bookings/{ref}/reschedule', {
                    params: { path: { ref: booking.ref }, header: { 'Idempotency-Key': idempotencyKey() } },
                    body: { pickup_at: fromLocalInput(newPickup)! },
                  }),
                );
                setNotice('Rescheduled: the fare, the free-cancellation window and the allocation follow the new time.');
                loaded.reload();
              });
            }}
          >
            <label>
              New pickup time
              <input
                type="datetime-local"
                required
                value={newPickup || toLocalInput(booking.pickup_at)}
                onInput={(e) => setNewPickup(e.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={action.busy}>
              Reschedule
            </button>
          </form>
          <Confirm
            label="Cancel the ride"
            title="Cancel this ride?"
            confirmLabel={free ? 'Cancel for free' : `Cancel and pay ${money(feeNow!.gross, feeNow!.currency)}`}
            onOpen={loaded.reload}
            disabled={!terms.cancellable}
            danger
            onConfirm={() =>
              action.run(async () => {
                const cancelled = await ok(
                  api.POST('/api/public/v1/bookings/{ref}/cancel', {
                    params: { path: { ref: booking.ref }, header: { 'Idempotency-Key': idempotencyKey() } },
                    body: { reason },
                  }),
                );
                const fee = cancelled.cancellation?.fee;
                setNotice(`Cancelled. Fee charged: ${fee ? money(fee.gross, fee.currency) : 'none'}.`);
                loaded.reload();
              })
            }
          >
            <p>
              {!terms.cancellable
                ? 'This ride can no longer be cancelled.'
                : free
                  ? `Free: cancelling before ${dateTime(terms.free_until)} costs nothing; after that the fee is ${money(terms.fee_after.gross, terms.fee_after.currency)}.`
                  : `The free window ended ${dateTime(terms.free_until)}: cancelling now costs ${money(feeNow!.gross, feeNow!.currency)}.`}
            </p>
            <label class="field">
              Reason
              <select value={reason} onChange={(e) => setReason(e.currentTarget.value as typeof reason)}>
                {CANCEL_REASONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </Confirm>
        </section>
      )}
      <Timeline reference={booking.ref} version={`${booking.status} ${booking.pickup_at}`} />
      {open || booking.status === 'pob' ? <LiveView reference={booking.ref} onChange={loaded.reload} /> : null}
    </>
  );
}

const CLASSES: Schema<'VehicleClass'>[] = ['standard', 'executive', 'luxury', 'van', 'minibus'];

/** Quote, then book: the quote holds the price and the cancellation policy until it expires. */
export function NewBookingPage() {
  useTitle('Book a ride');
  const action = useAction();
  const [quote, setQuote] = useState<Schema<'PublicQuote'> | null>(null);
  const [bookKey] = useState(idempotencyKey);
  const [request, setRequest] = useState({
    pickup_address: '',
    pickup_lat: '48.8674',
    pickup_lng: '2.3294',
    dropoff_address: '',
    dropoff_lat: '49.0097',
    dropoff_lng: '2.5479',
    datetime: toLocalInput(new Date(Date.now() + 3 * 3600 * 1000)),
    vehicle_class: 'standard' as Schema<'VehicleClass'>,
    pax: '1',
  });
  const field = (name: keyof typeof request, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={request[name]} onInput={(e) => setRequest({ ...request, [name]: e.currentTarget.value })} {...props} />
    </label>
  );
  return (
    <>
      <p class="crumbs">
        <Link to="/bookings">Bookings</Link>
      </p>
      <h1>Book a ride</h1>
      <Problem error={action.error} />
      <form
        class="stack"
        aria-label="Quote"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            setQuote(
              await ok(
                api.POST('/api/public/v1/quotes', {
                  params: { header: { 'Idempotency-Key': idempotencyKey() } },
                  body: {
                    pickup_address: request.pickup_address || undefined,
                    pickup_lat: Number(request.pickup_lat),
                    pickup_lng: Number(request.pickup_lng),
                    dropoff_address: request.dropoff_address || undefined,
                    dropoff_lat: Number(request.dropoff_lat),
                    dropoff_lng: Number(request.dropoff_lng),
                    datetime: fromLocalInput(request.datetime)!,
                    vehicle_class: request.vehicle_class,
                    pax: Number(request.pax),
                  },
                }),
              ),
            );
          });
        }}
      >
        <fieldset>
          <legend>Pickup</legend>
          {field('pickup_address', 'Address', { required: true, maxLength: 300 })}
          <div class="actions">
            {field('pickup_lat', 'Latitude', { type: 'number', step: 'any', min: -90, max: 90, required: true })}
            {field('pickup_lng', 'Longitude', { type: 'number', step: 'any', min: -180, max: 180, required: true })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Drop-off</legend>
          {field('dropoff_address', 'Address', { required: true, maxLength: 300 })}
          <div class="actions">
            {field('dropoff_lat', 'Latitude', { type: 'number', step: 'any', min: -90, max: 90, required: true })}
            {field('dropoff_lng', 'Longitude', { type: 'number', step: 'any', min: -180, max: 180, required: true })}
          </div>
        </fieldset>
        <div class="actions">
          {field('datetime', 'Pickup time', { type: 'datetime-local', required: true })}
          <label>
            Class
            <select
              name="vehicle_class"
              value={request.vehicle_class}
              onChange={(e) => setRequest({ ...request, vehicle_class: e.currentTarget.value as Schema<'VehicleClass'> })}
            >
              {CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {field('pax', 'Passengers', { type: 'number', min: 1, max: 16, required: true })}
        </div>
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Get a quote
          </button>
        </div>
      </form>
      {quote && (
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading">Quote</h2>
          <dl class="facts">
            <dt>Total</dt>
            <dd>
              <strong>{money(quote.total.gross, quote.total.currency)}</strong>{' '}
              <span class="muted">
                ({quote.distance_km} km, about {quote.duration_min} min)
              </span>
            </dd>
            <dt>Free cancellation</dt>
            <dd>
              until {dateTime(quote.cancellation_policy.free_until)}, then{' '}
              {money(quote.cancellation_policy.fee_after.gross, quote.cancellation_policy.fee_after.currency)}
            </dd>
            <dt>Valid until</dt>
            <dd>{dateTime(quote.expires_at)}</dd>
          </dl>
          <form
            class="stack"
            aria-label="Book"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const text = (name: string) => ((form.get(name) as string) || '').trim() || undefined;
              void action.run(async () => {
                const booked = await ok(
                  api.POST('/api/public/v1/bookings', {
                    params: { header: { 'Idempotency-Key': bookKey } },
                    body: {
                      quote_id: quote.quote_id,
                      passenger: { name: text('name')!, phone: text('phone')!, email: text('email') },
                      customer_reference: text('customer_reference'),
                      notes: text('notes'),
                      flight_number: text('flight_number'),
                    },
                  }),
                );
                navigate(`/bookings/${booked.ref}`);
              });
            }}
          >
            <label>
              Passenger name
              <input name="name" required maxLength={200} autocomplete="name" />
            </label>
            <label>
              Passenger phone <span class="muted">(international, +33…)</span>
              <input name="phone" required type="tel" pattern="\+[1-9][0-9]{6,14}" autocomplete="tel" />
            </label>
            <label>
              Passenger email <span class="muted">(optional)</span>
              <input name="email" type="email" autocomplete="email" />
            </label>
            <label>
              Your reference <span class="muted">(cost centre, PO; optional)</span>
              <input name="customer_reference" maxLength={100} />
            </label>
            <label>
              Flight number <span class="muted">(airport pickups; optional)</span>
              <input name="flight_number" placeholder="AF1234" />
            </label>
            <label>
              Notes for the chauffeur <span class="muted">(optional)</span>
              <textarea name="notes" maxLength={500} rows={2} />
            </label>
            <div class="actions">
              <button type="submit" class="primary" disabled={action.busy}>
                Book for {money(quote.total.gross, quote.total.currency)}
              </button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
