import { EUR_REFERENCE_RATES, EXCHANGE_RATES_AS_OF, SUPPORTED_CURRENCIES } from '../../domain/money';
import {
  fareToWire,
  priceFare,
  routeEstimate,
  splitGross,
  taxLabel,
  VEHICLE_CLASSES,
  withCommission,
  type FareRequest,
} from '../../domain/pricing';

// 0.1 degree of latitude along a meridian: 6371 km * pi / 1800 = 11.1195 km great circle,
// x1.3 = 14.455 -> 14.5 km; 14.5 km at 32 km/h = 27.19 -> 28 min, +3 min pickup = 31 min.
const meridianTrip = { pickup: { lat: 0, lng: 0 }, dropoff: { lat: 0.1, lng: 0 } };
// The same distance in Paris, where a ride carries 10 % VAT (tax rule FR-ride-10).
const parisTrip = { pickup: { lat: 48.8, lng: 2.35 }, dropoff: { lat: 48.9, lng: 2.35 } };
const PARIS_RULE = { id: 'FR-ride-10', name: 'VAT', category: 'reduced', rate_ppm: 100_000 };
const DAY = '2026-11-20T12:00:00Z';
const NIGHT = '2026-11-20T23:00:00Z';

function fare(overrides: Partial<FareRequest> = {}) {
  return priceFare({ ...parisTrip, pickupAt: DAY, vehicleClass: 'standard', currency: 'EUR', ...overrides });
}

function componentSum(f: { base: number; distance: number; time: number; surcharges: number; taxes: number }) {
  return f.base + f.distance + f.time + f.surcharges + f.taxes;
}

describe('vehicle classes', () => {
  it('have the documented capacities', () => {
    const capacities = Object.fromEntries(
      Object.entries(VEHICLE_CLASSES).map(([name, spec]) => [name, [spec.maxPassengers, spec.maxLuggage]]),
    );
    expect(capacities).toEqual({ standard: [4, 3], executive: [3, 3], luxury: [3, 3], van: [7, 7], minibus: [16, 16] });
  });
});

describe('routeEstimate', () => {
  it('applies the road factor and average speed', () => {
    expect(routeEstimate(meridianTrip)).toEqual({ distance_km: 14.5, duration_min: 31 });
  });

  it('estimates Paris CDG to Paris centre', () => {
    // Great circle 22.23 km (not the 23.7 km sometimes quoted), x1.3 = 28.9 km; 28.9 / 32 * 60 = 54.19 -> 55 + 3 = 58 min.
    const estimate = routeEstimate({ pickup: { lat: 49.0097, lng: 2.5479 }, dropoff: { lat: 48.8566, lng: 2.3522 } });
    expect(estimate).toEqual({ distance_km: 28.9, duration_min: 58 });
  });

  it('is symmetric', () => {
    const there = routeEstimate({ pickup: { lat: 49.0097, lng: 2.5479 }, dropoff: { lat: 48.8566, lng: 2.3522 } });
    const back = routeEstimate({ pickup: { lat: 48.8566, lng: 2.3522 }, dropoff: { lat: 49.0097, lng: 2.5479 } });
    expect(back).toEqual(there);
  });

  it('returns zero distance and only the pickup minutes for the same point', () => {
    const here = { lat: 48.8566, lng: 2.3522 };
    expect(routeEstimate({ pickup: here, dropoff: here })).toEqual({ distance_km: 0, duration_min: 3 });
  });

  it('does not add a minute to a whole-minute drive through float error', () => {
    // 0.9187 degrees = 102.1548 km great circle, x1.3 = 132.8012 -> 132.8 km, exactly 249 min at 32 km/h
    // (132.8 / 32 * 60 in floating point is 249.00000000000003).
    const estimate = routeEstimate({ pickup: { lat: 0, lng: 0 }, dropoff: { lat: 0.9187, lng: 0 } });
    expect(estimate).toEqual({ distance_km: 132.8, duration_min: 252 });
  });

  it('rejects invalid coordinates', () => {
    expect(() => routeEstimate({ pickup: { lat: 91, lng: 0 }, dropoff: { lat: 0, lng: 0 } })).toThrow(RangeError);
    expect(() => routeEstimate({ pickup: { lat: 0, lng: Number.NaN }, dropoff: { lat: 0, lng: 0 } })).toThrow(RangeError);
  });
});

