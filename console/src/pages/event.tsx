import type { PageProps } from '../shell';
import { Link, withQuery } from '../router';
import { DeliverySummary } from '../components/delivery-summary';
import { useTitle } from '../components/use-title';

/** One event: where it went (its webhook deliveries, with their attempts in the delivery log). */
export function EventPage({ params, session }: PageProps) {
  const id = params.id;
  useTitle(`Event ${id}`);
  return (
    <>
      <p>
        <Link to="/events">← Events</Link>
      </p>
      <h1>
        Event <code>{id}</code>
      </h1>
      <p class="lead">
        Every delivery of this event to your destinations. Open one's attempts for the payload sent and what the receiver answered, or{' '}
        <Link to={withQuery('/deliveries', { event: id })}>see them all in the delivery log</Link>.
      </p>
      {session.scopes.includes('webhooks.manage') ? (
        <DeliverySummary filter={{ event: id }} />
      ) : (
        <p class="muted">Webhook deliveries need a login with the webhooks.manage scope.</p>
      )}
    </>
  );
}
