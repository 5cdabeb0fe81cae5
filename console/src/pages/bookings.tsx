import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { dateTime, money, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { BOOKING_STATUSES, BookingStatusBadge } from '../components/booking-status';
import type { Column } from '../components/data-table';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Booking = Schema<'PublicBooking'>;
type Status = Schema<'PublicBookingStatus'>;

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
    status: status && BOOKING_STATUSES.some((s) => s.value === status) ? status : undefined,
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
            {BOOKING_STATUSES.map((s) => (
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
  { header: 'Status', cell: (booking) => <BookingStatusBadge status={booking.status} /> },
  { header: 'Chauffeur', cell: (booking) => booking.chauffeur?.name ?? '—' },
  { header: 'Total', number: true, cell: (booking) => money(booking.total.gross, booking.total.currency) },
  { header: 'Your reference', cell: (booking) => booking.customer_reference ?? '—' },
];
