import fc from 'fast-check';
import { einvoiceModel, einvoiceOf, type StoredDocument, type StoredLine } from '../../app/einvoice';
import type { BillingDetails } from '../../domain/billing-details';
import { ciiXml } from '../../domain/cii';
import { FRENCH_PAYMENT_NOTES, withFrenchRules } from '../../domain/french-einvoice';
import { billedLine, documentTotals } from '../../domain/invoice-math';
import { TAX_RULES } from '../../domain/tax-rules';
import { ublXml, type UblDocument } from '../../domain/ubl';
import { einvoiceDocument, frenchBuyer, frenchSeller, germanBuyer, rideLine } from '../support/einvoice-fixtures';
import { ciiSchemaErrors, RULE_SETS, validateEinvoices, type ValidationFailure } from '../support/einvoice-validator';

/**
 * The proofs that need the published Schematron (Saxon-HE, Python): EN 16931's CII rules and France's BR-FR rules
 * (FNFE-MPE, CTC Flux 2 1.3.0, from phive-rules-france on Maven Central), run over what the hub writes.
 */
const flagged = (failures: ValidationFailure[][]) => failures.map((f) => f.map((x) => `${x.flag} ${x.rule}`));
const french = (doc: UblDocument) => withFrenchRules({ ...doc, buyer: frenchBuyer }, {});

