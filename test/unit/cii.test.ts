import { XMLParser } from 'fast-xml-parser';
import { ciiXml, CII_GUIDELINE } from '../../domain/cii';
import { documentTypeCode, FRANCHISE_MENTION, ublXml } from '../../domain/ubl';
import { einvoiceDocument, frenchBuyer, frenchSeller, rideLine } from '../support/einvoice-fixtures';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false });
/** The element names of a node, in document order (attributes and text left out). */
const children = (node: Record<string, unknown>) => Object.keys(node).filter((k) => !k.startsWith('@') && k !== '#text');
const parse = (xml: string) => parser.parse(xml).CrossIndustryInvoice;

describe('CII D16B (EN 16931) from the e-invoice model', () => {
  const invoice = einvoiceDocument('EUR', [
    rideLine(10000n, 'reduced', 100_000),
    rideLine(333n, 'reduced', 100_000),
    rideLine(5000n, 'standard', 200_000),
  ]);

  it('says the EN 16931 guideline, the document type, the business process and the delivery date', () => {
    const cii = parse(ciiXml({ ...invoice, businessProcess: 'S1' }));
    expect(cii.ExchangedDocumentContext.GuidelineSpecifiedDocumentContextParameter.ID).toBe(CII_GUIDELINE);
    expect(cii.ExchangedDocumentContext.BusinessProcessSpecifiedDocumentContextParameter.ID).toBe('S1');
    expect(cii.ExchangedDocument.TypeCode).toBe('380');
    expect(cii.ExchangedDocument.IssueDateTime.DateTimeString).toMatchObject({ '#text': '20261101', '@format': '102' });
    // BT-72: when the services were completed (the period's last day), so the delivery block is not empty.
    expect(
      cii.SupplyChainTradeTransaction.ApplicableHeaderTradeDelivery.ActualDeliverySupplyChainEvent.OccurrenceDateTime.DateTimeString,
    ).toMatchObject({
      '#text': '20261031',
    });
    expect(ublXml(invoice)).toContain('<cac:Delivery><cbc:ActualDeliveryDate>2026-10-31</cbc:ActualDeliveryDate></cac:Delivery>');
  });

  it('types invoices, credit notes and their self-billed forms by UNTDID 1001 in CII and UBL alike', () => {
    const cases = [
      [{ type: 'invoice' }, '380'],
      [{ type: 'credit_note' }, '381'],
      [{ type: 'invoice', selfBilled: true }, '389'],
      [{ type: 'credit_note', selfBilled: true }, '261'],
    ] as const;
    for (const [shape, code] of cases) {
      expect(documentTypeCode(shape)).toBe(code);
      const doc = {
        ...invoice,
        ...shape,
        ...(shape.type === 'credit_note' ? { preceding: { number: 'INV-1', issueDate: '2026-10-01' } } : {}),
      };
      expect(parse(ciiXml(doc)).ExchangedDocument.TypeCode).toBe(code);
      expect(ublXml(doc)).toMatch(new RegExp(`TypeCode>${code}</cbc:`));
    }
  });

  it('writes the header in the order the CII schema requires', () => {
    const cii = parse(ciiXml({ ...invoice, paymentUrl: 'https://pay.example/p/1', orderReference: 'PO-7' }));
    expect(children(cii)).toEqual(['ExchangedDocumentContext', 'ExchangedDocument', 'SupplyChainTradeTransaction']);
    const transaction = cii.SupplyChainTradeTransaction;
    expect(children(transaction)).toEqual([
      'IncludedSupplyChainTradeLineItem',
      'ApplicableHeaderTradeAgreement',
      'ApplicableHeaderTradeDelivery',
      'ApplicableHeaderTradeSettlement',
    ]);
    expect(children(transaction.ApplicableHeaderTradeAgreement)).toEqual([
      'BuyerReference',
      'SellerTradeParty',
      'BuyerTradeParty',
      'BuyerOrderReferencedDocument',
    ]);
    expect(children(transaction.ApplicableHeaderTradeSettlement)).toEqual([
      'PaymentReference',
      'InvoiceCurrencyCode',
      'SpecifiedTradeSettlementPaymentMeans',
      'ApplicableTradeTax',
      'BillingSpecifiedPeriod',
      'SpecifiedTradePaymentTerms',
      'SpecifiedTradeSettlementHeaderMonetarySummation',
    ]);
    expect(children(transaction.ApplicableHeaderTradeAgreement.SellerTradeParty)).toEqual([
      'GlobalID',
      'Name',
      'SpecifiedLegalOrganization',
      'PostalTradeAddress',
      'URIUniversalCommunication',
      'SpecifiedTaxRegistration',
    ]);
  });

  it('states the totals, one VAT breakdown per bucket and one line per line, with exact amounts', () => {
    const transaction = parse(ciiXml(invoice)).SupplyChainTradeTransaction;
    const sums = transaction.ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
    expect(sums).toMatchObject({
      LineTotalAmount: '153.33',
      TaxBasisTotalAmount: '153.33',
      GrandTotalAmount: '173.66',
      DuePayableAmount: '173.66',
    });
    expect(sums.TaxTotalAmount).toMatchObject({ '#text': '20.33', '@currencyID': 'EUR' });
    const taxes = transaction.ApplicableHeaderTradeSettlement.ApplicableTradeTax;
    expect(taxes.map((t: Record<string, string>) => [t.CategoryCode, t.RateApplicablePercent, t.BasisAmount, t.CalculatedAmount])).toEqual([
      ['S', '10', '103.33', '10.33'],
      ['S', '20', '50.00', '10.00'],
    ]);
    expect(transaction.IncludedSupplyChainTradeLineItem).toHaveLength(3);
    expect(
      transaction.IncludedSupplyChainTradeLineItem[1].SpecifiedLineTradeSettlement.SpecifiedTradeSettlementLineMonetarySummation
        .LineTotalAmount,
    ).toBe('3.33');
  });

  it('identifies French parties by SIREN (0002), SIRET (0009) and their electronic address with its scheme', () => {
    const agreement = parse(ciiXml({ ...invoice, buyer: frenchBuyer })).SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement;
    expect(agreement.SellerTradeParty.SpecifiedLegalOrganization.ID).toMatchObject({ '#text': frenchSeller.siren, '@schemeID': '0002' });
    expect(agreement.SellerTradeParty.GlobalID).toMatchObject({ '#text': frenchSeller.siret, '@schemeID': '0009' });
    expect(agreement.BuyerTradeParty.URIUniversalCommunication.URIID).toMatchObject({ '#text': '542065479', '@schemeID': '0225' });
    expect(agreement.BuyerTradeParty.SpecifiedTaxRegistration.ID).toMatchObject({ '#text': 'FR82542065479', '@schemeID': 'VA' });
  });

  it('carries subject-coded notes in CII, and in UBL as one #CODE#text note (Peppol allows one)', () => {
    const notes = [
      { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
      { subjectCode: 'AAB', text: 'Pas d’escompte' },
    ];
    const doc = { ...invoice, notes, paymentUrl: 'https://pay.example/p/1' };
    const included = parse(ciiXml(doc)).ExchangedDocument.IncludedNote;
    expect(included).toEqual([
      { Content: 'Pay by card: https://pay.example/p/1' },
      { Content: notes[0].text, SubjectCode: 'PMT' },
      { Content: notes[1].text, SubjectCode: 'AAB' },
    ]);
    expect(ublXml(doc).match(/\n<cbc:Note>[^<]*<\/cbc:Note>/g)).toEqual([
      `\n<cbc:Note>Pay by card: https://pay.example/p/1#PMT#${notes[0].text}#AAB#${notes[1].text}</cbc:Note>`,
    ]);
  });

  it('references the corrected invoice on a credit note, in its terms too (no due date)', () => {
    const settlement = parse(
      ciiXml({
        ...invoice,
        type: 'credit_note',
        number: 'CN-2026-000007',
        preceding: { number: 'INV-2026-000042', issueDate: '2026-11-01' },
      }),
    ).SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement;
    expect(settlement.InvoiceReferencedDocument).toEqual({
      IssuerAssignedID: 'INV-2026-000042',
      FormattedIssueDateTime: { DateTimeString: { '#text': '20261101', '@format': '102' } },
    });
    expect(settlement.SpecifiedTradePaymentTerms).toEqual({ Description: 'Credits invoice INV-2026-000042' });
  });

  it('leaves out VAT ids and the rate where the document is not subject to VAT (BR-O-02, BR-O-05)', () => {
    const xml = ciiXml(einvoiceDocument('EUR', [rideLine(5000n, 'out_of_scope', 0)]));
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).not.toContain('RateApplicablePercent');
    expect(parse(xml).SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.ApplicableTradeTax.ExemptionReasonCode).toBe(
      'VATEX-EU-O',
    );
  });

  it('says art. 293 B for a seller in franchise en base, and when VAT falls due (BT-8)', () => {
    const doc = einvoiceDocument('EUR', [rideLine(5000n, 'exempt', 0)], {
      seller: { ...frenchSeller, vatRegime: 'franchise' },
      vatDueOn: 'invoice',
    });
    const tax = parse(ciiXml(doc)).SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.ApplicableTradeTax;
    expect(tax).toMatchObject({
      ExemptionReason: FRANCHISE_MENTION,
      ExemptionReasonCode: 'VATEX-FR-FRANCHISE',
      DueDateTypeCode: '5',
      RateApplicablePercent: '0',
    });
    expect(ublXml(doc)).toContain(`<cbc:TaxExemptionReason>${FRANCHISE_MENTION}</cbc:TaxExemptionReason>`);
  });

  it('escapes text', () => {
    const xml = ciiXml(einvoiceDocument('EUR', [rideLine(100n, 'reduced', 100_000, 'Ride <bkg> & "friends"')]));
    expect(xml).toContain('<ram:Name>Ride &lt;bkg&gt; &amp; &quot;friends&quot;</ram:Name>');
    expect(parse(xml).SupplyChainTradeTransaction.IncludedSupplyChainTradeLineItem.SpecifiedTradeProduct.Name).toBe(
      'Ride <bkg> & "friends"',
    );
  });
});
