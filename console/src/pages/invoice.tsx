import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { date, dateTime, money } from '../format';
import { Link } from '../router';
import { DataTable } from '../components/data-table';
import { Download } from '../components/download';
import { InvoiceStatus } from '../components/invoice-status';
import { Loading } from '../components/loading';
import { PAYMENT_COLUMNS } from '../components/payment-columns';
import { Problem } from '../components/problem';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

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