describe('priceFare in EUR', () => {
  it('prices a standard day trip from the tariff', () => {
    // base 390, distance 14.5 x 180 = 2610, time 31 x 35 = 1085, subtotal 4085; VAT 408.5 -> 409.
    expect(fare()).toEqual({
      currency: 'EUR',
      base: 390,
      distance: 2610,
      time: 1085,
      surcharges: 0,
      taxes: 409,
      total: 4494,
      commission: 0,
      rate: { from: 'EUR', to: 'EUR', rate: 1, rate_micros: 1_000_000, as_of: EXCHANGE_RATES_AS_OF },
      tax_rule: PARIS_RULE,
      distance_km: 14.5,
      duration_min: 31,
    });
  });

  it('adds 20% of the subtotal at night', () => {
    // night 20% of 4085 = 817; VAT 10% of 4902 = 490.2 -> 490; total 4085 + 817 + 490.
    const night = fare({ pickupAt: NIGHT });
    expect(night).toMatchObject({ surcharges: 817, taxes: 490, total: 5392 });
  });

  it('adds the flat airport pickup surcharge on top of the night surcharge', () => {
    // 817 + 500 = 1317; VAT 10% of 5402 = 540.2 -> 540.
    expect(fare({ pickupAt: NIGHT, airportPickup: true })).toMatchObject({ surcharges: 1317, taxes: 540, total: 5942 });
    expect(fare({ airportPickup: true })).toMatchObject({ surcharges: 500, taxes: 459, total: 5044 });
  });

  it.each([
    ['2026-11-20T21:59:59.999Z', false],
    ['2026-11-20T22:00:00.000Z', true],
    ['2026-11-21T00:00:00.000Z', true],
    ['2026-11-21T05:59:59.999Z', true],
    ['2026-11-21T06:00:00.000Z', false],
    ['2026-11-20T23:30:00+01:00', true], // 22:30 UTC
    ['2026-11-21T06:30:00+01:00', true], // 05:30 UTC
    ['2026-11-21T07:00:00+01:00', false], // 06:00 UTC
  ])('night surcharge for pickup at %s: %s', (pickupAt, isNight) => {
    expect(fare({ pickupAt }).surcharges).toBe(isNight ? 817 : 0);
    expect(fare({ pickupAt: new Date(pickupAt) }).surcharges).toBe(isNight ? 817 : 0);
  });

  it('raises the base so the subtotal reaches the minimum fare', () => {
    const here = { lat: 48.8566, lng: 2.3522 };
    // standard: time 3 x 35 = 105, base 1500 - 105 = 1395, VAT 150.
    expect(priceFare({ pickup: here, dropoff: here, pickupAt: DAY, vehicleClass: 'standard', currency: 'EUR' })).toMatchObject({
      base: 1395,
      distance: 0,
      time: 105,
      surcharges: 0,
      taxes: 150,
      total: 1650,
    });
    // luxury: time 3 x 70 = 210, base 6000 - 210 = 5790; night 20% of 6000 = 1200; VAT 720.
    expect(priceFare({ pickup: here, dropoff: here, pickupAt: NIGHT, vehicleClass: 'luxury', currency: 'EUR' })).toMatchObject({
      base: 5790,
      time: 210,
      surcharges: 1200,
      taxes: 720,
      total: 7920,
    });
  });

  it('does not apply the minimum fare to a trip above it', () => {
    // van: 590 + 14.5 x 230 = 3335 + 31 x 45 = 1395 -> 5320 > 2500.
    expect(fare({ vehicleClass: 'van' })).toMatchObject({ base: 590, distance: 3335, time: 1395, taxes: 532, total: 5852 });
  });

  it('reports a commission on the net fare without changing the total', () => {
    const plain = fare();
    expect(fare({ commissionBasisPoints: 1500 })).toEqual({ ...plain, commission: 613 }); // 4085 x 15% = 612.75
    expect(fare({ commissionBasisPoints: 1250 }).commission).toBe(511); // 510.625
    expect(fare({ commissionBasisPoints: 10_000 }).commission).toBe(4085);
    expect(fare({ commissionBasisPoints: 0 }).commission).toBe(0);
    expect(withCommission(plain, 1500)).toEqual(fare({ commissionBasisPoints: 1500 }));
  });

  it('rejects invalid input with RangeError', () => {
    expect(() => fare({ vehicleClass: 'limousine' })).toThrow(/vehicle class/);
    expect(() => fare({ vehicleClass: 'toString' })).toThrow(RangeError);
    expect(() => fare({ currency: 'XXX' })).toThrow(/currency/);
    expect(() => fare({ commissionBasisPoints: 10_001 })).toThrow(RangeError);
    expect(() => fare({ commissionBasisPoints: -1 })).toThrow(RangeError);
    expect(() => fare({ commissionBasisPoints: 12.5 })).toThrow(RangeError);
    expect(() => fare({ pickupAt: '2026-11-20T23:00:00' })).toThrow(RangeError); // no offset
    expect(() => fare({ pickupAt: 'tomorrow' })).toThrow(RangeError);
    expect(() => fare({ pickupAt: new Date(Number.NaN) })).toThrow(RangeError);
  });
});

