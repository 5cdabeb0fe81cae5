import { useState } from 'preact/hooks';
import { api, ok } from '../client/client';
import { count, money } from '../format';
import { DataTable } from './data-table';
import { Loading } from './loading';
import { Problem } from './problem';
import { useLoad } from './use-load';

/**
 * Totals per customer reference (cost centre, PO) of the bookings a filter selects, asked of the hub only once the
 * person opens them: they add up every booking of the selection, not one page.
 */
export function ReferenceTotals({ query }: { query: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="totals" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Totals per reference</summary>
      {open && <TotalsTable query={query} />}
    </details>
  );
}

function TotalsTable({ query }: { query: string }) {
  const totals = useLoad(
    () =>
      ok(
        api.GET('/api/public/v1/booking-totals', {
          params: { query: Object.fromEntries(new URLSearchParams(query)) },
        }),
      ),
    query,
  );
  const groups = totals.data?.data;
  return (
    <div class="list-state" aria-busy={totals.loading} data-loaded-for={totals.loadedFor}>
      <Problem error={totals.error} />
      {totals.loading && !groups && <Loading what="totals" />}
      {groups && (
        <DataTable
          caption="Totals per reference"
          rows={groups}
          rowKey={(group) => group.customer_reference ?? ''}
          columns={[
            { header: 'Your reference', class: 'wrap', cell: (group) => group.customer_reference ?? 'No reference' },
            { header: 'Bookings', number: true, cell: (group) => count(group.bookings) },
            {
              header: 'Total',
              number: true,
              cell: (group) => group.totals.map((t) => <div key={t.currency}>{money(t.gross, t.currency)}</div>),
            },
          ]}
        />
      )}
      {totals.data?.has_more && <p class="muted">More references than shown: narrow the filters.</p>}
    </div>
  );
}
