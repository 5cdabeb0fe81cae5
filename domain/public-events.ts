/** The public event types integrators can subscribe to (the catalogue: api/public/event-catalogue.ts). */
export const PUBLIC_EVENT_TYPES = [
  'booking.status_changed',
  'booking.cancelled',
  'booking.rescheduled',
  'invoice.created',
  'credit_note.created',
  'payment.succeeded',
  'payment.failed',
  'payment.action_required',
  'payment.refunded',
  'payment.refund_failed',
  'payment.disputed',
  'payment.dispute_closed',
  'invoice.paid',
  'settlement.paid',
  'settlement.failed',
  'settlement.awaiting_rail',
  'driver.bank_account_changed',
  'webhook.test',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

/** The event the API's "send a test event" sends; a destination receives it whatever it selected. */
export const TEST_EVENT_TYPE: PublicEventType = 'webhook.test';

export function isPublicEventType(value: string): value is PublicEventType {
  return (PUBLIC_EVENT_TYPES as readonly string[]).includes(value);
}

/** The envelope, exactly as signed and sent: `{id, type, created, livemode, data}`. */
export interface PublicEventEnvelope<D = Record<string, unknown>> {
  id: string;
  type: PublicEventType;
  created: string;
  livemode: boolean;
  data: D;
  /** Present, and true, only on a test event sent on request ("send a test event"): a receiver may ignore it. */
  test?: true;
}

/** The exact body of an event: built once when recorded, sent byte for byte on every attempt. */
export function publicEventBody(envelope: PublicEventEnvelope<unknown>): string {
  const { id, type, created, livemode, data, test } = envelope;
  return JSON.stringify(test ? { id, type, created, livemode, test, data } : { id, type, created, livemode, data });
}

/** A catalogue example made a destination's test event: its `livemode` fields follow the destination's environment. */
export function testEventData(example: unknown, livemode: boolean): unknown {
  if (Array.isArray(example)) return example.map((item) => testEventData(item, livemode));
  if (example === null || typeof example !== 'object') return example;
  return Object.fromEntries(
    Object.entries(example).map(([k, v]) => [k, k === 'livemode' && typeof v === 'boolean' ? livemode : testEventData(v, livemode)]),
  );
}

/** Masked form of a signing secret: prefix and last four. */
export function maskSigningSecret(last4: string): string {
  return `whsec_…${last4}`;
}
