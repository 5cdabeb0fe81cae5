import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { loadCatalogue } from '../events-catalogue';
import { useIdempotencyKeys, type useAction } from './use-action';
import { useLoad } from './use-load';

type EventType = NonNullable<Schema<'WebhookTestEventRequest'>['type']>;

/**
 * "Send a test event" with the type to send: `webhook.test`, or any type of the catalogue (`/events.json`), sent with
 * its example payload and marked `"test": true`, delivered like any event.
 */
export function TestEventForm({
  destinationId,
  action,
  onSent,
}: {
  destinationId: string;
  action: ReturnType<typeof useAction>;
  onSent: (message: string, deliveryId: string) => void;
}) {
  const catalogue = useLoad(loadCatalogue, 'catalogue');
  const [type, setType] = useState<EventType>('webhook.test');
  const keys = useIdempotencyKeys();
  const send = (event: Event) => {
    event.preventDefault();
    action.run(async () => {
      const sent = await keys.send('test-event', { destinationId, type }, (key) =>
        ok(
          api.POST('/api/public/v1/webhook-destinations/{id}/test', {
            params: { path: { id: destinationId }, header: { 'Idempotency-Key': key } },
            body: { type },
          }),
        ),
      );
      onSent(`Test ${type} event ${sent.event_id} queued; it shows in the deliveries in a moment.`, sent.delivery_id);
    });
  };
  return (
    <form class="inline-form" onSubmit={send}>
      <label>
        Test event type
        <select name="test-type" value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value as EventType)}>
          {(catalogue.data ?? [{ type: 'webhook.test' }]).map((event) => (
            <option key={event.type} value={event.type}>
              {event.type}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={action.busy}>
        Send a test event
      </button>
    </form>
  );
}
