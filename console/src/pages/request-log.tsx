import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { count, dateTimeSeconds, fromLocalInput, toLocalInput } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

interface Filters {
  key?: string;
  status?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

const PATH = '/api-keys/requests';

function filtersOf(query: URLSearchParams): Filters {
  const get = (name: string) => query.get(name) ?? undefined;
  return { key: get('key'), status: get('status'), from: get('from'), to: get('to'), cursor: get('cursor') };
}

function StatusBadge({ status }: { status: number }) {
  return <Badge tone={status < 400 ? 'good' : status < 500 ? 'warn' : 'bad'}>{status}</Badge>;
}

/** The account's own API requests of the last 7 days, newest first: what each key asked and what it was answered. */
export function RequestLogPage({ location }: PageProps) {
  useTitle('Request log');
  const filters = filtersOf(location.query);
  const keys = useLoad(() => ok(api.GET('/api/public/v1/api-keys', { params: { query: { limit: 100 } } })), 'keys');
  const log = useLoad(
    () => ok(api.GET('/api/public/v1/request-logs', { params: { query: { ...filters, limit: 50 } } })),
    location.query.toString(),
  );
  const labelOf = new Map((keys.data?.data ?? []).map((k) => [k.id, k.label]));
  const setFilters = (next: Filters) => navigate(withQuery(PATH, { ...next }));
  return (
    <>
      <p class="crumbs">
        <Link to="/api-keys">API keys</Link>
      </p>
      <h1>Request log</h1>
      <p class="lead">
        Every request your keys and console logins made to the API in the last 7 days, newest first: method, path (secret query values
        redacted), status, latency and the request id that a problem answer carries too. A request shows here a moment after its answer.
      </p>
      <FilterForm
        clear={<Link to={PATH}>Clear</Link>}
        onApply={(text) =>
          setFilters({
            key: text('key'),
            status: text('status'),
            from: fromLocalInput(text('from') ?? ''),
            to: fromLocalInput(text('to') ?? ''),
          })
        }
      >
        <label>
          Key
          <select name="key" value={filters.key ?? ''}>
            <option value="">All</option>
            {filters.key && !labelOf.has(filters.key) && <option value={filters.key}>{filters.key}</option>}
            {(keys.data?.data ?? []).map((k) => (
              <option key={k.id} value={k.id}>
                {k.label} (…{k.masked.slice(-4)})
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <input name="status" placeholder="404 or 4xx" value={filters.status ?? ''} pattern="[1-5]([0-9][0-9]|xx)" />
        </label>
        <label>
          From
          <input type="datetime-local" name="from" value={filters.from ? toLocalInput(filters.from) : ''} />
        </label>
        <label>
          Before
          <input type="datetime-local" name="to" value={filters.to ? toLocalInput(filters.to) : ''} />
        </label>
      </FilterForm>
      <ListTable
        caption="API requests"
        what="requests"
        list={log}
        rowKey={(entry) => entry.id}
        empty={<p>No request matches. Requests of the last 7 days show here, a moment after their answer.</p>}
        cursor={filters.cursor}
        onCursor={(cursor) => setFilters({ ...filters, cursor })}
        columns={[
          { header: 'Time', cell: (entry) => dateTimeSeconds(entry.created_at) },
          {
            header: 'Request',
            class: 'url',
            cell: (entry) => (
              <>
                <code>{entry.method}</code> <code>{entry.path}</code>
              </>
            ),
          },
          { header: 'Status', cell: (entry) => <StatusBadge status={entry.status} /> },
          { header: 'Latency', number: true, cell: (entry) => `${count(entry.latency_ms)} ms` },
          {
            header: 'Key',
            cell: (entry) => (
              <>
                {labelOf.get(entry.key_id) ?? <code>{entry.key_id}</code>}
                {entry.via === 'console' && <div class="muted">console login</div>}
              </>
            ),
          },
          { header: 'Request id', cell: (entry) => <code class="clip">{entry.request_id}</code> },
        ]}
      />
    </>
  );
}
