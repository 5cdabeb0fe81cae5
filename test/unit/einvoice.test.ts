import { documentTotals } from '../../domain/invoice-math';
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

  it('write amounts exactly in the currency exponent', () => {
    expect([ublAmount(12345n, 'EUR'), ublAmount(7n, 'EUR'), ublAmount(-7n, 'EUR'), ublAmount(7373n, 'JPY')]).toEqual([
      '123.45',
      '0.07',
      '-0.07',
      '7373',
    ]);
  });
});
