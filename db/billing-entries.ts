import type { EntityManager } from '@mikro-orm/postgresql';
import { billableFactOf, type EndedBooking } from '../domain/billing';
import { newId } from '../infra/ids';

/**
 * Appends the billable fact of a booking that just ended, in the caller's transaction (the one that records the
 * status): written once per booking and kind, so a retried activity adds nothing.
 */
export async function appendBillingEntry(em: EntityManager, booking: EndedBooking): Promise<void> {
  const fact = billableFactOf(booking);
  if (!fact) return;
  await em.execute(
    `insert into billing_entries (id, booking_id, kind, party_kind, party_id, livemode, currency, gross_minor, commission_minor,
       jurisdiction, vehicle_class, booking_ref, tax_point)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (booking_id, kind) do nothing`,
    [
      newId('ble'),
      fact.bookingId,
      fact.kind,
      fact.partyKind,
      fact.partyId,
      fact.livemode,
      fact.currency,
      fact.grossMinor,
      fact.commissionMinor,
      fact.jurisdiction,
      fact.vehicleClass,
      fact.bookingId,
      fact.taxPoint,
    ],
  );
}
