import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { navigate, withQuery } from '../router';
import { FinanceNav } from '../components/finance-nav';
import { ListTable } from '../components/list-table';
import { PAYMENT_COLUMNS } from '../components/payment-columns';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

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
