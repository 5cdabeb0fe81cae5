import { api, ok, type Schema } from '../client/client';
import { prettyJson } from '../format';
import { Loading } from './loading';
import { Problem } from './problem';
import { useLoad } from './use-load';

type Attempt = Schema<'WebhookDeliveryAttempt'>;

/** One attempt opened: the exact payload sent (as text) and what the receiver answered. */
export function AttemptDetail({ attempt }: { attempt: Attempt }) {
  const detail = useLoad(() => ok(api.GET('/api/public/v1/webhook-deliveries/{id}', { params: { path: { id: attempt.id } } })), attempt.id);
  return (
    <div class="attempt-detail">
      <Problem error={detail.error} />
      {detail.loading && <Loading what="the payload" />}
      {detail.data && (
        <>
          <p>
            Delivery <code>{detail.data.delivery_id}</code> · event <code>{detail.data.event_id}</code>
          </p>
          {detail.data.error && (
            <p>
              Receiver's answer: <code>{detail.data.error}</code>
            </p>
          )}
          <p class="muted">Payload sent</p>
          <pre>{prettyJson(detail.data.payload)}</pre>
        </>
      )}
    </div>
  );
}
