import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, date, money } from '../format';
import { Link } from '../router';
import { Empty, Loading, Problem, useLoad, useTitle } from '../ui';
import { StatusBadge } from './bookings';

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

/**
 * Delivered and failed of the last 24 hours per destination: the numbers as text, each with a small SVG bar (green
 * delivered, red failed, scaled to the busiest destination) that only repeats them, so it is hidden from screen readers.
 */
function DeliveriesChart({ destinations }: { destinations: Schema<'WebhookDestination'>[] }) {
  const max = Math.max(1, ...destinations.map((d) => d.deliveries_24h.delivered + d.deliveries_24h.failed));
  return (
    <ul class="plain bars">
      {destinations.map((d) => {
        const delivered = (d.deliveries_24h.delivered / max) * 100;
        const failed = (d.deliveries_24h.failed / max) * 100;
        return (
          <li key={d.id}>
            <Link to={`/webhooks/${d.id}`} class="url">
              {d.url}
            </Link>
            <span class="muted">
              {' '}
              {count(d.deliveries_24h.delivered)} delivered · {count(d.deliveries_24h.failed)} failed
            </span>
            <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect x="0" y="0" width="100" height="6" fill="#f4f6f8" />
              <rect x="0" y="0" width={delivered} height="6" fill="#146c2e" />
              <rect x={delivered} y="0" width={failed} height="6" fill="#a4161a" />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}

export function OverviewPage({ session }: PageProps) {
  useTitle('Overview');
  const can = (scope: string) => session.scopes.includes(scope);
  const bookings = useLoad(() => (can('bookings.read') ? todaysBookings() : Promise.resolve(null)), 'bookings');
  const destinations = useLoad(
    () =>
      can('webhooks.manage')
        ? ok(api.GET('/api/public/v1/webhook-destinations', { params: { query: { limit: 100 } } }))
        : Promise.resolve(null),
    'destinations',
  );
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
                    <StatusBadge status={status} /> {count(n)}
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
        {destinations.data && destinations.data.data.length === 0 && (
          <Empty>
            <p>
              No webhook destination. <Link to="/webhooks/new">Add one</Link> to receive your events.
            </p>
          </Empty>
        )}
        {destinations.data && destinations.data.data.length > 0 && (
          <>
            <DeliveriesChart destinations={destinations.data.data} />
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
