import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { count, dateTime } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { Confirm } from '../components/confirm';
import { ListTable } from '../components/list-table';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { SecretOnce } from '../components/secret-once';
import { Tags } from '../components/tags';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Scope = Schema<'CreateApiKey'>['scopes'][number];
type ApiKey = Schema<'ApiKey'>;

const HOUR_MS = 3_600_000;
/** How long a new key lasts (days; 0: until revoked). */
const LIFETIMES = [
  [0, 'Never (until revoked)'],
  [30, 'In 30 days'],
  [90, 'In 90 days'],
  [365, 'In a year'],
] as const;
/** How long a rolled key keeps working beside its successor (hours), as Stripe offers. */
const OVERLAPS = [
  [0, 'Now'],
  [1, 'In 1 hour'],
  [24, 'In 24 hours'],
  [72, 'In 3 days'],
  [168, 'In 7 days'],
] as const;

/** `days` from now, on the next full hour: the same request for an hour, so a retry keeps its Idempotency-Key. */
const endIn = (days: number) => new Date((Math.ceil(Date.now() / HOUR_MS) + days * 24) * HOUR_MS).toISOString();

/** Who made a key, for people: the key (and the console login) it came from, or ops. */
const origin = (key: ApiKey) =>
  key.created_by
    ? `made by ${key.created_by.api_key ?? 'an ops login'}${key.created_by.console_login ? ' through a console login' : ''}`
    : 'made by ops';

/** Roll: a new secret as a new key; the old one keeps working for the overlap chosen (never "now" for this login's key). */
function RollAction({ apiKey, opener, onRoll }: { apiKey: ApiKey; opener: boolean; onRoll: (hours: number) => Promise<unknown> }) {
  const choices = OVERLAPS.filter(([hours]) => !(opener && hours === 0));
  const [hours, setHours] = useState<number>(choices[0]![0]);
  return (
    <Confirm
      label={`Roll ${apiKey.label}`}
      title={`Roll the key ${apiKey.label}?`}
      confirmLabel="Roll"
      disabledReason={apiKey.demo ? 'Demo keys are read-only display values: they cannot be rolled.' : undefined}
      onConfirm={() => onRoll(hours)}
    >
      <p>A new secret is issued as a new key with the same label, scopes and rate, shown once. Keys this one made go with the new key.</p>
      <label>
        The old key stops working
        <select value={hours} onChange={(e) => setHours(Number(e.currentTarget.value))}>
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
    </Confirm>
  );
}

