import { useEffect, useState } from 'preact/hooks';
import { api, idempotencyKey, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { loadCatalogue, type CatalogueEvent } from '../events-catalogue';
import { count, dateTime, duration } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { Confirm } from '../components/confirm';
import { ListTable } from '../components/list-table';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { SecretOnce } from '../components/secret-once';
import { Tags } from '../components/tags';
import { useAction } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Destination = Schema<'WebhookDestination'>;

const PATH = '/api/public/v1/webhook-destinations/{id}' as const;

function StatusBadge({ destination }: { destination: Destination }) {
  if (destination.status === 'active') return <Badge tone="good">Active</Badge>;
  return <Badge tone="warn">Paused</Badge>;
}

/**
 * Why a destination is paused, in the hub's words ("paused by request", "12 consecutive failed deliveries"), and since
 * when: nothing is sent meanwhile and nothing is dropped.
 */
function pausedWhy(destination: Destination): string {
  const paused = destination.paused;
  if (!paused) return '';
  return `Since ${dateTime(paused.since)}: ${paused.reason}. New events wait and are sent in order on resume.`;
}

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
                <StatusBadge destination={destination} />
                {destination.paused && <div class="muted">{pausedWhy(destination)}</div>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/** Event checkboxes from the catalogue, each with its description and its example payload (as text, never HTML). */
function EventPicker({ selected, onChange }: { selected: string[]; onChange: (events: string[]) => void }) {
  const [catalogue, setCatalogue] = useState<CatalogueEvent[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    loadCatalogue().then(setCatalogue, setError);
  }, []);
  if (error) return <Problem error={error} />;
  if (!catalogue) return <Loading what="the event catalogue" />;
  const toggle = (type: string, on: boolean) => onChange(on ? [...selected, type] : selected.filter((event) => event !== type));
  return (
    <fieldset class="event-picker">
      <legend>Events to send</legend>
      <p class="muted">
        {selected.length} of {catalogue.length} selected.{' '}
        <button type="button" class="link" onClick={() => onChange(catalogue.map((event) => event.type))}>
          Select all
        </button>{' '}
        <button type="button" class="link" onClick={() => onChange([])}>
          Clear
        </button>
      </p>
      <ul>
        {catalogue.map((event) => (
          <li key={event.type}>
            <label>
              <input
                type="checkbox"
                name="events"
                value={event.type}
                checked={selected.includes(event.type)}
                onChange={(e) => toggle(event.type, e.currentTarget.checked)}
              />{' '}
              <code>{event.type}</code>
            </label>
            <p class="muted">{event.description}</p>
            <details>
              <summary>Example payload of {event.type}</summary>
              <pre>{JSON.stringify(event.example, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface FormValue {
  url: string;
  description: string;
  events: string[];
}

function DestinationForm({
  initial,
  submitLabel,
  onSubmit,
  busy,
}: {
  initial: FormValue;
  submitLabel: string;
  busy: boolean;
  onSubmit: (value: FormValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label>
        Endpoint URL
        <input
          type="url"
          name="url"
          required
          maxLength={2048}
          placeholder="https://erp.example.com/hooks/dispatch"
          value={value.url}
          onInput={(e) => setValue({ ...value, url: e.currentTarget.value })}
        />
      </label>
      <label>
        Description <span class="muted">(optional)</span>
        <input
          type="text"
          name="description"
          maxLength={500}
          value={value.description}
          onInput={(e) => setValue({ ...value, description: e.currentTarget.value })}
        />
      </label>
      <EventPicker selected={value.events} onChange={(events) => setValue({ ...value, events })} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || value.events.length === 0}>
          {submitLabel}
        </button>
        {value.events.length === 0 && <span class="muted">Select at least one event.</span>}
      </div>
    </form>
  );
}

export function NewWebhookPage() {
  useTitle('Add a webhook destination');
  const action = useAction();
  const [created, setCreated] = useState<Schema<'WebhookDestinationWithSecret'> | null>(null);
  const [key] = useState(idempotencyKey);
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
            const destination = await ok(
              api.POST('/api/public/v1/webhook-destinations', {
                params: { header: { 'Idempotency-Key': key } },
                body: { url: value.url, description: value.description || null, events: value.events },
              }),
            );
            setCreated(destination);
          })
        }
      />
    </>
  );
}

export function WebhookPage({ params }: PageProps) {
  const id = params.id;
  const loaded = useLoad(() => ok(api.GET(PATH, { params: { path: { id } } })), id);
  const destination = loaded.data;
  useTitle(destination ? `Destination ${destination.url}` : 'Webhook destination');
  const action = useAction();
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<{ secret: string; previousUntil: Date } | null>(null);
  const [revealed, setRevealed] = useState<Schema<'WebhookDestinationSecret'> | null>(null);
  const [overlapHours, setOverlapHours] = useState(24);
  const [notice, setNotice] = useState('');
  const path = { path: { id } };
  const header = () => ({ 'Idempotency-Key': idempotencyKey() });

  if (!destination)
    return (
      <>
        <p class="crumbs">
          <Link to="/webhooks">Webhook destinations</Link>
        </p>
        <h1>Webhook destination</h1>
        <Problem error={loaded.error} />
        {loaded.loading && <Loading what="the destination" />}
      </>
    );
  return (
    <>
      <p class="crumbs">
        <Link to="/webhooks">Webhook destinations</Link>
      </p>
      <h1 class="url">{destination.url}</h1>
      {destination.description && <p class="lead">{destination.description}</p>}
      <Problem error={action.error} />
      <Notice>{notice}</Notice>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge destination={destination} /> {pausedWhy(destination)}
        </dd>
        <dt>Signing secret</dt>
        <dd>
          <code>{destination.signing_secret_masked}</code>{' '}
          <button
            type="button"
            aria-expanded={revealed !== null}
            aria-controls="revealed-secret"
            disabled={action.busy}
            onClick={() =>
              revealed ? setRevealed(null) : action.run(async () => setRevealed(await ok(api.GET(`${PATH}/secret`, { params: path }))))
            }
          >
            {revealed ? 'Hide' : 'Reveal'}
          </button>
          {revealed && (
            <div id="revealed-secret">
              <SecretOnce
                name="signing secret"
                value={revealed.signing_secret}
                note="The current signing secret: every delivery is signed with it. Keep it out of shared places."
              />
              {revealed.previous ? (
                <SecretOnce
                  name="previous signing secret"
                  value={revealed.previous.signing_secret}
                  note={`Rotation overlap: the previous secret signs beside it until ${dateTime(revealed.previous.expires_at)}.`}
                />
              ) : (
                <p class="muted">No rotation under way: only this secret signs.</p>
              )}
            </div>
          )}
        </dd>
        <dt>Last 24 hours</dt>
        <dd>
          {count(destination.deliveries_24h.delivered)} delivered, {count(destination.deliveries_24h.failed)} failed ·{' '}
          <Link to={withQuery('/deliveries', { destination: destination.id })}>see the deliveries</Link>
        </dd>
        <dt>Retries</dt>
        <dd>
          {destination.retry.attempts} attempts per event, backoff up to {duration(destination.retry.backoff_ceiling_seconds)}; paused after{' '}
          {destination.retry.pause_after_failures} failures in a row
        </dd>
        <dt>Events</dt>
        <dd>
          <Tags names={destination.events} />
        </dd>
        <dt>Id</dt>
        <dd>
          <code>{destination.id}</code>
        </dd>
        <dt>Created</dt>
        <dd>{dateTime(destination.created_at)}</dd>
      </dl>

      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        <div class="actions wrap">
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                const sent = await ok(api.POST(`${PATH}/test`, { params: { ...path, header: header() } }));
                setNotice(`Test event ${sent.event_id} queued; it shows in the deliveries in a moment.`);
              })
            }
          >
            Send a test event
          </button>
          {destination.status === 'active' ? (
            <Confirm
              label="Pause"
              title="Pause this destination?"
              confirmLabel="Pause"
              onConfirm={() =>
                action.run(async () => {
                  await ok(api.POST(`${PATH}/pause`, { params: { ...path, header: header() } }));
                  setNotice('Paused. New events are kept, not dropped: they wait and are sent in order on resume.');
                  loaded.reload();
                })
              }
            >
              <p>
                Nothing is sent while it is paused, and nothing is lost: every new event still gets a delivery, which waits. On resume they
                are sent in event order.
              </p>
            </Confirm>
          ) : (
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                action.run(async () => {
                  await ok(api.POST(`${PATH}/resume`, { params: { ...path, header: header() } }));
                  setNotice('Resumed. The events kept while paused are being sent in order.');
                  loaded.reload();
                })
              }
            >
              Resume
            </button>
          )}
          <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Close the editor' : 'Edit'}
          </button>
          <Confirm
            label="Rotate the secret"
            title="Rotate the signing secret?"
            confirmLabel="Rotate"
            onConfirm={() =>
              action.run(async () => {
                const overlapSeconds = overlapHours * 3600;
                const answer = await ok(
                  api.POST(`${PATH}/rotate-secret`, {
                    params: { ...path, header: header() },
                    body: { overlap_seconds: overlapSeconds },
                  }),
                );
                setRotated({ secret: answer.signing_secret, previousUntil: new Date(Date.now() + overlapSeconds * 1000) });
                setRevealed(null);
                loaded.reload();
              })
            }
          >
            <p>
              A new secret is made and shown here (Reveal shows it again later). During the overlap every delivery carries two signatures,
              one per secret, so your receiver can switch without losing an event.
            </p>
            <label>
              Overlap in hours (0–168)
              <input
                type="number"
                min={0}
                max={168}
                value={overlapHours}
                onInput={(e) => setOverlapHours(Math.max(0, Math.min(168, Number(e.currentTarget.value) || 0)))}
              />
            </label>
          </Confirm>
          <Confirm
            label="Delete"
            title="Delete this destination?"
            confirmLabel="Delete"
            danger
            onConfirm={() =>
              action.run(async () => {
                await ok(api.DELETE(PATH, { params: { ...path, header: header() } }));
                navigate('/webhooks');
              })
            }
          >
            <p>
              No further event goes to <span class="url">{destination.url}</span>. Its delivery log stays readable.
            </p>
          </Confirm>
        </div>
      </section>
      {rotated && (
        <section aria-label="New secret">
          <SecretOnce name="signing secret" value={rotated.secret} />
          <p>The previous secret keeps signing beside it until about {dateTime(rotated.previousUntil.toISOString())}.</p>
        </section>
      )}
      {editing && (
        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit</h2>
          <DestinationForm
            initial={{ url: destination.url, description: destination.description ?? '', events: destination.events }}
            submitLabel="Save changes"
            busy={action.busy}
            onSubmit={(value) =>
              action.run(async () => {
                await ok(
                  api.PATCH(PATH, {
                    params: { ...path, header: header() },
                    body: { url: value.url, description: value.description || null, events: value.events },
                  }),
                );
                setEditing(false);
                setNotice('Saved.');
                loaded.reload();
              })
            }
          />
        </section>
      )}
    </>
  );
}