describe('priceFare in other currencies', () => {
  it('converts each net component, sums them and taxes the converted net (JPY)', () => {
    // 3.90 x 180.5 = 703.95 -> 704; 26.10 x 180.5 = 4711.05 -> 4711; 10.85 x 180.5 = 1958.425 -> 1958; net 7373;
    // VAT 10% of 7373 = 737.3 -> 737 (converting the EUR tax of 4.09 would give 738).
    expect(fare({ currency: 'JPY' })).toMatchObject({
      currency: 'JPY',
      base: 704,
      distance: 4711,
      time: 1958,
      surcharges: 0,
      taxes: 737,
      total: 8110,
      rate: { from: 'EUR', to: 'JPY', rate: 180.5, rate_micros: 180_500_000, as_of: EXCHANGE_RATES_AS_OF },
    });
    expect(fare({ currency: 'JPY', commissionBasisPoints: 1500 }).commission).toBe(1106); // 1105.95
  });

  it('keeps three decimals for BHD', () => {
    // 3.90 x 0.4372 = 1.70508; 26.10 x 0.4372 = 11.41092; 10.85 x 0.4372 = 4.74362; net 17.860, VAT 1.786.
    expect(fare({ currency: 'BHD' })).toMatchObject({ base: 1705, distance: 11411, time: 4744, taxes: 1786, total: 19646 });
  });

  it('converts USD', () => {
    // 452.4 -> 452; 3027.6 -> 3028; 1258.6 -> 1259; net 4739, VAT 473.9 -> 474.
    expect(fare({ currency: 'USD' })).toMatchObject({ base: 452, distance: 3028, time: 1259, taxes: 474, total: 5213 });
  });

  it.each(SUPPORTED_CURRENCIES)('adds up exactly and tracks the EUR total in %s', (currency) => {
    const eur = fare({ pickupAt: NIGHT, airportPickup: true, vehicleClass: 'executive', commissionBasisPoints: 1750 });
    const converted = fare({ pickupAt: NIGHT, airportPickup: true, vehicleClass: 'executive', commissionBasisPoints: 1750, currency });
    for (const amount of [
      converted.base,
      converted.distance,
      converted.time,
      converted.surcharges,
      converted.taxes,
      converted.commission,
    ]) {
      expect(Number.isSafeInteger(amount)).toBe(true);
    }
    expect(converted.total).toBe(componentSum(converted));
    expect(converted.commission).toBeLessThanOrEqual(converted.total);
    // Four net components each rounded by at most half a minor unit, and the tax of their sum by half a unit plus 10 %
    // of their error: 2 + 0.5 + 0.2.
    const exponentShift = ({ JPY: -2, BHD: 1, KWD: 1 } as Record<string, number>)[currency] ?? 0;
    const exact = (eur.total - eur.taxes) * 1.1 * EUR_REFERENCE_RATES[currency] * 10 ** exponentShift;
    expect(Math.abs(converted.total - exact)).toBeLessThanOrEqual(2.7 + 1e-6);
    expect(converted.rate).toMatchObject({ from: 'EUR', to: currency, rate: EUR_REFERENCE_RATES[currency], as_of: EXCHANGE_RATES_AS_OF });
    expect(converted.rate.rate_micros).toBe(Math.round(EUR_REFERENCE_RATES[currency] * 1_000_000));
  });
});

