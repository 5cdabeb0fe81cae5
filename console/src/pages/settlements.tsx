import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { money } from '../format';
import { navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { Download } from '../components/download';
import { FinanceNav } from '../components/finance-nav';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

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
