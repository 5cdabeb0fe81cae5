import { api, ok, type Schema } from '../client/client';
import { dateTimeSeconds } from '../format';
import { Link, withQuery } from '../router';
import { Badge } from './badge';
import { DataTable } from './data-table';
import { Loading } from './loading';
import { Problem } from './problem';
import { useLoad } from './use-load';

type Attempt = Schema<'WebhookDeliveryAttempt'>;

/** The attempts' retry limit (the destination's `retry.attempts`): a failed delivery is over after it. */
const MAX_ATTEMPTS = 8;

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  attempts: number;
  last: Attempt;
  delivered: boolean;
}

/** Attempts (newest first) grouped by delivery: each delivery's newest attempt is its last outcome. */
export function deliveriesOf(attempts: Attempt[]): Delivery[] {
  const byId = new Map<string, Delivery>();
  for (const attempt of attempts) {
    const known = byId.get(attempt.delivery_id);
    if (known) {
      known.attempts = Math.max(known.attempts, attempt.attempt);
      known.delivered ||= attempt.succeeded;
    } else {
      byId.set(attempt.delivery_id, {
        id: attempt.delivery_id,
        eventId: attempt.event_id,
        eventType: attempt.event_type,
        url: attempt.url,
        attempts: attempt.attempt,
        last: attempt,
        delivered: attempt.succeeded,
      });
    }
  }
  return [...byId.values()];
}

function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  if (delivery.delivered) return <Badge tone="good">Delivered</Badge>;
  if (delivery.attempts >= MAX_ATTEMPTS) return <Badge tone="bad">Failed</Badge>;
  return <Badge tone="warn">Retrying</Badge>;
}

/**
 * The webhook deliveries of a booking or of an event (the delivery log filtered by `booking` or `event`, the newest
 * 100 attempts), one row per delivery: destination, status, attempts, last outcome, and its attempts in the log.
 */
export function DeliverySummary({ filter, version = '' }: { filter: { booking: string } | { event: string }; version?: string }) {
  const key = 'booking' in filter ? `booking=${filter.booking}` : `event=${filter.event}`;
  const log = useLoad(
    () => ok(api.GET('/api/public/v1/webhook-deliveries', { params: { query: { ...filter, limit: 100 } } })),
    `${key} ${version}`,
  );
  const deliveries = deliveriesOf(log.data?.data ?? []);
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Webhook deliveries</h2>
      <Problem error={log.error} />
      {log.loading && !log.data && <Loading what="the deliveries" />}
      {log.data && deliveries.length === 0 && <p class="muted">No webhook delivery: no destination of yours took these events.</p>}
      {deliveries.length > 0 && (
        <DataTable
          caption="Webhook deliveries"
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
          columns={[
            ...('booking' in filter
              ? [{ header: 'Event', cell: (delivery: Delivery) => <Link to={`/events/${delivery.eventId}`}>{delivery.eventType}</Link> }]
              : []),
            { header: 'Destination', class: 'url', cell: (delivery) => delivery.url },
            { header: 'Status', cell: (delivery) => <DeliveryStatus delivery={delivery} /> },
            { header: 'Attempts', number: true, cell: (delivery) => delivery.attempts },
            {
              header: 'Last outcome',
              cell: (delivery) => (
                <>
                  {delivery.last.response_status ?? delivery.last.error ?? 'No answer'}
                  <div class="muted">{dateTimeSeconds(delivery.last.sent_at)}</div>
                </>
              ),
            },
            {
              header: 'Log',
              hideHeader: true,
              cell: (delivery) => (
                <Link to={withQuery('/deliveries', { delivery: delivery.id })} aria-label={`Attempts of delivery ${delivery.id}`}>
                  Attempts
                </Link>
              ),
            },
          ]}
        />
      )}
      {log.data?.has_more && <p class="muted">The newest 100 attempts are shown; the delivery log has them all.</p>}
      <p>
        <Link to={withQuery('/deliveries', filter)}>Open in the delivery log</Link>
      </p>
    </section>
  );
}
