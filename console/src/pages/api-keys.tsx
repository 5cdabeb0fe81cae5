import { useState } from 'preact/hooks';
import { api, idempotencyKey, ok, type Schema } from '../client/client';
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
import { useAction } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Scope = Schema<'CreateApiKey'>['scopes'][number];

/** API keys of the account in this environment: masked, created, last used, rate; create (secret once) and revoke. */
export function ApiKeysPage({ location, session }: PageProps) {
  useTitle('API keys');
  const cursor = location.query.get('cursor') ?? undefined;
  const list = useLoad(() => ok(api.GET('/api/public/v1/api-keys', { params: { query: { cursor, limit: 25 } } })), cursor ?? '');
  const action = useAction();
  const [created, setCreated] = useState<Schema<'ApiKeyWithSecret'> | null>(null);
  const [notice, setNotice] = useState('');
  const grantable = session.scopes as Scope[];
  // What the API would refuse: the key that opened this login (409 api_key_in_use), a demo key (403 demo_key_read_only).
  const revokeBlocked = (key: Schema<'ApiKey'>) =>
    key.id === session.api_key_id
      ? 'This key opened your login: revoking it would end it. Revoke it from a login another key opened, or with the CLI.'
      : key.demo
        ? 'Demo keys are read-only display values: they cannot be revoked.'
        : undefined;
  return (
    <>
      <h1>API keys</h1>
      <p class="lead">
        Keys of this account in {session.livemode ? 'live' : 'test'} mode. A new key can hold at most the scopes of this login.{' '}
        <Link to="/api-keys/requests">Request log</Link>: what each key asked in the last 7 days.
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
                  <code>{key.masked}</code>
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
          { header: 'Rate', number: true, cell: (key) => `${count(key.rate_per_minute)}/min` },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (key) =>
              !key.revoked_at && (
                <Confirm
                  label={`Revoke ${key.label}`}
                  title={`Revoke the key ${key.label}?`}
                  confirmLabel="Revoke"
                  disabledReason={revokeBlocked(key)}
                  danger
                  onConfirm={() =>
                    action.run(async () => {
                      await ok(
                        api.DELETE('/api/public/v1/api-keys/{id}', {
                          params: { path: { id: key.id }, header: { 'Idempotency-Key': idempotencyKey() } },
                        }),
                      );
                      setNotice(`${key.label} revoked: it is refused from the next request on.`);
                      list.reload();
                    })
                  }
                >
                  <p>Every request with it is refused from now on. This cannot be undone.</p>
                </Confirm>
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
          void action.run(async () => {
            const key = await ok(
              api.POST('/api/public/v1/api-keys', {
                params: { header: { 'Idempotency-Key': idempotencyKey() } },
                body: { label: String(form.get('label')), scopes, rate_per_minute: Number(form.get('rate')) },
              }),
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
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy}>
            Create key
          </button>
        </div>
      </form>
    </>
  );
}
