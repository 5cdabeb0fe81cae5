// Money is always carried as integer minor units; decimals exist only on the wire.

export const CURRENCY_MINOR_UNITS = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  JPY: 0,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  AUD: 2,
  CAD: 2,
  AED: 2,
  SGD: 2,
  HKD: 2,
  BHD: 3,
  KWD: 3,
  INR: 2,
  ZAR: 2,
  TRY: 2,
  MXN: 2,
  BRL: 2,
} as const;

export type Currency = keyof typeof CURRENCY_MINOR_UNITS;

export const SUPPORTED_CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS) as Currency[];

// Static reference table: a later slice replaces it with a provider feed.
// Rates are units of the currency per 1 EUR, at most 6 decimals.
export const EXCHANGE_RATES_SOURCE = 'hub-reference-rates';
export const EXCHANGE_RATES_AS_OF = '2026-11-20T16:00:00Z';
export const EUR_REFERENCE_RATES: Readonly<Record<Currency, number>> = {
  EUR: 1,
  USD: 1.16,
  GBP: 0.88,
  CHF: 0.93,
  JPY: 180.5,
  SEK: 10.95,
  NOK: 11.72,
  DKK: 7.4625,
  PLN: 4.23,
  CZK: 24.21,
  AUD: 1.78,
  CAD: 1.63,
  AED: 4.26,
  SGD: 1.51,
  HKD: 9.03,
  BHD: 0.4372,
  KWD: 0.3558,
  INR: 103.2,
  ZAR: 20.05,
  TRY: 49.2,
  MXN: 21.3,
  BRL: 6.2,
};

const RATE_SCALE = 1_000_000;

export interface Conversion {
  minor: number;
  rate: number;
  rateAsOf: string;
}

export function isCurrency(code: string): code is Currency {
  return Object.prototype.hasOwnProperty.call(CURRENCY_MINOR_UNITS, code);
}

export function assertCurrency(code: string): Currency {
  if (!isCurrency(code)) throw new RangeError(`Unsupported currency: ${JSON.stringify(code)}`);
  return code;
}

export function minorUnits(code: string): number {
  return CURRENCY_MINOR_UNITS[assertCurrency(code)];
}

/** Integer division rounding half away from zero; exact for any safe integers. */
export function divRoundHalfAwayFromZero(numerator: number, denominator: number): number {
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  if (denominator <= 0) throw new RangeError(`denominator must be positive, got ${denominator}`);
  return toSafeNumber(bigDivRound(BigInt(numerator), BigInt(denominator)));
}

/** Decimal amount to minor units, rounding half away from zero. */
export function toMinor(amount: number, currency: string): number {
  const exponent = minorUnits(currency);
  if (!Number.isFinite(amount)) throw new RangeError(`amount must be finite, got ${amount}`);
  // Scale the shortest decimal form of the number (what the caller wrote),
  // not its binary approximation: 1.005 EUR must become 101, not 100.
  const [mantissa, power] = Math.abs(amount).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const shift = Number(power) - (digits.length - 1) + exponent;
  let minor = BigInt(digits);
  if (shift >= 0) minor *= BigInt(10) ** BigInt(shift);
  else minor = bigDivRound(minor, BigInt(10) ** BigInt(-shift));
  return toSafeNumber(amount < 0 ? -minor : minor);
}

/** Minor units to a decimal number with the currency's precision (1234 BHD -> 1.234). */
export function fromMinor(minor: number, currency: string): number {
  const exponent = minorUnits(currency);
  assertSafeInteger(minor, 'minor');
  // Division of an integer by a power of ten yields the double nearest to the decimal value.
  return minor / 10 ** exponent;
}

export function rateFromEur(to: string): number {
  return EUR_REFERENCE_RATES[assertCurrency(to)];
}

/** Converts integer EUR minor units to integer minor units of `to`, rounding half away from zero. */
export function convertMinor(minorEur: number, to: string): Conversion {
  assertSafeInteger(minorEur, 'minorEur');
  const rate = rateFromEur(to);
  const exponentShift = minorUnits(to) - CURRENCY_MINOR_UNITS.EUR;
  let numerator = BigInt(minorEur) * BigInt(Math.round(rate * RATE_SCALE));
  let denominator = BigInt(RATE_SCALE);
  if (exponentShift >= 0) numerator *= BigInt(10) ** BigInt(exponentShift);
  else denominator *= BigInt(10) ** BigInt(-exponentShift);
  return {
    minor: toSafeNumber(bigDivRound(numerator, denominator)),
    rate,
    rateAsOf: EXCHANGE_RATES_AS_OF,
  };
}

function bigDivRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < BigInt(0);
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * BigInt(2) + denominator) / (denominator * BigInt(2));
  return negative ? -quotient : quotient;
}

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of safe integer range: ${value}`);
  return result;
}
