/**
 * Signed links of the passenger side: the tracking page and the PDF receipt.
 *
 * Tracking: `/track/<booking id>.<expiry, unix seconds in base36>.<HMAC-SHA256, base64url>`, the HMAC over
 * `track:<booking id>.<expiry>`. The link carries a hard expiry (the pickup time plus TRACKING_LINK_MAX_DAYS), and the
 * page also refuses it TRACKING_LINK_AFTER_END_HOURS after the ride ended (`bookings.ended_at`).
 * Receipt: `/receipts/<booking id>.<expiry>.<HMAC-SHA256 over receipt:<booking id>.<expiry>>`, the expiry the pickup
 * time plus RECEIPT_LINK_DAYS; ops can revoke a booking's receipt links (`bookings.receipt_revoked_at`).
 * Payment page: `/pay/<invoice document id>.<expiry>.<HMAC over pay:<id>.<expiry>>`, the expiry the issue time plus
 * PAYMENT_LINK_DAYS (a paid invoice's page says so and takes nothing).
 * Each purpose has its own key, derived from HUB_ENCRYPTION_KEY with HKDF, so a link of one kind never passes as
 * another and the encryption key itself never signs anything.
 */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';

export const TRACKING_LINK_AFTER_END_HOURS = 24;
export const TRACKING_LINK_MAX_DAYS = 3;

type LinkPurpose = 'tracking-link' | 'receipt-link' | 'payment-link';
/** Derived once per key and purpose, as a KeyObject (an HMAC over a raw Buffer key converts it on every call). */
const derivedKeys = new WeakMap<Buffer, Map<LinkPurpose, KeyObject>>();

function derivedKey(encryptionKey: Buffer, purpose: LinkPurpose): KeyObject {
  let keys = derivedKeys.get(encryptionKey);
  if (!keys) derivedKeys.set(encryptionKey, (keys = new Map()));
  let key = keys.get(purpose);
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), `dispatch-hub:${purpose}:v1`, 32)));
    keys.set(purpose, key);
  }
  return key;
}

function sign(key: KeyObject, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function trackingToken(encryptionKey: Buffer, bookingId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${bookingId}.${exp}.${sign(derivedKey(encryptionKey, 'tracking-link'), `track:${bookingId}.${exp}`)}`;
}

/** The hard expiry of a booking's tracking link. */
export function trackingLinkExpiry(pickupAt: Date | string): Date {
  return new Date(new Date(pickupAt).getTime() + TRACKING_LINK_MAX_DAYS * 86_400_000);
}

/** The booking's tracking page; put it in the partner's booking view (`tracking_url`). */
export function trackingUrl(publicBaseUrl: string, encryptionKey: Buffer, booking: { id: string; pickupAt: Date | string }): string {
  return `${publicBaseUrl}/track/${trackingToken(encryptionKey, booking.id, trackingLinkExpiry(booking.pickupAt))}`;
}

export type TokenCheck = { ok: true; bookingId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Signed under any key of the ring (HUB_ENCRYPTION_KEY, current first): links issued before a rotation keep working. */
const signedByAny = (keys: Buffer | readonly Buffer[], purpose: LinkPurpose, text: string, signature: string) =>
  (Buffer.isBuffer(keys) ? [keys] : keys).some((k) => same(signature, sign(derivedKey(k, purpose), text)));

export function verifyTrackingToken(encryptionKey: Buffer | readonly Buffer[], token: string, now = new Date()): TokenCheck {
  const match = /^(bkg_[0-9a-z]{26})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, bookingId, exp, signature] = match as unknown as [string, string, string, string];
  if (!signedByAny(encryptionKey, 'tracking-link', `track:${bookingId}.${exp}`, signature)) return { ok: false, reason: 'invalid' };
  if (parseInt(exp, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, bookingId };
}

/** Whether a ride that ended at `endedAt` may still be tracked. */
export function trackableAfterEnd(endedAt: Date | null | undefined, now = new Date()): boolean {
  return !endedAt || now.getTime() < endedAt.getTime() + TRACKING_LINK_AFTER_END_HOURS * 3_600_000;
}

/** How long a receipt link works after the pickup: a year of expense reports, and a margin. */
export const RECEIPT_LINK_DAYS = 400;

/** The expiry of a booking's receipt link. */
export function receiptLinkExpiry(pickupAt: Date | string): Date {
  return new Date(new Date(pickupAt).getTime() + RECEIPT_LINK_DAYS * 86_400_000);
}

export function receiptToken(encryptionKey: Buffer, bookingId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${bookingId}.${exp}.${sign(derivedKey(encryptionKey, 'receipt-link'), `receipt:${bookingId}.${exp}`)}`;
}

/** The booking's PDF receipt (404 until the ride is completed); put it in `trip.completed` and `GET /v1/bookings/:id`. */
export function receiptUrl(publicBaseUrl: string, encryptionKey: Buffer, booking: { id: string; pickupAt: Date | string }): string {
  return `${publicBaseUrl}/receipts/${receiptToken(encryptionKey, booking.id, receiptLinkExpiry(booking.pickupAt))}`;
}

/**
 * The booking a receipt link names, and when the link expires. Links issued before links carried an expiry
 * (`<id>.<signature>`) answer `expiresAt: null`: the caller applies the same rule from the booking's pickup time.
 */
export function verifyReceiptToken(
  encryptionKey: Buffer | readonly Buffer[],
  token: string,
): { bookingId: string; expiresAt: Date | null } | null {
  const current = /^(bkg_[0-9a-z]{26})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (current) {
    const [, bookingId, exp, signature] = current as unknown as [string, string, string, string];
    if (!signedByAny(encryptionKey, 'receipt-link', `receipt:${bookingId}.${exp}`, signature)) return null;
    return { bookingId, expiresAt: new Date(parseInt(exp, 36) * 1000) };
  }
  const legacy = /^(bkg_[0-9a-z]{26})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!legacy || !signedByAny(encryptionKey, 'receipt-link', `receipt:${legacy[1]}`, legacy[2]!)) return null;
  return { bookingId: legacy[1]!, expiresAt: null };
}

/** How long an invoice's payment link works after its issue: well past any payment terms. */
export const PAYMENT_LINK_DAYS = 180;

/** The hosted payment page of an invoice (`hosted_payment_url`). */
export function paymentUrl(publicBaseUrl: string, encryptionKey: Buffer, invoice: { id: string; issuedAt: Date | string }): string {
  const exp = Math.floor((new Date(invoice.issuedAt).getTime() + PAYMENT_LINK_DAYS * 86_400_000) / 1000).toString(36);
  return `${publicBaseUrl}/pay/${invoice.id}.${exp}.${sign(derivedKey(encryptionKey, 'payment-link'), `pay:${invoice.id}.${exp}`)}`;
}

export type PaymentTokenCheck = { ok: true; documentId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyPaymentToken(encryptionKey: Buffer | readonly Buffer[], token: string, now = new Date()): PaymentTokenCheck {
  const match = /^(doc_[0-9a-z]{26})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, documentId, exp, signature] = match as unknown as [string, string, string, string];
  if (!signedByAny(encryptionKey, 'payment-link', `pay:${documentId}.${exp}`, signature)) return { ok: false, reason: 'invalid' };
  if (parseInt(exp, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, documentId };
}
