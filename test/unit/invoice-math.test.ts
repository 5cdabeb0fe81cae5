import fc from 'fast-check';
import { allocate, billedLine, divRound, documentTotals, netOfGross, type TaxableLine } from '../../domain/invoice-math';
import { TAX_RULES, taxRuleAt, type TaxCategory } from '../../domain/tax-rules';
import { commissionOn, driverIdOf, settlementFigures } from '../../domain/settlement';

const categories: TaxCategory[] = ['standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'out_of_scope'];
const rates = [...new Set(TAX_RULES.map((r) => r.ratePpm)), 55000, 125000];
// Nets in minor units: yen (no decimals), euro cents, dinar fils (3 decimals) alike are integers here.
const line = fc.record({
  net: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
  category: fc.constantFrom(...categories),
  ratePpm: fc.constantFrom(...rates),
});

describe('document totals', () => {
  it('add up exactly: lines to buckets, buckets to the document, informational line tax to its bucket', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (lines: TaxableLine[]) => {
        const t = documentTotals(lines);
        expect(t.net).toBe(lines.reduce((s, l) => s + l.net, 0n));
        expect(t.buckets.reduce((s, b) => s + b.net, 0n)).toBe(t.net);
        expect(t.buckets.reduce((s, b) => s + b.tax, 0n)).toBe(t.tax);
        expect(t.gross).toBe(t.net + t.tax);
        for (const b of t.buckets) {
          // BR-S-09: the bucket's tax is its net times its rate, rounded once.
          expect(b.tax).toBe(divRound(b.net * BigInt(b.ratePpm), 1_000_000n));
          const members = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.category === b.category && l.ratePpm === b.ratePpm);
          expect(members.reduce((s, { i }) => s + t.lineTax[i], 0n)).toBe(b.tax);
        }
        expect(new Set(t.buckets.map((b) => `${b.category}:${b.ratePpm}`)).size).toBe(t.buckets.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('round a bucket once, not each line: three lines of 0.05 at 10 % carry 0.02 of tax, not 0.03', () => {
    const lines = [5n, 5n, 5n].map((net) => ({ net, category: 'reduced' as const, ratePpm: 100_000 }));
    expect(documentTotals(lines)).toMatchObject({ net: 15n, tax: 2n, gross: 17n });
  });

  it('total what was agreed: two Paris rides agreed at 121.70 each are due 243.40, with a rounding of -0.01', () => {
    const lines = [12170n, 12170n].map((gross) => ({ ...billedLine(gross, 0n, 100_000), category: 'reduced' as const, ratePpm: 100_000 }));
    const t = documentTotals(lines);
    // The bucket is taxed once (BR-CO-17): 221.28 × 10 % = 22.128 → 22.13; each booking was agreed with 11.06.
    expect(t).toMatchObject({ net: 22128n, tax: 2213n, gross: 24341n, rounding: -1n, amountDue: 24340n });
    expect(t.lineTax).toEqual([1106n, 1106n]);
  });

  it('have no rounding when no line was agreed with a tax (refunds, commission-only documents)', () => {
    const lines = [5n, 5n, 5n].map((net) => ({ net, category: 'reduced' as const, ratePpm: 100_000 }));
    expect(documentTotals(lines)).toMatchObject({ rounding: 0n, amountDue: 17n });
  });

  it('bill a partner the net less its commission, taxed on what is left', () => {
    // 121.70 agreed: net 110.64; commission 13.28 → 97.36 billed, its tax 9.74 (not the gross's 11.06).
    expect(billedLine(12170n, 1328n, 100_000)).toEqual({ net: 9736n, agreedTax: 974n });
    expect(billedLine(12170n, 0n, 100_000)).toEqual({ net: 11064n, agreedTax: 1106n });
  });

  it('tax a yen fare in yen: ¥7,373 net at 10 % carries ¥737', () => {
    expect(documentTotals([{ net: 7373n, category: 'reduced', ratePpm: 100_000 }]).tax).toBe(737n);
  });

  it('allocate shares that sum to the total, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const shares = allocate(total, weights);
          expect(shares.reduce((s, x) => s + x, 0n)).toBe(total);
          const sum = weights.reduce((s, w) => s + w, 0n);
          if (sum > 0n) shares.forEach((s, i) => expect(Math.abs(Number(s * sum - total * weights[i]))).toBeLessThanOrEqual(Number(sum)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('split a gross fee into a net whose taxed total gives the gross back within a unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 100_000_000n }), fc.constantFrom(...rates), (gross, ratePpm) => {
        const net = netOfGross(gross, ratePpm);
        const back = net + divRound(net * BigInt(ratePpm), 1_000_000n);
        expect(back - gross <= 1n && gross - back <= 1n).toBe(true);
      }),
    );
  });
});

describe('tax rules', () => {
  const at = new Date('2026-11-01T00:00:00Z');
  it('take the market, the kind and a more specific vehicle-class row', () => {
    expect(taxRuleAt({ jurisdiction: 'PAR', kind: 'fare', at })).toMatchObject({ ratePpm: 100_000, category: 'reduced' });
    expect(taxRuleAt({ jurisdiction: 'PAR', kind: 'commission', at })).toMatchObject({ ratePpm: 200_000, category: 'standard' });
    expect(taxRuleAt({ jurisdiction: 'LON', kind: 'fare', vehicleClass: 'executive', at })).toMatchObject({ ratePpm: 200_000 });
    expect(taxRuleAt({ jurisdiction: 'LON', kind: 'fare', vehicleClass: 'minibus', at })).toMatchObject({ ratePpm: 0, category: 'zero' });
    expect(taxRuleAt({ jurisdiction: 'NYC', kind: 'no_show_fee', at })).toMatchObject({ ratePpm: 88_750 });
    expect(taxRuleAt({ jurisdiction: 'OTHER', kind: 'fare', at })).toMatchObject({ ratePpm: 0, category: 'out_of_scope' });
  });

  it('apply the row in force at the tax point: a rate change is a new row', () => {
    expect(taxRuleAt({ jurisdiction: 'ZRH', kind: 'fare', at: new Date('2023-12-31T23:59:59Z') }).ratePpm).toBe(77_000);
    expect(taxRuleAt({ jurisdiction: 'ZRH', kind: 'fare', at: new Date('2024-01-01T00:00:00Z') }).ratePpm).toBe(81_000);
  });

  it('have unique ids and cover every line kind of every market', () => {
    expect(new Set(TAX_RULES.map((r) => r.id)).size).toBe(TAX_RULES.length);
    for (const jurisdiction of ['PAR', 'LON', 'BER', 'MAD', 'ROM', 'AMS', 'ZRH', 'DXB', 'NYC']) {
      for (const kind of ['fare', 'waiting', 'cancellation_fee', 'no_show_fee', 'commission'] as const) {
        expect(taxRuleAt({ jurisdiction, kind, at }).id).not.toBe('out-of-scope');
      }
    }
  });
});

describe('chauffeur settlement figures', () => {
  const kinds = ['ride', 'no_show', 'commission', 'fee', 'adjustment', 'carry_over'] as const;
  it('pay earnings less commission and fees, never below zero, carrying a negative balance instead', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: fc.constantFrom(...kinds), amount: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }) }), {
          maxLength: 40,
        }),
        (lines) => {
          const f = settlementFigures(lines);
          const balance = lines.reduce((s, l) => s + l.amount, 0n);
          expect(f.payable >= 0n && f.carryOut <= 0n).toBe(true);
          expect(f.payable + f.carryOut).toBe(balance); // nothing lost: paid now or carried
          expect(f.payable === 0n || f.carryOut === 0n).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    expect(
      settlementFigures([
        { kind: 'ride', amount: 10_000n },
        { kind: 'commission', amount: -2_000n },
        { kind: 'carry_over', amount: -9_000n },
      ]),
    ).toEqual({
      earnings: 10_000n,
      commission: 2_000n,
      fees: 0n,
      payable: 0n,
      carryOut: -1_000n,
    });
  });

  it('take the market commission, rounded half up, and name drivers by unit (live) or simulated licence (sandbox)', () => {
    expect(commissionOn(10_000n, 'PAR')).toBe(2_000n);
    expect(commissionOn(10_001n, 'LON')).toBe(2_500n);
    expect(commissionOn(10_002n, 'LON')).toBe(2_501n); // 2500.5 rounds up
    expect(driverIdOf({ environment: 'live', unitId: 'unit_1', driver: { licence_no: 'X' } })).toBe('unit_1');
    expect(driverIdOf({ environment: 'sandbox', driver: { licence_no: 'SANDBOX-VTC-0001' } })).toBe('sandbox:SANDBOX-VTC-0001');
    expect(driverIdOf({ environment: 'live', unitId: null })).toBeNull();
  });
});
