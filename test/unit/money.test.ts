import {
  convertMinor,
  divRoundHalfAwayFromZero,
  EUR_REFERENCE_RATES,
  EXCHANGE_RATES_AS_OF,
  EXCHANGE_RATES_SOURCE,
  fromMinor,
  isCurrency,
  minorUnits,
  SUPPORTED_CURRENCIES,
  toMinor,
} from '../../domain/money';

describe('currency table', () => {
  it('lists the 22 supported currencies', () => {
    expect([...SUPPORTED_CURRENCIES].sort()).toEqual(
      [
        'EUR',
        'USD',
        'GBP',
        'CHF',
        'JPY',
        'SEK',
        'NOK',
        'DKK',
        'PLN',
        'CZK',
        'AUD',
        'CAD',
        'AED',
        'SGD',
        'HKD',
        'BHD',
        'KWD',
        'INR',
        'ZAR',
        'TRY',
        'MXN',
        'BRL',
      ].sort(),
    );
  });

  it('recognises only exact ISO codes', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XXX')).toBe(false);
    expect(isCurrency('toString')).toBe(false);
  });

  it('knows the minor-unit exponents', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('USD')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('KWD')).toBe(3);
    expect(() => minorUnits('XXX')).toThrow(RangeError);
  });

  it('has a positive reference rate with at most 6 decimals for every currency', () => {
    expect(EXCHANGE_RATES_SOURCE).toBe('hub-reference-rates');
    expect(Number.isNaN(Date.parse(EXCHANGE_RATES_AS_OF))).toBe(false);
    expect(EUR_REFERENCE_RATES.EUR).toBe(1);
    for (const currency of SUPPORTED_CURRENCIES) {
      const rate = EUR_REFERENCE_RATES[currency];
      expect(rate).toBeGreaterThan(0);
      expect(Math.round(rate * 1e6) / 1e6).toBe(rate);
    }
  });
});

describe('divRoundHalfAwayFromZero', () => {
  it('rounds halves away from zero and other fractions to nearest', () => {
    expect(divRoundHalfAwayFromZero(5, 2)).toBe(3);
    expect(divRoundHalfAwayFromZero(-5, 2)).toBe(-3);
    expect(divRoundHalfAwayFromZero(4, 3)).toBe(1);
    expect(divRoundHalfAwayFromZero(5, 3)).toBe(2);
    expect(divRoundHalfAwayFromZero(-4, 3)).toBe(-1);
    expect(() => divRoundHalfAwayFromZero(1, 0)).toThrow(RangeError);
  });
});

describe('toMinor', () => {
  it('scales by the currency exponent', () => {
    expect(toMinor(12.34, 'EUR')).toBe(1234);
    expect(toMinor(1234, 'JPY')).toBe(1234);
    expect(toMinor(1.234, 'BHD')).toBe(1234);
    expect(toMinor(0, 'EUR')).toBe(0);
  });

  it('rounds half away from zero on the decimal value, not its binary approximation', () => {
    expect(toMinor(12.345, 'EUR')).toBe(1235);
    expect(toMinor(-12.345, 'EUR')).toBe(-1235);
    expect(toMinor(1.005, 'EUR')).toBe(101);
    expect(toMinor(12.344, 'EUR')).toBe(1234);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(toMinor(1234.4, 'JPY')).toBe(1234);
    expect(toMinor(1.2345, 'BHD')).toBe(1235);
    expect(toMinor(1.2344, 'KWD')).toBe(1234);
    expect(toMinor(1e-7, 'EUR')).toBe(0);
  });

  it('rejects non-finite, unsafe and unknown-currency input', () => {
    expect(() => toMinor(Number.NaN, 'EUR')).toThrow(RangeError);
    expect(() => toMinor(Infinity, 'EUR')).toThrow(RangeError);
    expect(() => toMinor(1e21, 'EUR')).toThrow(RangeError);
    expect(() => toMinor(1, 'XXX')).toThrow(RangeError);
  });
});

describe('fromMinor', () => {
  it('returns a decimal with the currency precision', () => {
    expect(fromMinor(1234, 'EUR')).toBe(12.34);
    expect(fromMinor(1234, 'JPY')).toBe(1234);
    expect(fromMinor(1234, 'BHD')).toBe(1.234);
    expect(fromMinor(-5, 'EUR')).toBe(-0.05);
  });

  it('round-trips with toMinor', () => {
    for (const [amount, currency] of [
      [19.99, 'EUR'],
      [0.07, 'USD'],
      [987, 'JPY'],
      [12.345, 'KWD'],
    ] as const) {
      expect(fromMinor(toMinor(amount, currency), currency)).toBe(amount);
    }
  });

  it('rejects fractional minor units', () => {
    expect(() => fromMinor(1.5, 'EUR')).toThrow(RangeError);
  });
});

describe('convertMinor', () => {
  it('is the identity for EUR', () => {
    expect(convertMinor(1234, 'EUR')).toEqual({ minor: 1234, rate: 1, rateAsOf: EXCHANGE_RATES_AS_OF });
  });

  it('converts EUR cents to the minor units of the target currency', () => {
    // 10.00 EUR at 1.16 = 11.60 USD
    expect(convertMinor(1000, 'USD')).toEqual({ minor: 1160, rate: 1.16, rateAsOf: EXCHANGE_RATES_AS_OF });
    // 10.00 EUR at 180.5 = 1805 JPY (no minor unit)
    expect(convertMinor(1000, 'JPY').minor).toBe(1805);
    // 10.00 EUR at 0.4372 = 4.372 BHD = 4372 fils
    expect(convertMinor(1000, 'BHD').minor).toBe(4372);
    // 0.01 EUR at 0.3558 = 0.003558 KWD = 3.558 fils
    expect(convertMinor(1, 'KWD').minor).toBe(4);
  });

  it('rounds half away from zero', () => {
    expect(EUR_REFERENCE_RATES.JPY).toBe(180.5);
    expect(EUR_REFERENCE_RATES.CHF).toBe(0.93);
    // 1.00 EUR = 180.5 JPY
    expect(convertMinor(100, 'JPY').minor).toBe(181);
    expect(convertMinor(-100, 'JPY').minor).toBe(-181);
    // 0.50 EUR = 0.465 CHF
    expect(convertMinor(50, 'CHF').minor).toBe(47);
    expect(convertMinor(-50, 'CHF').minor).toBe(-47);
  });

  it('rejects fractional amounts and unknown currencies', () => {
    expect(() => convertMinor(10.5, 'USD')).toThrow(RangeError);
    expect(() => convertMinor(100, 'XXX')).toThrow(RangeError);
  });
});
