import type { EntityManager } from '@mikro-orm/postgresql';
import { billableFactOf, type EndedBooking } from '../domain/billing';
import { newId } from '../infra/ids';
import { CORPORATE_DEFAULT_SCOPE_CEILING } from '../infra/scopes';

/**
 * Appends the billable fact of a booking that just ended, in the caller's transaction (the one that records the
 * status): written once per booking and kind, so a retried activity adds nothing.
 */
export async function appendBillingEntry(em: EntityManager, booking: EndedBooking): Promise<void> {
  const fact = billableFactOf(booking);
  if (!fact) return;
  const accountId = fact.partyKind === 'account' ? fact.partyId : await partnerBillingAccount(em, fact.partyId);
  await em.execute(
    `insert into billing_entries (id, booking_id, kind, party_kind, party_id, livemode, currency, gross_minor, commission_minor,
       jurisdiction, vehicle_class, booking_ref, tax_point, driver_id, driver_name, waiting_minutes)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (booking_id, kind) do nothing`,
    [
      newId('ble'),
      fact.bookingId,
      fact.kind,
      'account',
      accountId,
      fact.livemode,
      fact.currency,
      fact.grossMinor,
      fact.commissionMinor,
      fact.jurisdiction,
      fact.vehicleClass,
      fact.bookingId,
      fact.taxPoint,
      fact.driverId,
      fact.driverName,
      fact.waitingMinutes,
    ],
  );
}

/**
 * The account a partner is billed through: its linked account, created (corporate, named after it) the first time one
 * of its rides is billed. The partner's row is locked meanwhile, so two rides ending at once link one account.
 */
async function partnerBillingAccount(em: EntityManager, partnerId: string): Promise<string> {
  const [partner] = await em.execute<{ account_id: string | null; name: string }[]>(
    'select account_id, name from partners where id = ? for update',
    [partnerId],
  );
  if (partner.account_id) return partner.account_id;
  const accountId = newId('acct');
  await em.execute(
    `insert into integrator_accounts (id, name, kind, scope_ceiling, created_at) values (?, ?, 'corporate', string_to_array(?, ','), now())`,
    [accountId, partner.name, CORPORATE_DEFAULT_SCOPE_CEILING.join(',')],
  );
  await em.execute('update partners set account_id = ? where id = ?', [accountId, partnerId]);
  return accountId;
}