/** API keys of the account in this environment: masked, origin, created, last used, expiry, rate; create (secret once), roll and revoke. */
export function ApiKeysPage({ location, session }: PageProps) {
  useTitle('API keys');
  const cursor = location.query.get('cursor') ?? undefined;
  const list = useLoad(() => ok(api.GET('/api/public/v1/api-keys', { params: { query: { cursor, limit: 25 } } })), cursor ?? '');
  const action = useAction();
  const keys = useIdempotencyKeys();
  const [created, setCreated] = useState<Schema<'ApiKeyWithSecret'> | null>(null);
  const [notice, setNotice] = useState('');
  const grantable = session.scopes as Scope[];
  // What the API would refuse: the key that opened this login (409 api_key_in_use), a demo key (403 demo_key_read_only).
  const revokeBlocked = (key: ApiKey) =>
    key.id === session.api_key_id
      ? 'This key opened your login: revoking it would end it. Revoke it from a login another key opened, or with the CLI.'
      : key.demo
        ? 'Demo keys are read-only display values: they cannot be revoked.'
        : undefined;
  return (
    <>
      <h1>API keys</h1>
      <p class="lead">
        Keys of this account in {session.livemode ? 'live' : 'test'} mode. A new key can hold at most the scopes of this login, and lives no
        longer than the key that opened this login. <Link to="/api-keys/requests">Request log</Link>: what each key asked in the last 7
        days.
      </p>
      <Problem error={action.error} />
      <Notice>{notice}</Notice>
      {created && <SecretOnce name="API key" value={created.secret} />}
      <ListTable
        caption="API keys"
        what="keys"
        list={list}
        rowKey={(key) => key.id}
        empty={<p>No API key yet: create one below for your integration.</p>}
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/api-keys', { cursor: next }))}
        columns={[
          {
            header: 'Key',
            cell: (key) => (
              <>
                {key.label} {key.demo && <Badge tone="neutral">demo — read only</Badge>}
                {key.revoked_at && <Badge tone="bad">revoked</Badge>}
                <div class="muted">
                  <code>{key.masked}</code> · {origin(key)}
                  {key.rolled_from && <> · replaces {key.rolled_from}</>}
                </div>
              </>
            ),
          },
          {
            header: 'Scopes',
            cell: (key) => <Tags names={key.scopes} />,
          },
          { header: 'Created', cell: (key) => dateTime(key.created_at) },
          { header: 'Last used', cell: (key) => (key.last_used_at ? dateTime(key.last_used_at) : 'never') },
          { header: 'Expires', cell: (key) => (key.expires_at ? dateTime(key.expires_at) : 'never') },
          { header: 'Rate', number: true, cell: (key) => `${count(key.rate_per_minute)}/min` },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (key) =>
              !key.revoked_at && (
                <>
                  <RollAction
                    apiKey={key}
                    opener={key.id === session.api_key_id}
                    onRoll={(hours) =>
                      action.run(async () => {
                        const body = { expires_in_hours: hours };
                        const rolled = await keys.send(`roll ${key.id}`, body, (idempotencyKey) =>
                          ok(
                            api.POST('/api/public/v1/api-keys/{id}/roll', {
                              params: { path: { id: key.id }, header: { 'Idempotency-Key': idempotencyKey } },
                              body,
                            }),
                          ),
                        );
                        setCreated(rolled);
                        setNotice(
                          `${key.label} rolled: the new key is below, shown once; the old one ${hours ? `works for ${hours} h more` : 'is refused from now on'}.`,
                        );
                        list.reload();
                      })
                    }
                  />
                  <Confirm
                    label={`Revoke ${key.label}`}
                    title={`Revoke the key ${key.label}?`}
                    confirmLabel="Revoke"
                    disabledReason={revokeBlocked(key)}
                    danger
                    onConfirm={() =>
                      action.run(async () => {
                        await keys.send('revoke', key.id, (idempotencyKey) =>
                          ok(
                            api.DELETE('/api/public/v1/api-keys/{id}', {
                              params: { path: { id: key.id }, header: { 'Idempotency-Key': idempotencyKey } },
                            }),
                          ),
                        );
                        setNotice(`${key.label} revoked: it is refused from the next request on.`);
                        list.reload();
                      })
                    }
                  >
                    <p>Every request with it, and with every key made from it, is refused from now on. This cannot be undone.</p>
                  </Confirm>
                </>
              ),
          },
        ]}
      />
      <h2 id="create-heading">Create a key</h2>
      <form
        class="stack"
        aria-labelledby="create-heading"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const scopes = form.getAll('scopes') as Scope[];
          const days = Number(form.get('lifetime'));
          void action.run(async () => {
            const body = {
              label: String(form.get('label')),
              scopes,
              rate_per_minute: Number(form.get('rate')),
              ...(days ? { expires_at: endIn(days) } : {}),
            };
            const key = await keys.send('create', body, (idempotencyKey) =>
              ok(api.POST('/api/public/v1/api-keys', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body })),
            );
            setCreated(key);
            setNotice('');
            list.reload();
          });
        }}
      >
        <label>
          Label
          <input name="label" required maxLength={100} placeholder="ERP sync" />
        </label>
        <fieldset class="scope-picker">
          <legend>Scopes</legend>
          <ul>
            {grantable.map((scope) => (
              <li key={scope}>
                <label>
                  <input type="checkbox" name="scopes" value={scope} /> <code>{scope}</code>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <label>
          Requests per minute
          <input name="rate" type="number" min={1} max={100000} defaultValue={600} required />
        </label>
        <label>
          Expires
          <select name="lifetime">
            {LIFETIMES.map(([days, text]) => (
              <option key={days} value={days}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy}>
            Create key
          </button>
        </div>
      </form>
    </>
  );
}
