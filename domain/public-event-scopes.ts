import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-events';

/**
 * The scope that reads an event, by the prefix of its type: the scope that reads the event's object. A new event
 * type whose prefix is listed needs nothing more; a new prefix gets a row. Types of no listed prefix (`webhook.test`,
 * which reports on a destination rather than on the account's data) are in no event log.
 */
export const EVENT_SCOPE_BY_PREFIX: Readonly<Record<string, string>> = {
  'booking.': 'bookings.read',
  'invoice.': 'invoices.read',
  'credit_note.': 'invoices.read',
  'payment.': 'payments.read',
  'settlement.': 'payments.read',
  'driver.': 'payouts.read',
};

/** The scope that reads events of `type`, or null for a type no event log shows. */
export function eventReadScope(type: string): string | null {
  const prefix = Object.keys(EVENT_SCOPE_BY_PREFIX).find((p) => type.startsWith(p));
  return prefix ? EVENT_SCOPE_BY_PREFIX[prefix] : null;
}

/** Every event type an event log can show. */
export const LOGGED_EVENT_TYPES: readonly PublicEventType[] = PUBLIC_EVENT_TYPES.filter((t) => eventReadScope(t) !== null);

/** The scopes that read some logged event: holding any one of them lets a key into the event log. */
export const EVENT_READ_SCOPES: readonly string[] = [...new Set(Object.values(EVENT_SCOPE_BY_PREFIX))];

/** The logged event types a key holding `scopes` sees. */
export function readableEventTypes(scopes: readonly string[]): PublicEventType[] {
  return LOGGED_EVENT_TYPES.filter((t) => scopes.includes(eventReadScope(t)!));
}

/** The logged types a `type` filter names: one type, or a group as `<prefix>.*` (e.g. `booking.*`). */
export function typesMatching(filter: string): PublicEventType[] {
  if (filter.endsWith('.*')) return LOGGED_EVENT_TYPES.filter((t) => t.startsWith(filter.slice(0, -1)));
  return LOGGED_EVENT_TYPES.filter((t) => t === filter);
}

/** Days an event stays in the event log (`public_events`); the housekeeping purges older ones. */
export const EVENT_LOG_RETENTION_DAYS = 30;