describe('CII under EN 16931 and the French rules (published Schematron)', () => {
  const cases: [string, UblDocument][] = [
    [
      'Paris at 10 % and a commission at 20 %',
      einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000), rideLine(2000n, 'standard', 200_000)]),
    ],
    ['a yen invoice (no decimals)', einvoiceDocument('JPY', [rideLine(7373n, 'reduced', 100_000)])],
    ["New York's 8.875 % in dollars", einvoiceDocument('USD', [rideLine(12345n, 'standard', 88_750)])],
    ['exempt and zero-rated lines', einvoiceDocument('EUR', [rideLine(5000n, 'exempt', 0), rideLine(4200n, 'zero', 0)])],
    ['not subject to VAT', einvoiceDocument('EUR', [rideLine(5000n, 'out_of_scope', 0)])],
    ['reverse charge', einvoiceDocument('EUR', [rideLine(5000n, 'reverse_charge', 0)])],
    [
      'a credit note referencing its invoice',
      einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000)], {
        type: 'credit_note',
        number: 'CN-2026-000007',
        preceding: { number: 'INV-2026-000042', issueDate: '2026-11-01' },
      }),
    ],
    [
      'ride lines with note, description, purchase order and a payment page',
      einvoiceDocument(
        'EUR',
        [
          {
            ...rideLine(11064n, 'reduced', 100_000),
            itemDescription: '2026-10-03 10:00 (Europe/Paris), Rivoli → CDG 2E, business',
            note: 'Passenger: Ada',
            accountingCost: 'PO-771',
          },
        ],
        { orderReference: 'PO-771', paymentUrl: 'https://hub.example/pay/x' },
      ),
    ],
    [
      'names that need escaping',
      einvoiceDocument('EUR', [rideLine(100n, 'reduced', 100_000, 'Ride <bkg> & "friends"')], {
        buyer: { ...germanBuyer, legalName: 'Smith & Sons <GmbH>' },
      }),
    ],
    ['a French buyer under the French rules', french(einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000)]))],
    [
      'a French credit note under the French rules',
      french(
        einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000)], {
          type: 'credit_note',
          number: 'CN-2026-000008',
          preceding: { number: 'INV-2026-000042', issueDate: '2026-11-01' },
        }),
      ),
    ],
    [
      'a seller in franchise en base with VAT on debits',
      withFrenchRules(
        einvoiceDocument('EUR', [rideLine(5000n, 'exempt', 0)], {
          seller: { ...frenchSeller, vatRegime: 'franchise' },
          buyer: frenchBuyer,
        }),
        { vatOnDebits: true },
      ),
    ],
    [
      'a self-billed invoice (389): the seller issues nothing, the buyer does',
      french(einvoiceDocument('EUR', [rideLine(8000n, 'standard', 200_000)], { selfBilled: true, number: 'SB-2026-000001' })),
    ],
  ];

  it('are valid CII D16B (the UN/CEFACT schema: elements, order, types), and the schema check bites', () => {
    const xmls = cases.map(([, doc]) => ciiXml(doc));
    expect(ciiSchemaErrors(xmls).map((errors, i) => [cases[i][0], errors])).toEqual(cases.map(([name]) => [name, []]));
    const misordered = xmls[0].replace(/(<ram:TypeCode>380<\/ram:TypeCode>)(<ram:IssueDateTime>.*?<\/ram:IssueDateTime>)/, '$2$1');
    expect(misordered).not.toBe(xmls[0]);
    expect(ciiSchemaErrors([misordered])[0].join('\n')).toMatch(/TypeCode.*not expected/);
  });

  it('EN 16931 (CII syntax 1.3.15) finds nothing in any of them, of any flag', () => {
    const results = validateEinvoices(
      cases.map(([, doc]) => ciiXml(doc)),
      RULE_SETS.cii,
    );
    expect(results.map((failures, i) => [cases[i][0], flagged([failures])[0]])).toEqual(cases.map(([name]) => [name, []]));
  });

  it('BR-FR (CII) finds nothing in the French ones, of any flag; the UBL of the same passes EN 16931 and Peppol BIS 3 (but 389)', () => {
    const frenchCases = cases.filter(([, doc]) => doc.buyer.country === 'FR');
    expect(frenchCases).toHaveLength(4);
    const results = validateEinvoices(
      frenchCases.map(([, doc]) => ciiXml(doc)),
      RULE_SETS.ciiFrance,
    );
    expect(results.map((failures, i) => [frenchCases[i][0], flagged([failures])[0]])).toEqual(frenchCases.map(([name]) => [name, []]));
    // Peppol BIS Billing has no self-billed invoice (PEPPOL-EN16931-P0100 refuses 389 under its billing profile).
    const billing = frenchCases.filter(([, doc]) => !doc.selfBilled);
    expect(validateEinvoices(billing.map(([, doc]) => ublXml(doc))).map((f) => f.filter((x) => x.flag === 'fatal'))).toEqual(
      billing.map(() => []),
    );
    // BR-FR on that UBL: the one thing it misses is BT-23, where Peppol BIS keeps its own profile (PEPPOL-EN16931-R007).
    expect(
      flagged(
        validateEinvoices(
          billing.map(([, doc]) => ublXml(doc)),
          RULE_SETS.ublFrance,
        ),
      ),
    ).toEqual(billing.map(() => ['warning BR-FR-08_BT-23']));
  });

  it('the same rules do find what is wrong (they are not no-ops): a total off, a French mention or SIREN missing', () => {
    const doc = french(einvoiceDocument('EUR', [rideLine(10000n, 'reduced', 100_000)]));
    const wrongTotal = ciiXml(doc).replace(
      '<ram:DuePayableAmount>110.00</ram:DuePayableAmount>',
      '<ram:DuePayableAmount>111.00</ram:DuePayableAmount>',
    );
    const noPenalties = ciiXml({ ...doc, notes: doc.notes!.filter((n) => n.subjectCode !== 'PMD') });
    const noBuyerSiren = ciiXml({ ...doc, buyer: { ...frenchBuyer, siren: undefined, siret: undefined } });
    const [en16931] = validateEinvoices([wrongTotal], RULE_SETS.cii);
    expect(en16931.filter((f) => f.flag === 'fatal').map((f) => f.rule)).toContain('BR-CO-16');
    const [penalties, siren] = validateEinvoices([noPenalties, noBuyerSiren], RULE_SETS.ciiFrance);
    expect(penalties.map((f) => f.rule)).toEqual(['BR-FR-05_BT-22_PMD']);
    expect(siren.map((f) => f.rule)).toContain('BR-FR-11_BT-47');
  });

  it('random rides in the EUR markets, invoiced and credited, to French and other buyers: every document valid', () => {
    const markets = ['PAR', 'BER', 'MAD', 'ROM', 'AMS'];
    const rules = TAX_RULES.filter((r) => markets.includes(r.jurisdiction) && r.kinds.includes('fare'));
    const buyers: BillingDetails[] = [
      {
        legal_name: 'Voyages Lumière SA',
        address: '8 avenue Foch',
        city: 'Paris',
        postal_code: '75016',
        country: 'FR',
        tax_id: 'FR82542065479',
        email: 'a@l.example',
        siren: '542065479',
        siret: '54206547900017',
      },
      {
        legal_name: 'Acme Travel GmbH',
        address: 'Unter den Linden 1',
        city: 'Berlin',
        postal_code: '10117',
        country: 'DE',
        tax_id: 'DE123456789',
        email: 'a@acme.example',
      },
      {
        legal_name: 'Viaggi Roma SRL',
        address: 'Via del Corso 1',
        city: 'Roma',
        postal_code: '00186',
        country: 'IT',
        tax_id: 'IT12345678901',
        email: 'a@roma.example',
      },
    ];
    const seller: BillingDetails = {
      legal_name: 'Dispatch Hub SAS',
      address: '10 rue de Rivoli',
      city: 'Paris',
      postal_code: '75001',
      country: 'FR',
      tax_id: 'FR40303265045',
      email: 'b@hub.example',
      siren: '303265045',
      siret: '30326504500011',
    };
    const arbitrary = fc.record({
      buyer: fc.constantFrom(...buyers),
      rides: fc.array(
        fc.record({
          rule: fc.constantFrom(...rules),
          gross: fc.bigInt({ min: 100n, max: 500_000n }),
          reference: fc.constantFrom(null, 'PO-771'),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      credited: fc.integer({ min: 0, max: 7 }),
    });
    const documents: { name: string; french: boolean; frenchRatesOnly: boolean; doc: StoredDocument; lines: StoredLine[] }[] = [];
    fc.assert(
      fc.property(arbitrary, ({ buyer, rides, credited }) => {
        const billed = rides.map((r) => ({
          ...billedLine(r.gross, 0n, r.rule.ratePpm),
          category: r.rule.category,
          ratePpm: r.rule.ratePpm,
          r,
        }));
        const stored = (
          number: string,
          type: 'invoice' | 'credit_note',
          part: typeof billed,
        ): { doc: StoredDocument; lines: StoredLine[] } => {
          const totals = documentTotals(part);
          return {
            doc: {
              number,
              type,
              issued_at: '2026-11-01T06:00:00Z',
              due_at: type === 'invoice' ? '2026-12-01T06:00:00Z' : null,
              currency: 'EUR',
              starts_at: '2026-10-01T00:00:00Z',
              ends_at: '2026-11-01T00:00:00Z',
              party_id: 'acct_01jd2k3m4n5p6q7r8s9t0v1w2x',
              net_minor: String(totals.net),
              tax_minor: String(totals.tax),
              gross_minor: String(totals.gross),
              rounding_minor: String(totals.rounding),
              tax_buckets: totals.buckets.map((b) => ({
                category: b.category,
                rate_ppm: b.ratePpm,
                net: String(b.net),
                tax: String(b.tax),
              })),
              billing_details: buyer,
              credits: type === 'credit_note' ? 'INV-2026-000042' : null,
              credits_issued_at: type === 'credit_note' ? '2026-11-01T06:00:00Z' : null,
            },
            lines: part.map((l, i) => ({
              kind: 'fare',
              booking_ref: `bkg_01jd2k3m4n5p6q7r8s9t0v1w${String(i).padStart(2, '0')}`,
              ride: {
                pickup_at: '2026-10-03T08:00:00Z',
                time_zone: 'Europe/Paris',
                pickup_local: '2026-10-03T10:00+02:00',
                from: '10 rue de Rivoli, Paris',
                to: 'CDG Terminal 2E',
                vehicle_class: 'business',
                passenger_name: null,
                customer_reference: l.r.reference,
              },
              description: 'Ride',
              net_minor: String(l.net),
              category: l.category,
              rate_ppm: l.ratePpm,
            })),
          };
        };
        const frenchRatesOnly = billed.every((l) => l.r.rule.jurisdiction === 'PAR');
        const tag = { french: buyer.country === 'FR', frenchRatesOnly };
        documents.push({
          name: `invoice to ${buyer.country}`,
          ...tag,
          ...stored(`INV-2026-${String(documents.length).padStart(6, '0')}`, 'invoice', billed),
        });
        const credit = billed.slice(0, 1 + (credited % billed.length));
        documents.push({
          name: `credit note to ${buyer.country}`,
          ...tag,
          ...stored(`CN-2026-${String(documents.length).padStart(6, '0')}`, 'credit_note', credit),
        });
      }),
      { numRuns: 20, seed: 41 },
    );
    const xml = (syntax: 'ubl' | 'cii') => documents.map((d) => (einvoiceOf(d.doc, d.lines, seller, null, syntax) as { xml: string }).xml);
    const cii = xml('cii');
    const ubl = xml('ubl');
    expect(documents.some((d) => d.french && d.frenchRatesOnly) && documents.some((d) => !d.french)).toBe(true);
    expect(flagged(validateEinvoices(cii, RULE_SETS.cii))).toEqual(documents.map(() => []));
    expect(ciiSchemaErrors(cii)).toEqual(documents.map(() => []));
    expect(validateEinvoices(ubl).map((f) => f.filter((x) => x.flag === 'fatal'))).toEqual(documents.map(() => []));
    // French buyers: nothing from BR-FR on rides taxed in France; rides taxed at another country's rate (a Berlin ride
    // at 19 %) draw BR-FR-16's warning that the rate is not a French one, and nothing else.
    const frenchDocs = documents.filter((d) => d.french);
    const frenchFindings = validateEinvoices(
      frenchDocs.map((d) => cii[documents.indexOf(d)]),
      RULE_SETS.ciiFrance,
    );
    expect(
      frenchFindings.map((f, i) =>
        f.filter((x) => !(x.rule.startsWith('BR-FR-16_') && x.flag === 'warning' && !frenchDocs[i].frenchRatesOnly)).map((x) => x.rule),
      ),
    ).toEqual(frenchDocs.map(() => []));
    expect(einvoiceModel(frenchDocs[0].doc, frenchDocs[0].lines, seller)).toMatchObject({
      document: { businessProcess: 'S1', notes: expect.arrayContaining([...FRENCH_PAYMENT_NOTES]) },
    });
  });
});
