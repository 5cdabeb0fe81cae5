import fc from 'fast-check';
import { billedLine, divRound, documentTotals } from '../../domain/invoice-math';
import { minorUnits, SUPPORTED_CURRENCIES } from '../../domain/money';
import { TAX_RULES } from '../../domain/tax-rules';
import { ublAmount, ublXml, type UblDocument, type UblLine } from '../../domain/ubl';
import { validateEinvoices } from '../support/einvoice-validator';

const seller = {
  legalName: 'Dispatch Hub SAS',
  address: '10 rue de Rivoli',
  city: 'Paris',
  postalCode: '75001',
  country: 'FR',
  taxId: 'FR40303265045',
  endpoint: { scheme: '9957', id: 'FR40303265045' },
};
const buyer = {
  legalName: 'Acme Travel GmbH',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  taxId: 'DE123456789',
  endpoint: { scheme: '9930', id: 'DE123456789' },
};

function document(currency: string, lines: UblLine[], extra: Partial<UblDocument> = {}): UblDocument {
  const totals = documentTotals(lines);
  return {
    number: 'INV-2026-000042',
    type: 'invoice',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency,
    period: { start: '2026-10-01', end: '2026-10-31' },
    buyerReference: 'acct_01jd2k3m4n5p6q7r8s9t0v1w2x',
    seller,
    buyer,
    buckets: totals.buckets,
    lines,
    totals,
    ...extra,
  };
}
const ride = (
  net: bigint,
  category: UblLine['category'],
  ratePpm: number,
  description = 'Ride bkg_01jd2k3m4n5p6q7r8s9t0v1w2x',
): UblLine => ({
  description,
  net,
  category,
  ratePpm,
});

