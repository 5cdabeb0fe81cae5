import { commonReference, lineDescription, lineRide, rideNote, rideSummary } from '../../domain/invoice-lines';
import { localDateTime } from '../../domain/local-time';

const facts = {
  pickupAt: new Date('2026-10-03T08:00:00Z'),
  market: 'PAR',
  from: '10 rue de Rivoli, 75001 Paris',
  to: 'CDG Terminal 2E',
  vehicleClass: 'business',
  passengerName: 'Ada Lovelace',
  customerReference: 'PO-771',
};

describe('invoice lines that say which ride', () => {
  it("state the pickup in the market's time zone, summer and winter, east and west", () => {
    expect(localDateTime(new Date('2026-10-03T08:00:00Z'), 'Europe/Paris')).toBe('2026-10-03T10:00+02:00');
    expect(localDateTime(new Date('2026-11-03T08:00:00Z'), 'Europe/Paris')).toBe('2026-11-03T09:00+01:00');
    expect(localDateTime(new Date('2026-11-03T03:30:00Z'), 'America/New_York')).toBe('2026-11-02T22:30-05:00');
    expect(localDateTime(new Date('2026-11-03T23:30:00Z'), 'Asia/Dubai')).toBe('2026-11-04T03:30+04:00');
    expect(localDateTime(new Date('2026-11-03T23:30:00Z'), 'UTC')).toBe('2026-11-03T23:30+00:00');
  });

  it('name the passenger only where the account asked for it', () => {
    expect(lineRide(facts, false).passenger_name).toBeNull();
    expect(lineRide(facts, true).passenger_name).toBe('Ada Lovelace');
    expect(lineRide({ ...facts, passengerName: null }, true).passenger_name).toBeNull();
  });

  it('read as a sentence: when, from → to, class; the note says for whom and on which reference', () => {
    const ride = lineRide(facts, true);
    expect(ride).toMatchObject({ time_zone: 'Europe/Paris', pickup_local: '2026-10-03T10:00+02:00', customer_reference: 'PO-771' });
    expect(rideSummary(ride)).toBe('2026-10-03 10:00 (Europe/Paris), 10 rue de Rivoli, 75001 Paris → CDG Terminal 2E, business');
    expect(rideNote(ride)).toBe('Passenger: Ada Lovelace; Your reference: PO-771');
    expect(rideNote(lineRide({ ...facts, customerReference: null }, false))).toBeNull();
    expect(lineDescription('no_show_fee', 'bkg_1', ride)).toBe(`No-show fee bkg_1: ${rideSummary(ride)}`);
    expect(lineDescription('fare', 'bkg_1', null)).toBe('Ride bkg_1');
    // Outside every market: UTC.
    expect(lineRide({ ...facts, market: 'OTHER' }, false).time_zone).toBe('UTC');
  });

  it('give the document a purchase order only when every line carries the same one', () => {
    const a = lineRide(facts, false);
    const b = lineRide({ ...facts, customerReference: 'PO-772' }, false);
    const none = lineRide({ ...facts, customerReference: null }, false);
    expect(commonReference([a, a])).toBe('PO-771');
    expect(commonReference([a, b])).toBeNull();
    expect(commonReference([a, none])).toBeNull();
    expect(commonReference([a, null])).toBeNull();
    expect(commonReference([none])).toBeNull();
  });
});
