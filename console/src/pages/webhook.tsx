import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, dateTime, duration } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Confirm } from '../components/confirm';
import { DestinationForm } from '../components/destination-form';
import { DestinationStatusBadge, pausedWhy } from '../components/destination-status';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { SecretOnce } from '../components/secret-once';
import { Tags } from '../components/tags';
import { TestEventForm } from '../components/test-event-form';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

const PATH = '/api/public/v1/webhook-destinations/{id}' as const;

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
  const keys = useIdempotencyKeys();
  const header = (key: string) => ({ 'Idempotency-Key': key });

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
          <DestinationStatusBadge destination={destination} /> {pausedWhy(destination)}
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
          <TestEventForm destinationId={destination.id} action={action} onSent={(message) => setNotice(message)} />
          {destination.status === 'active' ? (
            <Confirm
              label="Pause"
              title="Pause this destination?"
              confirmLabel="Pause"
              onConfirm={() =>
                action.run(async () => {
                  await keys.send('pause', id, (key) => ok(api.POST(`${PATH}/pause`, { params: { ...path, header: header(key) } })));
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
                  await keys.send('resume', id, (key) => ok(api.POST(`${PATH}/resume`, { params: { ...path, header: header(key) } })));
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
                const body = { overlap_seconds: overlapSeconds };
                const answer = await keys.send('rotate', { id, body }, (key) =>
                  ok(api.POST(`${PATH}/rotate-secret`, { params: { ...path, header: header(key) }, body })),
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
                await keys.send('delete', id, (key) => ok(api.DELETE(PATH, { params: { ...path, header: header(key) } })));
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
                const body = { url: value.url, description: value.description || null, events: value.events };
                await keys.send('edit', { id, body }, (key) => ok(api.PATCH(PATH, { params: { ...path, header: header(key) }, body })));
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
