import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { Link } from '../router';
import { DestinationForm } from '../components/destination-form';
import { Problem } from '../components/problem';
import { SecretOnce } from '../components/secret-once';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useTitle } from '../components/use-title';

export function NewWebhookPage() {
  useTitle('Add a webhook destination');
  const action = useAction();
  const [created, setCreated] = useState<Schema<'WebhookDestinationWithSecret'> | null>(null);
  const keys = useIdempotencyKeys();
  if (created)
    return (
      <>
        <h1>Destination added</h1>
        <p>
          Events go to <span class="url">{created.url}</span> from now on, signed with this secret (header <code>Service-Signature</code>).
        </p>
        <SecretOnce name="signing secret" value={created.signing_secret} />
        <p>
          <Link to={`/webhooks/${created.id}`}>Open the destination</Link> to send it a test event.
        </p>
      </>
    );
  return (
    <>
      <p class="crumbs">
        <Link to="/webhooks">Webhook destinations</Link>
      </p>
      <h1>Add a webhook destination</h1>
      <Problem error={action.error} />
      <DestinationForm
        initial={{ url: '', description: '', events: [] }}
        submitLabel="Add destination"
        busy={action.busy}
        onSubmit={(value) =>
          action.run(async () => {
            const body = { url: value.url, description: value.description || null, events: value.events };
            const destination = await keys.send('create', body, (key) =>
              ok(api.POST('/api/public/v1/webhook-destinations', { params: { header: { 'Idempotency-Key': key } }, body })),
            );
            setCreated(destination);
          })
        }
      />
    </>
  );
}
