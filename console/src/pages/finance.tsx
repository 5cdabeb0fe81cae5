import { useState } from 'preact/hooks';
import { api, ok, problemOf, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { date, dateTime, money } from '../format';
import { Link, navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { DataTable, type Column } from '../components/data-table';
import { FilterForm } from '../components/filter-form';
import { ListTable } from '../components/list-table';
import { Loading } from '../components/loading';
import { Problem } from '../components/problem';
import { useAction } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

type Invoice = Schema<'Invoice'>;

/** The finance pages' own navigation; settlements and the fleet exist for operator logins only. */
function FinanceNav({ current, operator }: { current: string; operator: boolean }) {
  const tabs = [
    { to: '/finance', label: 'Invoices and credit notes' },
    { to: '/finance/payments', label: 'Payments' },
    ...(operator
      ? [
          { to: '/finance/settlements', label: 'Settlements' },
          { to: '/finance/fleet', label: 'Fleet' },
        ]
      : []),
  ];
  return (
    <nav aria-label="Finance" class="subnav">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} aria-current={current === tab.to ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function InvoiceStatus({ invoice }: { invoice: Pick<Invoice, 'status'> }) {
  const tone = invoice.status === 'paid' ? 'good' : invoice.status === 'open' ? 'warn' : 'neutral';
  return <Badge tone={tone}>{invoice.status}</Badge>;
}

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

/** Downloads a document through fetch (so a refusal shows as a problem, not as a browser error page). */
function Download({ href, accept, filename, label }: { href: string; accept: string; filename: string; label: string }) {
  const action = useAction();
  return (
    <span class="download">
      <button
        type="button"
        disabled={action.busy}
        onClick={() =>
          action.run(async () => {
            const response = await fetch(href, { credentials: 'same-origin', headers: { Accept: accept } });
            if (!response.ok) throw await problemOf(response);
            const url = URL.createObjectURL(await response.blob());
            const anchor = document.createElement('a');
            anchor.href = url;
            anchor.download = filename;
            document.body.append(anchor);
            anchor.click();
            anchor.remove();
            setTimeout(() => URL.revokeObjectURL(url), 10_000);
          })
        }
      >
        {label}
      </button>
      <Problem error={action.error} />
    </span>
  );
}

export function InvoicePage({ params }: PageProps) {
  const number = params.number;
  const loaded = useLoad(() => ok(api.GET('/api/public/v1/invoices/{number}', { params: { path: { number } } })), number);
  const payments = useLoad(
    () => ok(api.GET('/api/public/v1/payments', { params: { query: { invoice: number, limit: 10 } } })).catch(() => null),
    number,
  );
  useTitle(number);
  const invoice = loaded.data;
  const base = `/api/public/v1/invoices/${encodeURIComponent(number)}`;
  return (
    <>
      <p class="crumbs">
        <Link to="/finance">Finance</Link>
      </p>
      <h1>
        {invoice?.type === 'credit_note' ? 'Credit note' : 'Invoice'} {number}
      </h1>
      <Problem error={loaded.error} />
      {loaded.loading && !invoice && <Loading what="the document" />}
      {invoice && (
        <>
          <div class="actions wrap">
            <Download href={`${base}/pdf`} accept="application/pdf" filename={`${number}.pdf`} label="Download PDF" />
            <Download href={`${base}/einvoice`} accept="application/xml" filename={`${number}.xml`} label="Download e-invoice (UBL)" />
            {invoice.hosted_payment_url && invoice.status === 'open' && (
              <a class="button primary" href={invoice.hosted_payment_url} rel="noreferrer">
                Pay this invoice
              </a>
            )}
          </div>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <InvoiceStatus invoice={invoice} />
            </dd>
            {invoice.credits && (
              <>
                <dt>Corrects</dt>
                <dd>
                  <Link to={`/finance/invoices/${invoice.credits}`}>{invoice.credits}</Link>
                </dd>
              </>
            )}
            <dt>Period</dt>
            <dd>
              {invoice.period.id} ({date(invoice.period.start)} – {date(invoice.period.end)})
            </dd>
            <dt>Issued</dt>
            <dd>{dateTime(invoice.issued_at)}</dd>
            <dt>Due</dt>
            <dd>{date(invoice.due_at)}</dd>
            <dt>Net</dt>
            <dd>{money(invoice.net, invoice.currency)}</dd>
            <dt>Tax</dt>
            <dd>{money(invoice.tax, invoice.currency)}</dd>
            <dt>Amount due</dt>
            <dd>
              <strong>{money(invoice.amount_due, invoice.currency)}</strong>
              {invoice.rounding !== 0 && <span class="muted"> (includes rounding {money(invoice.rounding, invoice.currency)})</span>}
            </dd>
            {invoice.hosted_payment_url && (
              <>
                <dt>Payment link</dt>
                <dd class="url">{invoice.hosted_payment_url}</dd>
              </>
            )}
          </dl>
          <h2>Tax buckets</h2>
          <DataTable
            caption="Tax buckets"
            rows={invoice.tax_buckets}
            rowKey={(bucket) => `${bucket.category}-${bucket.rate}`}
            columns={[
              { header: 'Category', cell: (bucket) => bucket.category.replace('_', ' ') },
              { header: 'Rate', number: true, cell: (bucket) => `${bucket.rate} %` },
              { header: 'Net', number: true, cell: (bucket) => money(bucket.net, invoice.currency) },
              { header: 'Tax', number: true, cell: (bucket) => money(bucket.tax, invoice.currency) },
            ]}
          />
          <h2>Lines</h2>
          <DataTable
            caption="Lines"
            rows={invoice.lines}
            rowKey={(line) => String(line.position)}
            columns={[
              { header: 'Line', cell: (line) => line.description },
              { header: 'Booking', cell: (line) => (line.ref ? <Link to={`/bookings/${line.ref}`}>{line.ref}</Link> : '—') },
              { header: 'Net', number: true, cell: (line) => money(line.net, invoice.currency) },
            ]}
          />
          {payments.data && payments.data.data.length > 0 && (
            <>
              <h2>Payments</h2>
              <DataTable caption="Payments" rows={payments.data.data} rowKey={(payment) => payment.payment_id} columns={PAYMENT_COLUMNS} />
            </>
          )}
        </>
      )}
    </>
  );
}

const PAYMENT_COLUMNS: Column<Schema<'Payment'>>[] = [
  {
    header: 'Created',
    cell: (payment) => (
      <>
        {dateTime(payment.created)}
        <div class="muted">
          <code>{payment.payment_id}</code>
          {payment.off_session && ' · saved card'}
        </div>
      </>
    ),
  },
  { header: 'Invoice', cell: (payment) => <Link to={`/finance/invoices/${payment.invoice}`}>{payment.invoice}</Link> },
  {
    header: 'Amount',
    number: true,
    cell: (payment) => (
      <>
        {money(payment.amount, payment.currency)}
        {payment.refunded > 0 && <div class="muted">refunded {money(payment.refunded, payment.currency)}</div>}
      </>
    ),
  },
  { header: 'Card', cell: (payment) => (payment.method ? `${payment.method.brand} •••• ${payment.method.last4}` : '—') },
  {
    header: '3-D Secure',
    cell: (payment) =>
      payment.three_ds ? `${payment.three_ds.outcome} (${payment.three_ds.flow}, ${payment.three_ds.trans_status})` : '—',
  },
  {
    header: 'Status',
    cell: (payment) => (
      <>
        <Badge tone={payment.status === 'succeeded' ? 'good' : payment.status === 'failed' ? 'bad' : 'warn'}>{payment.status}</Badge>
        {payment.reason && <div class="muted">{payment.reason}</div>}
      </>
    ),
  },
];

export function PaymentsPage({ location, session }: PageProps) {
  useTitle('Payments');
  const cursor = location.query.get('cursor') ?? undefined;
  const list = useLoad(() => ok(api.GET('/api/public/v1/payments', { params: { query: { cursor, limit: 25 } } })), cursor ?? '');
  return (
    <>
      <h1>Finance</h1>
      <FinanceNav current="/finance/payments" operator={session.account.kind === 'operator'} />
      <ListTable
        caption="Payments"
        what="payments"
        list={list}
        rowKey={(payment) => payment.payment_id}
        empty={<p>No payment yet. Open an invoice and use its payment link to pay by card.</p>}
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/finance/payments', { cursor: next }))}
        columns={PAYMENT_COLUMNS}
      />
    </>
  );
}

export function SettlementsPage({ location, session }: PageProps) {
  useTitle('Settlements');
  const cursor = location.query.get('cursor') ?? undefined;
  // JSON here (the client asks application/json); the CSV form of the same operation is the download below.
  const list = useLoad(
    () => ok(api.GET('/api/public/v1/settlements', { params: { query: { cursor, limit: 25 } } })) as Promise<Schema<'SettlementList'>>,
    cursor ?? '',
  );
  return (
    <>
      <h1>Finance</h1>
      <FinanceNav current="/finance/settlements" operator={session.account.kind === 'operator'} />
      <div class="actions">
        <Download href="/api/public/v1/settlements" accept="text/csv" filename="settlements.csv" label="Download settlements (CSV)" />
      </div>
      <ListTable
        caption="Settlements"
        what="settlements"
        list={list}
        rowKey={(settlement) => settlement.settlement}
        empty={<p>No settlement yet: the settlement cycle pays chauffeurs at each period's end.</p>}
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/finance/settlements', { cursor: next }))}
        columns={[
          { header: 'Settlement', cell: (settlement) => <code>{settlement.settlement}</code> },
          { header: 'Chauffeur', cell: (settlement) => settlement.driver_name },
          { header: 'Period', cell: (settlement) => settlement.period.id },
          {
            header: 'Payable',
            number: true,
            cell: (settlement) => (
              <>
                {money(settlement.payable, settlement.currency)}
                <div class="muted">
                  earned {money(settlement.earnings, settlement.currency)} − commission {money(settlement.commission, settlement.currency)}{' '}
                  − fees {money(settlement.fees, settlement.currency)}
                </div>
              </>
            ),
          },
          {
            header: 'Status',
            cell: (settlement) => (
              <>
                <Badge tone={settlement.status === 'paid' ? 'good' : settlement.status === 'pending' ? 'warn' : 'bad'}>
                  {settlement.status}
                </Badge>
                {settlement.failure_reason && <div class="muted">{settlement.failure_reason}</div>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

export function FleetPage({ location, session }: PageProps) {
  useTitle('Fleet');
  const cursor = location.query.get('cursor') ?? undefined;
  const [showDocs, setShowDocs] = useState<string | null>(null);
  const list = useLoad(() => ok(api.GET('/api/public/v1/fleet', { params: { query: { cursor, limit: 25 } } })), cursor ?? '');
  return (
    <>
      <h1>Finance</h1>
      <FinanceNav current="/finance/fleet" operator={session.account.kind === 'operator'} />
      <ListTable
        caption="Fleet"
        what="the fleet"
        list={list}
        rowKey={(unit) => unit.id}
        empty={
          <p>
            No fleet unit registered. Operations add them with <code>hub fleet add</code>.
          </p>
        }
        cursor={cursor}
        onCursor={(next) => navigate(withQuery('/finance/fleet', { cursor: next }))}
        columns={[
          {
            header: 'Chauffeur',
            cell: (unit) => (
              <>
                {unit.chauffeur.name}
                <div class="muted">
                  <code>{unit.id}</code> · {unit.market}
                </div>
              </>
            ),
          },
          {
            header: 'Vehicle',
            cell: (unit) => (
              <>
                {unit.vehicle.make} {unit.vehicle.model} ({unit.vehicle_class}), <code>{unit.vehicle.plate}</code>
              </>
            ),
          },
          {
            header: 'Compliance',
            cell: (unit) => (
              <>
                <Badge tone={unit.compliance.state === 'compliant' ? 'good' : unit.compliance.state === 'expiring' ? 'warn' : 'bad'}>
                  {unit.compliance.state}
                </Badge>
                {unit.compliance.next_lapse && (
                  <div class="muted">
                    {unit.compliance.next_lapse.document.replace('_', ' ')}{' '}
                    {unit.compliance.next_lapse.at ? `lapses ${date(unit.compliance.next_lapse.at)}` : 'missing'}
                  </div>
                )}
                <button
                  type="button"
                  class="link"
                  aria-expanded={showDocs === unit.id}
                  onClick={() => setShowDocs(showDocs === unit.id ? null : unit.id)}
                >
                  Documents
                </button>
                {showDocs === unit.id && (
                  <ul class="plain">
                    {unit.compliance.documents.map((doc) => (
                      <li key={doc.type}>
                        {doc.type.replace('_', ' ')}: {doc.state}
                        {doc.expires_on ? `, valid through ${date(doc.expires_on)}` : ', not on file'}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ),
          },
          { header: 'Dispatch', cell: (unit) => unit.dispatch_state.replace('_', ' ') },
        ]}
      />
    </>
  );
}
