import fc from 'fast-check';
import { checkIdentity, selfBillingMention, type FieldProblem } from '../../domain/chauffeur-billing';
import { isBilledKind, selfBilledFigures, selfBilledNumber, type SelfBillingLine } from '../../domain/self-billing';
import { SETTLEMENT_LINE_KINDS, settlementFigures } from '../../domain/settlement';
import { FRANCHISE_MENTION } from '../../domain/ubl';
import { TAX_RULES } from '../../domain/tax-rules';

const french = { legal_name: 'Jo Martin EI', address: '12 rue des Lilas', city: 'Paris', postal_code: '75011', country: 'FR' };
const codes = (r: unknown) => (r as FieldProblem[]).map((e) => [e.param, e.code]);

describe('a chauffeur’s billing identity', () => {
  it('takes the SIREN from a SIRET and the French directory’s address (0225) from the SIREN', () => {
    expect(checkIdentity({ ...french, siret: '732 829 320 00074', vat_regime: 'franchise' })).toEqual({
      ...french,
      siren: '732829320',
      siret: '73282932000074',
      vat_id: null,
      electronic_address: '0225:732829320',
      vat_regime: 'franchise',
    });
  });

  it('refuses identifiers whose Luhn check fails, a SIRET of another SIREN, and regimes that contradict the fields', () => {
    expect(codes(checkIdentity({ ...french, siren: '732829321', vat_regime: 'franchise' }))).toEqual([['siren', 'siren_invalid']]);
    expect(codes(checkIdentity({ ...french, siret: '73282932000075', vat_regime: 'franchise' }))).toEqual([['siret', 'siret_invalid']]);
    expect(codes(checkIdentity({ ...french, siren: '303265045', siret: '73282932000074', vat_regime: 'franchise' }))).toEqual([
      ['siret', 'siret_siren_mismatch'],
    ]);
    expect(codes(checkIdentity({ ...french, siren: '732829320', vat_regime: 'normal' }))).toEqual([['vat_id', 'required']]);
    expect(codes(checkIdentity({ ...french, siren: '732829320', vat_id: 'FR44732829320', vat_regime: 'franchise' }))).toEqual([
      ['vat_id', 'franchise_with_vat_id'],
    ]);
    expect(codes(checkIdentity({ ...french, country: 'DE', electronic_address: '9930:DE1', vat_regime: 'franchise' }))).toEqual([
      ['vat_regime', 'franchise_outside_france'],
    ]);
    expect(codes(checkIdentity({ ...french, country: 'DE', vat_id: 'DE123456789', vat_regime: 'normal' }))).toEqual([
      ['electronic_address', 'required'],
    ]);
    expect(codes(checkIdentity({ vat_regime: 'normal', vat_id: 'DE123456789', electronic_address: 'nope' }))).toEqual([
      ['legal_name', 'required'],
      ['address', 'required'],
      ['city', 'required'],
      ['postal_code', 'required'],
      ['country', 'required'],
      ['electronic_address', 'electronic_address_invalid'],
    ]);
  });

  it('says self-billing in French for a French chauffeur, in English otherwise', () => {
    expect(selfBillingMention('FR')).toBe('Autofacturation');
    expect(selfBillingMention('DE')).toMatch(/^Self-billing: invoice issued by the buyer in the name and on behalf of the seller/);
  });
});

describe('a settlement as a self-billed invoice', () => {
  const line = fc.record({
    kind: fc.constantFrom(...SETTLEMENT_LINE_KINDS),
    amount: fc.bigInt({ min: -500_000n, max: 2_000_000n }),
  });
  const rules = TAX_RULES.filter((r) => r.kinds.includes('fare'));

  it('bills exactly the settlement’s balance (less a balance carried in), VAT included or franchise, in minor units', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.constantFrom('normal' as const, 'franchise' as const),
        fc.constantFrom(...rules),
        (drawn, regime, rule) => {
          const lines: SelfBillingLine[] = drawn.map((l, i) => ({ ...l, ref: null, description: `line ${i}` }));
          const f = selfBilledFigures(lines, { vat_regime: regime, country: 'FR' }, rule);
          const s = settlementFigures(lines);
          const carriedIn = lines.filter((l) => l.kind === 'carry_over').reduce((sum, l) => sum + l.amount, 0n);
          // The settlement's payable and the balance it carries out, less what it carried in from an earlier one.
          expect(f.amountDue).toBe(s.payable + s.carryOut - carriedIn);
          expect(f.net + f.tax + f.rounding).toBe(f.amountDue);
          expect(f.lines.reduce((sum, l) => sum + l.net, 0n)).toBe(f.net);
          expect(f.buckets.reduce((sum, b) => sum + b.tax, 0n)).toBe(f.tax);
          expect(f.lines).toHaveLength(lines.filter((l) => isBilledKind(l.kind)).length);
          if (regime === 'franchise') {
            expect([f.tax, f.rounding, f.net]).toEqual([0n, 0n, f.amountDue]);
            expect(f.lines.every((l) => l.category === 'exempt' && l.ratePpm === 0)).toBe(true);
            expect(f.note).toBe(`Autofacturation — ${FRANCHISE_MENTION}`);
          } else expect(f.lines.every((l) => l.category === rule.category && l.ratePpm === rule.ratePpm)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('numbers per chauffeur, year and environment', () => {
    expect(selfBilledNumber('unit_a', true, 2026, 7)).toBe('SB-2026-unit_a-000007');
    expect(selfBilledNumber('sandbox:LIC-1', false, 2027, 1)).toBe('SB-TEST-2027-sandbox:LIC-1-000001');
  });
});
