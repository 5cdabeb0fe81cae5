import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { count, duration } from '../format';
import { Link, navigate, withQuery } from '../router';
import { DestinationStatusBadge, pausedWhy } from '../components/destination-status';
import { ListTable } from '../components/list-table';
import { Tags } from '../components/tags';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

export function WebhooksPage({ location }: PageProps) {
  useTitle('Webhook destinations');
  const cursor = location.query.get('cursor') ?? undefined;
  const list = useLoad(
    () => ok(api.GET('/api/public/v1/webhook-destinations', { params: { query: { limit: 25, cursor } } })),
    cursor ?? '',
  );
  return (
    <>
      <div class="page-head">
        <h1>Webhook destinations</h1>
        <Link to="/webhooks/new" class="button primary">
          Add a destination
        </Link>
      </div>
      <p class="lead">
        Where the hub sends your signed events. Each destination gets 8 attempts per event with backoff, and pauses after 12 failures in a
        row.
      </p>
      <ListTable
        caption="Webhook destinations"
        what="destinations"
        list={list}
        rowKey={(destination) => destination.id}
        empty={
          <>
            <p>No destination yet: nothing is sent anywhere.</p>
            <p>
              <Link to="/webhooks/new">Add a destination</Link> with the URL of your receiver and the events it wants.
            </p>
          </>
        }
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/webhooks', { cursor: next }))}
        columns={[
          {
            header: 'URL',
            cell: (destination) => (
              <>
                <Link to={`/webhooks/${destination.id}`} class="url">
                  {destination.url}
                </Link>
                {destination.description && <div class="muted">{destination.description}</div>}
                <div class="muted">
                  Secret <code>{destination.signing_secret_masked}</code>
                </div>
              </>
            ),
          },
          {
            header: 'Events',
            cell: (destination) => <Tags names={destination.events} />,
          },
          {
            header: 'Last 24 h',
            cell: (destination) =>
              `${count(destination.deliveries_24h.delivered)} delivered, ${count(destination.deliveries_24h.failed)} failed`,
          },
          {
            header: 'Retries',
            cell: (destination) =>
              `${destination.retry.attempts} attempts, backoff up to ${duration(destination.retry.backoff_ceiling_seconds)}`,
          },
          {
            header: 'Status',
            cell: (destination) => (
              <>
                <DestinationStatusBadge destination={destination} />
                {destination.paused && <div class="muted">{pausedWhy(destination)}</div>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
