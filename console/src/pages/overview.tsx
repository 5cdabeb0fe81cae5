import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, date, money } from '../format';
import { Link } from '../router';
import { BookingStatusBadge } from '../components/booking-status';
import { DeliveriesChart, type DestinationStats } from '../components/deliveries-chart';
import { Empty } from '../components/empty';
import { Loading } from '../components/loading';
import { Problem } from '../components/problem';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Status = Schema<'PublicBookingStatus'>;

/** Pages read to count today's bookings; past that the overview says "at least" (the list is keyset-paged). */
const MAX_PAGES = 10;

async function todaysBookings(): Promise<{ byStatus: Map<Status, number>; total: number; complete: boolean }> {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  const byStatus = new Map<Status, number>();
  let cursor: string | undefined;
  let total = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await ok(
      api.GET('/api/public/v1/bookings', {
        params: { query: { from: start.toISOString(), to: end.toISOString(), limit: 100, cursor } },
      }),
    );
    for (const booking of answer.data) byStatus.set(booking.status, (byStatus.get(booking.status) ?? 0) + 1);
    total += answer.data.length;
    if (!answer.has_more || !answer.next_cursor) return { byStatus, total, complete: true };
    cursor = answer.next_cursor;
  }
  return { byStatus, total, complete: false };
}

/** Each destination with its figures of the last 24 hours, from the hub's own stats (`…/webhook-destinations/{id}/stats`). */
async function destinationStats(): Promise<DestinationStats[]> {
  const list = await ok(api.GET('/api/public/v1/webhook-destinations', { params: { query: { limit: 100 } } }));
  return Promise.all(
    list.data.map(async (destination) => ({
      destination,
      stats: await ok(api.GET('/api/public/v1/webhook-destinations/{id}/stats', { params: { path: { id: destination.id } } })),
    })),
  );
}

export function OverviewPage({ session }: PageProps) {
  useTitle('Overview');
  const can = (scope: string) => session.scopes.includes(scope);
  const bookings = useLoad(() => (can('bookings.read') ? todaysBookings() : Promise.resolve(null)), 'bookings');
  const destinations = useLoad(() => (can('webhooks.manage') ? destinationStats() : Promise.resolve(null)), 'destinations');
  const invoices = useLoad(
    () =>
      can('invoices.read')
        ? ok(api.GET('/api/public/v1/invoices', { params: { query: { type: 'invoice', status: 'open', limit: 10 } } }))
        : Promise.resolve(null),
    'invoices',
  );
  return (
    <>
      <h1>Overview</h1>
      <div class="cards">
        <section class="card" aria-labelledby="today-heading">
          <h2 id="today-heading">Today's bookings</h2>
          <Problem error={bookings.error} />
          {bookings.loading && <Loading what="today's bookings" />}
          {bookings.data === null && <p class="muted">This login cannot read bookings.</p>}
          {bookings.data && bookings.data.total === 0 && (
            <Empty>
              <p>
                No pickup today. <Link to="/bookings/new">Book a ride</Link>.
              </p>
            </Empty>
          )}
          {bookings.data && bookings.data.total > 0 && (
            <>
              <p>
                <strong>
                  {bookings.data.complete ? '' : 'at least '}
                  {count(bookings.data.total)}
                </strong>{' '}
                pickups today
              </p>
              <ul class="plain">
                {[...bookings.data.byStatus.entries()].map(([status, n]) => (
                  <li key={status}>
                    <BookingStatusBadge status={status} /> {count(n)}
                  </li>
                ))}
              </ul>
              <p>
                <Link to={`/bookings?from=${encodeURIComponent(todayStart())}`}>See today's bookings</Link>
              </p>
            </>
          )}
        </section>
        <section class="card" aria-labelledby="invoices-heading">
          <h2 id="invoices-heading">Invoices due</h2>
          <Problem error={invoices.error} />
          {invoices.loading && <Loading what="invoices" />}
          {invoices.data === null && <p class="muted">This login cannot read invoices.</p>}
          {invoices.data && invoices.data.data.length === 0 && <p>Nothing due: every invoice is paid.</p>}
          {invoices.data && invoices.data.data.length > 0 && (
            <ul class="plain">
              {invoices.data.data.map((invoice) => (
                <li key={invoice.number}>
                  <Link to={`/finance/invoices/${invoice.number}`}>{invoice.number}</Link> {money(invoice.amount_due, invoice.currency)}
                  {invoice.due_at && <span class="muted"> · due {date(invoice.due_at)}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks, last 24 hours</h2>
        <Problem error={destinations.error} />
        {destinations.loading && <Loading what="destinations" />}
        {destinations.data === null && <p class="muted">This login cannot manage webhooks.</p>}
        {destinations.data && destinations.data.length === 0 && (
          <Empty>
            <p>
              No webhook destination. <Link to="/webhooks/new">Add one</Link> to receive your events.
            </p>
          </Empty>
        )}
        {destinations.data && destinations.data.length > 0 && (
          <>
            <DeliveriesChart rows={destinations.data} />
            <p>
              <Link to="/deliveries?status=failed">See the failed deliveries</Link>
            </p>
          </>
        )}
      </section>
    </>
  );
}

function todayStart(): string {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  return start.toISOString();
}
