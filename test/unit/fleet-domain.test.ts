import { rankUnits, type AllocationCandidate } from '../../domain/allocation';
import { compliance, earliestLapse, EXPIRING_WINDOW_DAYS, isExpiryDate, lapsesAt, stateAt } from '../../domain/compliance';
import { drivingMinutes, etaMinutes } from '../../domain/eta';

const NOW = new Date('2027-01-10T12:00:00Z');
const docs = { driving_licence: '2028-01-01', insurance: '2027-06-30', vehicle_inspection: '2027-12-31', operator_permit: '2029-01-01' };

describe('compliance', () => {
  it('a document is valid through its expiry day and lapses at 00:00 UTC the day after', () => {
    expect(lapsesAt('2027-01-10').toISOString()).toBe('2027-01-11T00:00:00.000Z');
    expect(stateAt(lapsesAt('2027-01-10'), NOW)).toBe('expiring');
    expect(stateAt(lapsesAt('2027-01-09'), NOW)).toBe('lapsed');
  });

  it('refuses dates that are not real calendar dates', () => {
    expect(isExpiryDate('2027-02-30')).toBe(false);
    expect(isExpiryDate('2027-2-3')).toBe(false);
    expect(isExpiryDate('2027-02-28')).toBe(true);
    expect(() => lapsesAt('tomorrow')).toThrow(RangeError);
  });

  it(`is compliant beyond the ${EXPIRING_WINDOW_DAYS}-day window, expiring inside it, lapsed after`, () => {
    expect(compliance(docs, NOW).state).toBe('compliant');
    const soon = { ...docs, insurance: '2027-02-05' }; // lapses 2027-02-06, 26.5 days ahead
    expect(compliance(soon, NOW).state).toBe('expiring');
    expect(compliance({ ...docs, insurance: '2027-02-15' }, NOW).state).toBe('compliant');
    expect(compliance({ ...docs, operator_permit: '2027-01-01' }, NOW).state).toBe('lapsed');
  });

  it('names the document that lapses first, and treats a missing one as lapsed', () => {
    const c = compliance(docs, NOW);
    expect(c.next_lapse).toEqual({ document: 'insurance', at: '2027-07-01T00:00:00.000Z' });
    expect(c.documents.find((d) => d.type === 'insurance')).toMatchObject({ expires_on: '2027-06-30', state: 'compliant' });
    const missing = { driving_licence: '2028-01-01', insurance: '2027-06-30', vehicle_inspection: '2027-12-31' };
    expect(compliance(missing, NOW)).toMatchObject({ state: 'lapsed', next_lapse: { document: 'operator_permit', at: null } });
    expect(earliestLapse(missing)).toBeNull();
    expect(earliestLapse(docs)?.toISOString()).toBe('2027-07-01T00:00:00.000Z');
  });
});

describe('ETA speed model', () => {
  const pickup = { lat: 48.8566, lng: 2.3522 };
  const dropoff = { lat: 49.0097, lng: 2.5479 };
  it('drives the great-circle distance × 1.3 at 32 km/h, rounded up', () => {
    // ~1 km north of the pickup: 1.0 × 1.3 / 32 h = 2.4 min → 3
    const north = { lat: pickup.lat + 1 / 111.2, lng: pickup.lng };
    expect(drivingMinutes(north, pickup)).toBe(3);
    expect(drivingMinutes(pickup, pickup)).toBe(0);
  });
  it('is to the pickup before boarding, 0 on arrival, to the drop-off on board, none otherwise', () => {
    const position = { lat: 48.9, lng: 2.4 };
    expect(etaMinutes({ status: 'on_the_way', position, pickup, dropoff })).toBe(drivingMinutes(position, pickup));
    expect(etaMinutes({ status: 'arrived', position, pickup, dropoff })).toBe(0);
    expect(etaMinutes({ status: 'on_board', position, pickup, dropoff })).toBe(drivingMinutes(position, dropoff));
    expect(drivingMinutes(position, pickup)).not.toBe(drivingMinutes(position, dropoff));
    expect(etaMinutes({ status: 'completed', position, pickup, dropoff })).toBeNull();
  });
});

describe('allocation ranking', () => {
  const pickup = { lat: 49.0097, lng: 2.5479 };
  const unit = (id: string, over: Partial<AllocationCandidate> = {}): AllocationCandidate => ({
    id,
    market: 'PAR',
    vehicleClass: 'executive',
    dispatchState: 'available',
    complianceLapsesAt: new Date('2028-01-01T00:00:00Z'),
    position: { lat: 48.86, lng: 2.35 },
    ...over,
  });
  const request = { market: 'PAR', vehicleClass: 'executive', pickup, exclude: [] as string[], now: NOW };

  it('puts the nearest first, units without a position last, ties by id', () => {
    const ranked = rankUnits(
      [unit('c'), unit('a', { position: { lat: 49.0, lng: 2.54 } }), unit('z', { position: null }), unit('b')],
      request,
    );
    expect(ranked.map((u) => u.id)).toEqual(['a', 'b', 'c', 'z']);
  });

  it('never picks a lapsed, busy, other-class, other-market or excluded unit; an expiring one may', () => {
    const ranked = rankUnits(
      [
        unit('lapsed', { complianceLapsesAt: new Date('2027-01-10T00:00:00Z') }),
        unit('missing-doc', { complianceLapsesAt: null }),
        unit('busy', { dispatchState: 'assigned' }),
        unit('offline', { dispatchState: 'offline' }),
        unit('van', { vehicleClass: 'van' }),
        unit('london', { market: 'LON' }),
        unit('declined'),
        unit('expiring', { complianceLapsesAt: new Date('2027-01-20T00:00:00Z') }),
      ],
      { ...request, exclude: ['declined'] },
    );
    expect(ranked.map((u) => u.id)).toEqual(['expiring']);
  });
});
