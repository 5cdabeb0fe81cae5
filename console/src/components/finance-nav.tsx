import { Link } from '../router';

/** The finance pages' own navigation; settlements and the fleet exist for operator logins only. */
export function FinanceNav({ current, operator }: { current: string; operator: boolean }) {
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
