import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { date, money } from '../format';
import { Link, navigate, withQuery } from '../router';
import { FilterForm } from '../components/filter-form';
import { FinanceNav } from '../components/finance-nav';
import { InvoiceStatus } from '../components/invoice-status';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Invoice = Schema<'Invoice'>;

export function InvoicesPage({ location, session }: PageProps) {
  useTitle('Invoices');
  const type = (location.query.get('type') as Invoice['type'] | null) ?? undefined;
  const status = (location.query.get('status') as Invoice['status'] | null) ?? undefined;
  const cursor = location.query.get('cursor') ?? undefined;
  const list = useLoad(
    () => ok(api.GET('/api/public/v1/invoices', { params: { query: { type, status, cursor, limit: 25 } } })),
    location.query.toString(),
  );
  return (
    <>
      <h1>Finance</h1>
      <FinanceNav current="/finance" operator={session.account.kind === 'operator'} />
      <FilterForm onApply={(field) => navigate(withQuery('/finance', { type: field('type'), status: field('status') }))}>
        <label>
          Document
          <select name="type" value={type ?? ''}>
            <option value="">Invoices and credit notes</option>
            <option value="invoice">Invoices</option>
            <option value="credit_note">Credit notes</option>
          </select>
        </label>
        <label>
          Status
          <select name="status" value={status ?? ''}>
            <option value="">All</option>
            <option value="open">Open (due)</option>
            <option value="paid">Paid</option>
            <option value="issued">Issued (credit notes)</option>
            <option value="void">Void</option>
            <option value="uncollectible">Uncollectible</option>
          </select>
        </label>
      </FilterForm>
      <ListTable
        caption="Invoices and credit notes"
        what="invoices"
        list={list}
        rowKey={(invoice) => invoice.number}
        empty={<p>No document here yet. Invoices are issued by the settlement cycle at each period's end for the rides of the period.</p>}
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/finance', { type, status, cursor: next }))}
        columns={[
          {
            header: 'Number',
            cell: (invoice) => (
              <>
                <Link to={`/finance/invoices/${invoice.number}`}>{invoice.number}</Link>
                <div class="muted">{invoice.type === 'credit_note' ? `Credit note for ${invoice.credits}` : 'Invoice'}</div>
              </>
            ),
          },
          { header: 'Period', cell: (invoice) => invoice.period.id },
          { header: 'Issued', cell: (invoice) => date(invoice.issued_at) },
          { header: 'Amount', number: true, cell: (invoice) => money(invoice.amount_due, invoice.currency) },
          {
            header: 'Status',
            cell: (invoice) => (
              <>
                <InvoiceStatus invoice={invoice} />
                {invoice.due_at && invoice.status === 'open' && <div class="muted">due {date(invoice.due_at)}</div>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
