import { api, ok, type Schema } from '../client/client';
import { prettyJson } from '../format';
import { Loading } from './loading';
import { Problem } from './problem';
import { useLoad } from './use-load';

type Attempt = Schema<'WebhookDeliveryAttempt'>;
type ReceiverResponse = Schema<'WebhookReceiverResponse'>;

/** Binary bytes as a hex dump: offset, 16 bytes in hex, the printable ones as text. */
export function hexDump(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = [...bytes.subarray(offset, offset + 16)];
    const hex = row.map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const text = row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(4, '0')}  ${hex.padEnd(47)}  ${text}`);
  }
  return lines.join('\n');
}

/** What the receiver answered: its headers and the first 4 KB of its body, secrets redacted by the hub. */
function ReceiverAnswer({ status, response }: { status: number | null; response: ReceiverResponse }) {
  const headers = Object.entries(response.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <p class="muted">
        Receiver's answer: HTTP {status}
        {response.truncated ? ' · body cut at 4 KB' : ''}
        {response.body_encoding === 'base64' ? ' · binary body, shown as hex' : ''}
      </p>
      {headers.length > 0 && (
        <dl class="headers" aria-label="Response headers">
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <pre class="response-body" aria-label="Response body">
        {response.body_encoding === 'base64' ? hexDump(response.body) : prettyJson(response.body)}
        {response.truncated ? '\n… (cut at 4 KB)' : ''}
      </pre>
    </>
  );
}

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
          {detail.data.response ? (
            <ReceiverAnswer status={detail.data.response_status} response={detail.data.response} />
          ) : (
            !detail.data.error && <p class="muted">The receiver's answer is kept 30 days; this one is no longer.</p>
          )}
          <p class="muted">Payload sent</p>
          <pre class="payload" aria-label="Payload sent">
            {prettyJson(detail.data.payload)}
          </pre>
        </>
      )}
    </div>
  );
}