describe('EN 16931 e-invoices (UBL, Peppol BIS Billing 3.0)', () => {
  const valid: [string, UblDocument][] = [
    [
      'Paris at 10 % and London at 20 % in euros',
      document('EUR', [ride(10000n, 'reduced', 100_000), ride(10000n, 'standard', 200_000), ride(333n, 'reduced', 100_000)]),
    ],
    ['a yen invoice (no decimals)', document('JPY', [ride(7373n, 'reduced', 100_000)])],
    ["New York's 8.875 % in dollars", document('USD', [ride(12345n, 'standard', 88_750), ride(999n, 'standard', 88_750)])],
    ['exempt (Dubai) and zero-rated (a London minibus) lines', document('EUR', [ride(5000n, 'exempt', 0), ride(4200n, 'zero', 0)])],
    [
      'a credit note referencing its invoice',
      document('EUR', [ride(10000n, 'reduced', 100_000)], {
        type: 'credit_note',
        number: 'CN-2026-000007',
        preceding: { number: 'INV-2026-000042', issueDate: '2026-11-01' },
      }),
    ],
    [
      'ride lines with their note, description and purchase order (BT-127, BT-154, BT-133, BT-13)',
      document(
        'EUR',
        [
          {
            ...ride(11064n, 'reduced', 100_000, 'Ride bkg_01jd2k3m4n5p6q7r8s9t0v1w2x'),
            itemDescription: '2026-10-03 10:00 (Europe/Paris), 10 rue de Rivoli, 75001 Paris → CDG Terminal 2E, business',
            note: 'Passenger: Ada Lovelace; Your reference: PO-771',
            accountingCost: 'PO-771',
          },
          {
            ...ride(11064n, 'reduced', 100_000, 'Ride bkg_01jd2k3m4n5p6q7r8s9t0v1w2y'),
            itemDescription: '2026-10-04 18:30 (Europe/Paris), Gare de Lyon → 8 avenue Foch, business',
            accountingCost: 'PO-771',
          },
        ],
        { orderReference: 'PO-771' },
      ),
    ],
    [
      'names that need escaping',
      document('EUR', [ride(100n, 'reduced', 100_000, 'Ride <bkg> & "friends"')], {
        buyer: { ...buyer, legalName: 'Smith & Sons <GmbH>' },
      }),
    ],
  ];

  it('are accepted by the published EN 16931 and Peppol BIS 3 rules with no fatal finding', () => {
    const results = validateEinvoices(valid.map(([, doc]) => ublXml(doc)));
    expect(results.map((failures, i) => [valid[i][0], failures.filter((f) => f.flag === 'fatal')])).toEqual(
      valid.map(([name]) => [name, []]),
    );
  });

  it('are refused by the same validator when a total does not add up (the validator is not a no-op)', () => {
    const xml = ublXml(document('EUR', [ride(10000n, 'reduced', 100_000)])).replace(
      '<cbc:PayableAmount currencyID="EUR">110.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="EUR">111.00</cbc:PayableAmount>',
    );
    const [failures] = validateEinvoices([xml]);
    expect(failures.filter((f) => f.flag === 'fatal').map((f) => f.rule)).toContain('BR-CO-16');
  });

  it('total what was agreed: for random agreed rides in every currency, amount due = the agreed grosses, still valid', () => {
    // Rides as the public API prices them (net, then tax on the net, total agreed) and fees agreed gross, at every
    // rule's rate; a partner's rides billed net of a commission.
    const rules = TAX_RULES.filter((r) => r.kinds.includes('fare'));
    const agreedRide = fc.record({
      rule: fc.constantFrom(...rules),
      net: fc.bigInt({ min: 1n, max: 2_000_000n }),
      feeAgreedGross: fc.boolean(),
      commissionPct: fc.constantFrom(0n, 0n, 12n),
    });
    const invoices = fc.record({
      currency: fc.constantFrom(...SUPPORTED_CURRENCIES),
      rides: fc.array(agreedRide, { minLength: 1, maxLength: 12 }),
    });
    const docs: UblDocument[] = [];
    fc.assert(
      fc.property(invoices, ({ currency, rides }) => {
        const billed = rides.map((r) => {
          const gross = r.feeAgreedGross ? r.net : r.net + divRound(r.net * BigInt(r.rule.ratePpm), 1_000_000n);
          const commission = (r.net * r.commissionPct) / 100n;
          return {
            gross,
            commission,
            ...billedLine(gross, commission, r.rule.ratePpm),
            category: r.rule.category,
            ratePpm: r.rule.ratePpm,
          };
        });
        const totals = documentTotals(billed);
        // What each line was agreed at: its gross, or for a partner its billed net and that net's own tax.
        const agreed = billed.reduce((s, l) => s + (l.commission ? l.net + l.agreedTax : l.gross), 0n);
        expect(totals.amountDue).toBe(agreed);
        expect(totals.amountDue).toBe(totals.gross + totals.rounding);
        for (const b of totals.buckets) expect(b.tax).toBe(divRound(b.net * BigInt(b.ratePpm), 1_000_000n)); // BR-CO-17
        expect(totals.lineTax).toEqual(billed.map((l) => l.agreedTax));
        // EN 16931 allows amounts of at most two decimals (UBL-DT-01): a dinar (3) invoice fails the rules whatever its
        // rounding (docs/finance.md), so the rules check the currencies they can accept.
        if (minorUnits(currency) <= 2 && docs.length < 40 && (totals.rounding !== 0n || docs.length < 10))
          docs.push(
            document(
              currency,
              billed.map((l) => ride(l.net, l.category, l.ratePpm)),
              { totals: { ...totals } },
            ),
          );
      }),
      { numRuns: 3000 },
    );
    expect(docs.some((d) => d.totals.rounding !== 0n)).toBe(true);
    const results = validateEinvoices(docs.map(ublXml));
    expect(results.map((failures) => failures.filter((f) => f.flag === 'fatal'))).toEqual(docs.map(() => []));
    const xml = ublXml(docs.find((d) => d.totals.rounding !== 0n)!);
    expect(xml).toContain('<cbc:PayableRoundingAmount');
  });

  it('write amounts exactly in the currency exponent', () => {
    expect([ublAmount(12345n, 'EUR'), ublAmount(7n, 'EUR'), ublAmount(-7n, 'EUR'), ublAmount(7373n, 'JPY')]).toEqual([
      '123.45',
      '0.07',
      '-0.07',
      '7373',
    ]);
  });
});
