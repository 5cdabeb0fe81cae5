import type { Schema } from '../client/client';
import { dateTime, money } from '../format';
import { Link } from '../router';
import { Badge } from './badge';
import type { Column } from './data-table';

export const PAYMENT_COLUMNS: Column<Schema<'Payment'>>[] = [
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