describe('tax by market (domain/tax-rules.ts)', () => {
  const trip = (lat: number, lng: number) => ({ pickup: { lat, lng }, dropoff: { lat: lat + 0.1, lng } });
  const netOf = (f: { total: number; taxes: number }) => f.total - f.taxes;

  it("taxes the net in the billing currency at the pickup market's rule", () => {
    const nyc = priceFare({ ...trip(40.71, -74.0), pickupAt: DAY, vehicleClass: 'standard', currency: 'USD' });
    expect(nyc.tax_rule).toEqual({ id: 'US-NY-ride-8875', name: 'Sales tax', category: 'standard', rate_ppm: 88_750 });
    expect(nyc.taxes).toBe(Math.round((netOf(nyc) * 88_750) / 1_000_000));
    expect(taxLabel(nyc)).toBe('Sales tax 8.875%');

    const london = priceFare({ ...trip(51.5, -0.12), pickupAt: DAY, vehicleClass: 'standard', currency: 'GBP' });
    expect(london.tax_rule).toMatchObject({ id: 'GB-ride-20', rate_ppm: 200_000 });
    expect(london.taxes).toBe(Math.round(netOf(london) * 0.2));
    // Ten seats or more are zero-rated in the United Kingdom.
    const minibus = priceFare({ ...trip(51.5, -0.12), pickupAt: DAY, vehicleClass: 'minibus', currency: 'GBP' });
    expect(minibus).toMatchObject({ taxes: 0, tax_rule: { id: 'GB-ride-10-seats-0', category: 'zero' } });
    expect(taxLabel(minibus)).toBe('VAT 0%');
  });

  it('takes the rule in force at the pickup: Zurich before and after the 2024 rate change', () => {
    const zurich = (pickupAt: string) => priceFare({ ...trip(47.37, 8.54), pickupAt, vehicleClass: 'standard', currency: 'CHF' });
    expect(zurich('2023-12-31T12:00:00Z').tax_rule).toMatchObject({ id: 'CH-77', rate_ppm: 77_000 });
    expect(zurich('2024-01-01T12:00:00Z').tax_rule).toMatchObject({ id: 'CH-81', rate_ppm: 81_000 });
  });

  it('charges no tax outside every market, and says so', () => {
    const nowhere = priceFare({ ...meridianTrip, pickupAt: DAY, vehicleClass: 'standard', currency: 'EUR' });
    expect(nowhere).toMatchObject({ taxes: 0, total: 4085, tax_rule: { id: 'out-of-scope', category: 'out_of_scope', rate_ppm: 0 } });
    expect(taxLabel(nowhere)).toBe('Tax (out of scope)');
    expect(taxLabel({})).toBe('VAT 10%'); // a fare priced before the rule table
  });

  it('splits a tax-inclusive fee at a rate', () => {
    expect(splitGross(1100, 100_000)).toEqual({ net: 1000, tax: 100 });
    expect(splitGross(1089, 88_750)).toEqual({ net: 1000, tax: 89 }); // 1089 / 1.08875 = 1000.23
    expect(splitGross(999, 0)).toEqual({ net: 999, tax: 0 });
  });
});

describe('fareToWire', () => {
  it('turns minor units into decimals and leaves the rest alone', () => {
    const wire = fareToWire(fare({ commissionBasisPoints: 1500 }));
    expect(wire).toEqual({
      currency: 'EUR',
      base: 3.9,
      distance: 26.1,
      time: 10.85,
      surcharges: 0,
      taxes: 4.09,
      total: 44.94,
      commission: 6.13,
      rate: { from: 'EUR', to: 'EUR', rate: 1, rate_micros: 1_000_000, as_of: EXCHANGE_RATES_AS_OF },
      tax_rule: { id: 'FR-ride-10', name: 'VAT', category: 'reduced', rate: 10 },
      distance_km: 14.5,
      duration_min: 31,
    });
  });

  it('respects zero- and three-decimal currencies', () => {
    expect(fareToWire(fare({ currency: 'JPY' })).total).toBe(8110);
    expect(fareToWire(fare({ currency: 'BHD' }))).toMatchObject({ base: 1.705, total: 19.646 });
  });

  it('does not mutate the fare it is given', () => {
    const minor = fare();
    fareToWire(minor);
    expect(minor.total).toBe(4494);
  });
});
