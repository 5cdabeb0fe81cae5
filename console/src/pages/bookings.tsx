import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { money, toLocalInput, zonedDateTime } from '../format';
import { Link, navigate, withQuery } from '../router';
import { BOOKING_STATUSES, BookingStatusBadge } from '../components/booking-status';
import type { Column } from '../components/data-table';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { ReferenceTotals } from '../components/reference-totals';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';
import { holds, lacksScope, Unavailable } from '../components/scope-gate';

type Booking = Schema<'PublicBookingListItem'>;
type Status = Schema<'PublicBookingStatus'>;
type Sort = '-created_at' | 'pickup_at' | '-pickup_at';

const SORTS: { value: Sort; label: string }[] = [
  { value: '-created_at', label: 'Newest booking first' },
  { value: 'pickup_at', label: 'Soonest pickup first' },
  { value: '-pickup_at', label: 'Latest pickup first' },
];

/** The filters of the list, as the page address holds them (the same names as the API's). */
export interface BookingFilters {
  market?: string;
  status?: Status;
  from?: string;
  to?: string;
  ref?: string;
  external_id?: string;
  passenger_name?: string;
  customer_reference?: string;
  customer_reference_prefix?: string;
  sort?: Sort;
}

function filtersOf(query: URLSearchParams): BookingFilters {
  const text = (name: string) => query.get(name) ?? undefined;
  const status = query.get('status') as Status | null;
  const sort = query.get('sort') as Sort | null;
  return {
    market: text('market'),
    status: status && BOOKING_STATUSES.some((s) => s.value === status) ? status : undefined,
    from: text('from'),
    to: text('to'),
    ref: text('ref'),
    external_id: text('external_id'),
    passenger_name: text('passenger_name'),
    customer_reference: text('customer_reference'),
    customer_reference_prefix: text('customer_reference_prefix'),
    sort: sort && SORTS.some((s) => s.value === sort) ? sort : undefined,
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

/** "The next 24 hours": pickups from now to a day from now, soonest first. */
function next24Hours(): string {
  const now = new Date();
  return withQuery('/bookings', {
    from: now.toISOString(),
    to: new Date(now.getTime() + 86_400_000).toISOString(),
    sort: 'pickup_at',
  });
}

/** A query string of the filters (no cursor): the CSV export and the totals take the list's own. */
const filterQuery = (filters: BookingFilters) => withQuery('', { ...filters }).replace(/^\?/, '');

export function BookingsPage({ location, session }: PageProps) {
  useTitle('Bookings');
  const filters = filtersOf(location.query);
  const cursor = location.query.get('cursor') ?? undefined;
  const key = location.query.toString();
  const list = useLoad(() => ok(api.GET('/api/public/v1/bookings', { params: { query: { ...filters, cursor, limit: 25 } } })), key);
  const passengers = session.scopes.includes('passengers.read');
  const { sort: _sort, ...selection } = filters;
  const filtered = Object.values(selection).some(Boolean);
  const exportQuery = filterQuery(filters);
  return (
    <>
      <div class="page-head">
        <h1>Bookings</h1>
        {holds(session, 'bookings.write') ? (
          <Link to="/bookings/new" class="button primary">
            Book a ride
          </Link>
        ) : (
          <Unavailable label="Book a ride" reason={lacksScope('bookings.write')} primary />
        )}
      </div>
      <p class="presets">
        <Link to={next24Hours()}>Next 24 hours</Link> · <Link to="/bookings?sort=pickup_at">Soonest pickup first</Link>
      </p>
      <FilterForm
        key={filterQuery(filters)}
        clear={<Link to="/bookings">Clear</Link>}
        onApply={(text) => {
          const id = text('id');
          const reference = text('customer_reference');
          const prefix = text('reference_match') === 'prefix';
          navigate(
            withQuery('/bookings', {
              market: text('market')?.toUpperCase(),
              status: text('status'),
              from: dayStart(text('from')),
              to: dayStart(text('to'), 1),
              ref: id?.startsWith('bkg_') ? id : undefined,
              external_id: id && !id.startsWith('bkg_') ? id : undefined,
              passenger_name: text('passenger_name'),
              customer_reference: prefix ? undefined : reference,
              customer_reference_prefix: prefix ? reference : undefined,
              sort: text('sort') === '-created_at' ? undefined : text('sort'),
            }),
          );
        }}
      >
        <label>
          Booking ref or external id
          <input
            name="id"
            placeholder="bkg_… or PO-2026-0042"
            size={16}
            maxLength={100}
            defaultValue={filters.ref ?? filters.external_id ?? ''}
          />
        </label>
        {passengers && (
          <label>
            Passenger <span class="muted">(any part of the name)</span>
            <input
              name="passenger_name"
              placeholder="Lovelace"
              size={14}
              minLength={2}
              maxLength={100}
              defaultValue={filters.passenger_name ?? ''}
            />
          </label>
        )}
        <label>
          Your reference
          <input
            name="customer_reference"
            placeholder="CC-4711"
            size={12}
            maxLength={100}
            defaultValue={filters.customer_reference ?? filters.customer_reference_prefix ?? ''}
          />
        </label>
        <label>
          Reference match
          <select name="reference_match">
            <option value="exact">Exactly</option>
            <option value="prefix" selected={Boolean(filters.customer_reference_prefix)}>
              Starts with
            </option>
          </select>
        </label>
        <label>
          Market
          <input name="market" placeholder="PAR" size={6} pattern="[A-Za-z]{3,5}" defaultValue={filters.market ?? ''} />
        </label>
        <label>
          Status
          <select name="status">
            <option value="">All</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s.value} value={s.value} selected={filters.status === s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pickup from
          <input type="date" name="from" defaultValue={dayOf(filters.from)} />
        </label>
        <label>
          Pickup until
          <input type="date" name="to" defaultValue={dayOf(filters.to, 1)} />
        </label>
        <label>
          Sort
          <select name="sort">
            {SORTS.map((s) => (
              <option key={s.value} value={s.value} selected={(filters.sort ?? '-created_at') === s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <p class="actions">
        <a class="button" href={`/api/public/v1/bookings.csv${exportQuery ? `?${exportQuery}` : ''}`} download="bookings.csv">
          Export CSV
        </a>{' '}
        <span class="muted">every booking of these filters{passengers ? ', with passengers (each read is recorded)' : ''}</span>
      </p>
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
              No booking yet.{' '}
              {holds(session, 'bookings.write') ? (
                <>
                  <Link to="/bookings/new">Book a ride</Link>, or book through the API with a key of this account.
                </>
              ) : (
                'Bookings made through the API with a key of this account show here.'
              )}
            </p>
          )
        }
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/bookings', { ...filters, cursor: next }))}
        columns={passengers ? [...BOOKING_COLUMNS.slice(0, 2), PASSENGER_COLUMN, ...BOOKING_COLUMNS.slice(2)] : BOOKING_COLUMNS}
      />
      <ReferenceTotals query={filterQuery({ ...filters, sort: undefined })} />
    </>
  );
}

const PASSENGER_COLUMN: Column<Booking> = {
  header: 'Passenger',
  class: 'wrap',
  cell: (booking) =>
    booking.passenger ? (
      <>
        {booking.passenger.name}
        {booking.passenger.phone && <div class="muted">{booking.passenger.phone}</div>}
      </>
    ) : (
      <span class="muted">{booking.passenger === null ? 'Erased' : '—'}</span>
    ),
};

const BOOKING_COLUMNS: Column<Booking>[] = [
  {
    header: 'Pickup',
    cell: (booking) => (
      <>
        <Link to={`/bookings/${booking.ref}`}>{zonedDateTime(booking.pickup_at, booking.time_zone)}</Link>
        <div class="muted">
          <code>{booking.ref}</code> · {booking.market} · {booking.vehicle_class}
        </div>
      </>
    ),
  },
  {
    header: 'Route',
    class: 'wrap',
    cell: (booking) => (
      <>
        {booking.pickup}
        <div class="muted">→ {booking.dropoff}</div>
      </>
    ),
  },
  { header: 'Status', cell: (booking) => <BookingStatusBadge status={booking.status} /> },
  { header: 'Chauffeur', cell: (booking) => booking.chauffeur?.name ?? '—' },
  { header: 'Total', number: true, cell: (booking) => money(booking.total.gross, booking.total.currency) },
  { header: 'Your reference', class: 'wrap', cell: (booking) => booking.customer_reference ?? '—' },
];
