import { quoteMismatches, quoteRefusal, type QuoteClaimRequest, type QuotedTrip } from '../../domain/quotes';

const quote: QuotedTrip = {
  partnerId: 'ptn_a',
  environment: 'sandbox',
  vehicleClass: 'executive',
  pickup: { lat: 49.0097, lng: 2.5479 },
  dropoff: { lat: 48.8674, lng: 2.3294 },
  pickupAt: '2027-03-15T08:30:00.000Z',
  currency: 'USD',
  expiresAt: '2027-03-01T10:15:00.000Z',
};
const request: QuoteClaimRequest = { bookingId: 'bkg_1', ...quote };
const expiry = Date.parse(quote.expiresAt);

describe('quoteRefusal', () => {
  it('accepts a matching claim up to the last millisecond before expires_at, and refuses it at expires_at', () => {
    expect(quoteRefusal(quote, null, request, expiry - 1)).toBeNull();
    expect(quoteRefusal(quote, null, request, expiry)).toEqual({ code: 'expired', expiresAt: quote.expiresAt });
  });

  it('treats a foreign partner or environment as not found, before saying anything else about the quote', () => {
    expect(quoteRefusal(quote, 'bkg_other', { ...request, partnerId: 'ptn_b' }, expiry + 1)).toEqual({ code: 'not_found' });
    expect(quoteRefusal(quote, null, { ...request, environment: 'live' }, expiry - 1)).toEqual({ code: 'not_found' });
  });

  it('accepts the holder again, even after expiry, and refuses every other booking as used', () => {
    expect(quoteRefusal(quote, 'bkg_1', request, expiry + 60_000)).toBeNull();
    expect(quoteRefusal(quote, 'bkg_1', { ...request, bookingId: 'bkg_2' }, expiry - 1)).toEqual({ code: 'used', claimedBy: 'bkg_1' });
  });
});

describe('quoteMismatches', () => {
  it('names every disagreeing field with the quoted value; coordinates agree within 0.000005°; time compares instants', () => {
    expect(quoteMismatches(quote, { ...request, pickup: { lat: 49.009704, lng: 2.5479 }, pickupAt: '2027-03-15T09:30:00+01:00' })).toEqual(
      [],
    );
    expect(
      quoteMismatches(quote, {
        ...request,
        pickup: { lat: 49.0098, lng: 2.548 },
        dropoff: { lat: 48.8675, lng: 2.3295 },
        pickupAt: '2027-03-15T08:31:00Z',
        vehicleClass: 'van',
        currency: 'EUR',
      }).map((f) => [f.param, f.quoted]),
    ).toEqual([
      ['pickup.lat', 49.0097],
      ['pickup.lng', 2.5479],
      ['dropoff.lat', 48.8674],
      ['dropoff.lng', 2.3294],
      ['pickup.datetime', quote.pickupAt],
      ['vehicle_class', 'executive'],
      ['currency', 'USD'],
    ]);
  });

  it('ignores the currency when the booking does not name one (it takes the quote’s)', () => {
    const { currency: _, ...withoutCurrency } = request;
    expect(quoteMismatches(quote, withoutCurrency)).toEqual([]);
  });
});
