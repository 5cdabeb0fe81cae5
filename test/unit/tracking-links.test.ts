import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  receiptLinkExpiry,
  receiptToken,
  trackableAfterEnd,
  trackingLinkExpiry,
  trackingToken,
  verifyReceiptToken,
  verifyTrackingToken,
} from '../../infra/passenger-links';
import { firstName, trackingView } from '../../domain/tracking';
import { trackingPage } from '../../api/tracking/page';

const KEY = randomBytes(32);
const ID = 'bkg_01jd2k3m4n5p6q7r8s9t0v1w2x';

describe('signed tracking and receipt links', () => {
  it('verifies its own token and refuses a changed id, expiry, signature or key', () => {
    const token = trackingToken(KEY, ID, new Date(Date.now() + 3_600_000));
    expect(verifyTrackingToken(KEY, token)).toEqual({ ok: true, bookingId: ID });
    const [id, exp, sig] = token.split('.') as [string, string, string];
    expect(verifyTrackingToken(KEY, `${id.slice(0, -1)}y.${exp}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTrackingToken(KEY, `${id}.${(parseInt(exp, 36) + 86_400).toString(36)}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTrackingToken(KEY, `${id}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`).ok).toBe(false);
    expect(verifyTrackingToken(randomBytes(32), token).ok).toBe(false);
    expect(verifyTrackingToken(KEY, 'garbage').ok).toBe(false);
  });

  it('expires at the signed time, and 24 h after the ride ended', () => {
    const token = trackingToken(KEY, ID, new Date('2027-01-01T00:00:00Z'));
    expect(verifyTrackingToken(KEY, token, new Date('2026-12-31T23:59:58Z')).ok).toBe(true);
    expect(verifyTrackingToken(KEY, token, new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(trackingLinkExpiry('2027-01-01T10:00:00Z').toISOString()).toBe('2027-01-04T10:00:00.000Z');
    const ended = new Date('2027-01-01T10:00:00Z');
    expect(trackableAfterEnd(null)).toBe(true);
    expect(trackableAfterEnd(ended, new Date('2027-01-02T09:59:59Z'))).toBe(true);
    expect(trackableAfterEnd(ended, new Date('2027-01-02T10:00:00Z'))).toBe(false);
  });

  it('signs receipts under another key: a tracking signature is no receipt signature', () => {
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    const receipt = receiptToken(KEY, ID, expiresAt);
    expect(verifyReceiptToken(KEY, receipt)).toEqual({ bookingId: ID, expiresAt });
    expect(verifyReceiptToken(randomBytes(32), receipt)).toBeNull();
    // The expiry is signed: a link stretched to a later one does not verify.
    const [, , signature] = receipt.split('.');
    expect(verifyReceiptToken(KEY, `${ID}.${(Math.floor(expiresAt.getTime() / 1000) + 86_400).toString(36)}.${signature}`)).toBeNull();
    const trackingSig = trackingToken(KEY, ID, new Date(Date.now() + 1000)).split('.')[2];
    expect(verifyReceiptToken(KEY, `${ID}.${trackingSig}`)).toBeNull();
    // A link issued before receipt links expired: still valid, its expiry left to the booking's pickup time.
    const legacyKey = Buffer.from(hkdfSync('sha256', KEY, Buffer.alloc(0), 'dispatch-hub:receipt-link:v1', 32));
    const legacy = `${ID}.${createHmac('sha256', legacyKey).update(`receipt:${ID}`).digest('base64url')}`;
    expect(verifyReceiptToken(KEY, legacy)).toEqual({ bookingId: ID, expiresAt: null });
    expect(receiptLinkExpiry('2027-01-01T10:00:00Z').toISOString()).toBe('2028-02-05T10:00:00.000Z');
  });
});

describe('tracking view', () => {
  const base = {
    pickup: { lat: 49, lng: 2.5 },
    dropoff: { lat: 48.8, lng: 2.3 },
    pickupAt: new Date('2027-01-01T10:00:00Z'),
    driver: { name: 'Jean-Pierre  Dupont', phone: '+33611111111' },
    vehicle: { make: 'BMW', model: '5 Series', color: 'grey', plate: 'AB-123-CD', year: 2024 },
    positionLat: 48.9,
    positionLng: 2.4,
    positionAt: new Date('2027-01-01T09:50:00Z'),
    etaMinutes: 9,
  };
  it('shows the first name only and no position or ETA before the driver is on the way', () => {
    expect(firstName(' Marie Curie ')).toBe('Marie');
    const assigned = trackingView({ ...base, status: 'assigned' });
    expect(assigned).toMatchObject({ driver: { first_name: 'Jean-Pierre' }, position: null, eta_minutes: null, ended: false });
    expect(JSON.stringify(assigned)).not.toContain('Dupont');
    expect(JSON.stringify(assigned)).not.toContain('+336');
    const onTheWay = trackingView({ ...base, status: 'on_the_way' });
    expect(onTheWay).toMatchObject({ position: { lat: 48.9, lng: 2.4, at: '2027-01-01T09:50:00.000Z' }, eta_minutes: 9 });
    expect(trackingView({ ...base, status: 'completed' })).toMatchObject({ position: null, ended: true });
  });

  it('names the pickup and drop-off as the booking does, null for a booking made with coordinates only', () => {
    expect(trackingView({ ...base, status: 'assigned' })).toMatchObject({ pickup_address: null, dropoff_address: null });
    const named = trackingView({
      ...base,
      status: 'assigned',
      pickup: { ...base.pickup, address: 'CDG airport, terminal 2E' },
      dropoff: { ...base.dropoff, address: '8 rue de la Paix <Paris>' },
    });
    expect(named).toMatchObject({ pickup_address: 'CDG airport, terminal 2E', dropoff_address: '8 rue de la Paix <Paris>' });
    const html = trackingPage({ token: 't', view: named });
    expect(html).toContain('<dd id="from">CDG airport, terminal 2E</dd>');
    expect(html).toContain('<dd id="to">8 rue de la Paix &#60;Paris&#62;</dd>');
  });
});
