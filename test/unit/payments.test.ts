import fc from 'fast-check';
import { challengeTimeoutMs } from '../../domain/payments';
import { creditLinesForAmount, divRound, documentTotals, type TaxBucket } from '../../domain/invoice-math';
import { luhnValid, TEST_CARDS } from '../../infra/payments/simulated';

describe('PAYMENT_CHALLENGE_TIMEOUT', () => {
  it.each([
    [undefined, 900_000],
    ['PT15M', 900_000],
    ['PT30S', 30_000],
    ['PT1H30M', 5_400_000],
    ['PT1S', 1_000],
  ])('%s is %d ms', (value, ms) => expect(challengeTimeoutMs(value)).toBe(ms));

  it.each(['15m', 'P1D', 'PT0S', 'PT25H', '', 'PT'])('refuses %j', (value) => expect(() => challengeTimeoutMs(value)).toThrow(RangeError));
});

describe('simulated PSP test cards', () => {
  it("are Stripe's Luhn-valid numbers", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});

describe('crediting an amount against an invoice', () => {
  const bucket = (ratePpm: number, net: bigint): TaxBucket => ({
    category: ratePpm ? 'standard' : 'zero',
    ratePpm,
    net,
    tax: divRound(net * BigInt(ratePpm), 1_000_000n),
  });

  it('splits over the buckets by gross and each bucket taxes back to its share exactly, or says it cannot', () => {
    let exact = 0;
    const rates = fc.constantFrom(0, 50_000, 77_000, 81_000, 88_750, 100_000, 190_000, 200_000);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(rates, fc.bigInt(1n, 10_000_000n)), { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (spec, fraction) => {
          const byRate = new Map(spec.map(([rate, net]) => [rate, net]));
          const buckets = [...byRate].map(([rate, net]) => bucket(rate, net));
          const gross = buckets.reduce((s, b) => s + b.net + b.tax, 0n);
          const amount = BigInt(Math.max(1, Math.floor(Number(gross) * fraction)));
          const lines = creditLinesForAmount(amount, buckets);
          if (lines === null) return; // a rounding gap: the caller asks for a minor unit more or less
          expect(documentTotals(lines).gross).toBe(amount);
          exact++;
        },
      ),
      { numRuns: 2_000 },
    );
    expect(exact).toBeGreaterThan(1_600); // gaps: about one gross in six at 20 % in a single bucket
  });

  it('credits a whole single-bucket invoice back to its own net and tax', () => {
    const b = bucket(100_000, 10_000n);
    expect(creditLinesForAmount(11_000n, [b])).toEqual([{ net: 10_000n, category: 'standard', ratePpm: 100_000 }]);
  });
});
