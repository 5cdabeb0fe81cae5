import { useState } from 'preact/hooks';
import { api, ok } from '../client/client';
import type { PageProps } from '../shell';
import { date } from '../format';
import { navigate, withQuery } from '../router';
import { Badge } from '../components/badge';
import { FinanceNav } from '../components/finance-nav';
import { ListTable } from '../components/list-table';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';

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
