import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { dateTimeSeconds } from '../format';
import { Link } from '../router';
import { DeliverySummary } from '../components/delivery-summary';
import { Loading } from '../components/loading';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

/** One event: its envelope from the event log and where it went (its webhook deliveries, attempts in the log). */
export function EventPage({ params, session }: PageProps) {
  const id = params.id;
  useTitle(`Event ${id}`);
  const event = useLoad(() => ok(api.GET('/api/public/v1/events/{id}', { params: { path: { id } } })), id);
  return (
    <>
      <p class="crumbs">
        <Link to="/events">Events</Link>
      </p>
      <h1>
        Event <code>{id}</code>
      </h1>
      {event.loading && !event.data && <Loading what="the event" />}
      {event.data && (
        <>
          <p class="lead">
            <code>{event.data.type}</code> · created {dateTimeSeconds(event.data.created)}
          </p>
          <details>
            <summary>Envelope</summary>
            <pre>{JSON.stringify(event.data, null, 2)}</pre>
          </details>
        </>
      )}
      {event.error && (
        <p class="muted">
          Not in the event log: a test event, an event older than 30 days, or a type this login does not read. Its deliveries follow.
        </p>
      )}
      {session.scopes.includes('webhooks.manage') ? (
        <DeliverySummary filter={{ event: id }} />
      ) : (
        <p class="muted">Webhook deliveries need a login with the webhooks.manage scope.</p>
      )}
    </>
  );
}
