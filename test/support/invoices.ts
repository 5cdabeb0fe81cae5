import type { PeriodRef } from '../../contracts/finance';
import { closePeriod, issueInvoice } from '../../db/finance';
import { newId } from '../../infra/ids';
import { appendBilledRide } from '../../stack/billed-rides';
import type { TestDatabase } from './db';

const SEPTEMBER: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };

/**
 * An issued sandbox invoice of one Paris ride for a new account, in a period of its own (closed after the ride is
 * recorded, as the cycle closes one), so that tests can issue as many as they need.
 */
export async function issueTestInvoice(
  db: TestDatabase,
  o: { accountId?: string; grossMinor?: number; live?: boolean; currency?: string } = {},
): Promise<{ id: string; number: string; accountId: string; gross: number }> {
  const accountId = o.accountId ?? newId('acct');
  // Each invoice in a period of its own, also a second one of the same account.
  const period = { ...SEPTEMBER, id: o.accountId ? newId('test') : `test-${accountId}` };
  await appendBilledRide(db.orm, {
    bookingId: newId('bkg'),
    accountId,
    grossMinor: o.grossMinor ?? 11_000,
    currency: o.currency ?? 'EUR',
    at: new Date(Date.parse(period.start) + 86_400_000),
    live: o.live ?? false,
  });
  await closePeriod(db.orm, period);
  const issued = await issueInvoice(db.orm, period, {
    partyKind: 'account',
    partyId: accountId,
    currency: o.currency ?? 'EUR',
    livemode: o.live ?? false,
  });
  if (!issued || !('id' in issued)) throw new Error(`no invoice issued for ${accountId}`);
  return { id: issued.id, number: issued.number, accountId, gross: Number(issued.gross) };
}
