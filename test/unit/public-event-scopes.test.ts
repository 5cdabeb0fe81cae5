import { EVENT_READ_SCOPES, eventReadScope, LOGGED_EVENT_TYPES, readableEventTypes, typesMatching } from '../../domain/public-event-scopes';
import { PUBLIC_EVENT_TYPES } from '../../domain/public-events';

// Other event types of these prefixes may come: compare with the catalogue, not a copy of it.
const ofPrefix = (prefix: string) => PUBLIC_EVENT_TYPES.filter((t) => t.startsWith(prefix));

describe('which scope reads which public event (the event log)', () => {
  it('maps each type by its prefix to the scope that reads its object; a future type of a known prefix needs no row', () => {
    expect(eventReadScope('booking.status_changed')).toBe('bookings.read');
    expect(eventReadScope('booking.rescheduled')).toBe('bookings.read');
    expect(eventReadScope('invoice.created')).toBe('invoices.read');
    expect(eventReadScope('payment.failed')).toBe('payments.read');
    expect(eventReadScope('settlement.paid')).toBe('payments.read');
    expect(eventReadScope('settlement.awaiting_rail')).toBe('payments.read');
    // Bank-account changes name IBANs (masked): the scope that downloads payout files reads them.
    expect(eventReadScope('driver.bank_account_changed')).toBe('payouts.read');
    expect(eventReadScope('webhook.test')).toBeNull();
    expect(eventReadScope('bookings.x')).toBeNull();
  });

  it('logs every public type but the destination test event, and lets in a key with any one read scope', () => {
    expect(LOGGED_EVENT_TYPES).toEqual(PUBLIC_EVENT_TYPES.filter((t) => t !== 'webhook.test'));
    expect([...EVENT_READ_SCOPES].sort()).toEqual(['bookings.read', 'invoices.read', 'payments.read', 'payouts.read']);
  });

  it('gives a key the types its scopes read', () => {
    expect(readableEventTypes(['bookings.read', 'fleet.read'])).toEqual(ofPrefix('booking.'));
    expect(readableEventTypes(['bookings.read'])).toContain('booking.cancelled');
    expect(readableEventTypes(['payments.read'])).toEqual([...ofPrefix('payment.'), ...ofPrefix('settlement.')]);
    expect(readableEventTypes(['webhooks.manage'])).toEqual([]);
  });

  it('reads a type filter as one type or a group', () => {
    expect(typesMatching('booking.*')).toEqual(ofPrefix('booking.'));
    expect(typesMatching('booking.*')).toContain('booking.status_changed');
    expect(typesMatching('invoice.created')).toEqual(['invoice.created']);
    expect(typesMatching('webhook.test')).toEqual([]);
    expect(typesMatching('booking')).toEqual([]);
  });
});
