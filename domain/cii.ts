import { EN16931_CATEGORY, type TaxCategory } from './tax-rules';
import { xmlEscape } from './plain-text';
import { documentTypeCode, exemptionOf, outOfScope, percent, ublAmount, type UblDocument, type UblParty } from './ubl';

/** EN 16931's CII guideline (BT-24); Factur-X 1.09's EN 16931 profile uses the same identifier. */
export const CII_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

/** YYYY-MM-DD as CII's date format 102 (YYYYMMDD). */
const date102 = (iso: string, ns: 'udt' | 'qdt' = 'udt') =>
  `<${ns}:DateTimeString format="102">${iso.replace(/-/g, '')}</${ns}:DateTimeString>`;

const tag = (name: string, content: string | undefined) => (content ? `<ram:${name}>${content}</ram:${name}>` : '');
const text = (name: string, value: string | undefined) => tag(name, value === undefined ? undefined : xmlEscape(value));

/** A trade party in the CII D16B order: GlobalID, Name, legal organization, address, electronic address, tax ids. */
function tradeParty(name: 'SellerTradeParty' | 'BuyerTradeParty', p: UblParty, withTaxId: boolean): string {
  const seller = name === 'SellerTradeParty';
  return tag(
    name,
    (p.siret ? `<ram:GlobalID schemeID="0009">${xmlEscape(p.siret)}</ram:GlobalID>` : '') +
      text('Name', p.legalName) +
      (p.siren
        ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${xmlEscape(p.siren)}</ram:ID></ram:SpecifiedLegalOrganization>`
        : '') +
      tag(
        'PostalTradeAddress',
        text('PostcodeCode', p.postalCode) + text('LineOne', p.address) + text('CityName', p.city) + text('CountryID', p.country),
      ) +
      `<ram:URIUniversalCommunication><ram:URIID schemeID="${xmlEscape(p.endpoint.scheme)}">${xmlEscape(p.endpoint.id)}</ram:URIID></ram:URIUniversalCommunication>` +
      (withTaxId && p.taxId
        ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xmlEscape(p.taxId)}</ram:ID></ram:SpecifiedTaxRegistration>`
        : '') +
      (seller && p.taxRegistrationId
        ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${xmlEscape(p.taxRegistrationId)}</ram:ID></ram:SpecifiedTaxRegistration>`
        : ''),
  );
}

/** A line's VAT (BG-30): type, category and, unless not subject to VAT, the rate. */
function lineTax(c: TaxCategory, ratePpm: number): string {
  const code = EN16931_CATEGORY[c];
  return `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${code}</ram:CategoryCode>${
    code === 'O' ? '' : `<ram:RateApplicablePercent>${percent(ratePpm)}</ram:RateApplicablePercent>`
  }</ram:ApplicableTradeTax>`;
}

/**
 * BT-20/BT-9: an invoice's due date; a credit note's terms name what it credits (BR-CO-25 wants terms or a due date
 * wherever an amount is due, and a credit note's amount is due to the buyer).
 */
function paymentTerms(doc: UblDocument): string {
  if (doc.type === 'credit_note')
    return doc.preceding ? tag('SpecifiedTradePaymentTerms', text('Description', `Credits invoice ${doc.preceding.number}`)) : '';
  return doc.dueDate
    ? tag('SpecifiedTradePaymentTerms', text('Description', `Due ${doc.dueDate}`) + tag('DueDateDateTime', date102(doc.dueDate)))
    : '';
}

/**
 * An invoice or credit note as UN/CEFACT Cross Industry Invoice D16B under EN 16931 (guideline
 * `urn:cen.eu:en16931:2017`, the XML of Factur-X's EN 16931 profile): the same content as `ublXml` — parties with their
 * electronic addresses and French identifiers, notes with their subject codes, the VAT breakdown per bucket, totals
 * and, on a credit note, the invoice it corrects — with elements in the order the CII schema requires.
 */
export function ciiXml(doc: UblDocument): string {
  const amount = (minor: bigint) => ublAmount(minor, doc.currency);
  const taxIds = !outOfScope(doc);
  const rounding = doc.totals.rounding ?? 0n;
  const notes = [
    ...(doc.note ? [{ text: doc.note }] : []),
    ...(doc.paymentUrl ? [{ text: `Pay by card: ${doc.paymentUrl}` }] : []),
    ...(doc.notes ?? []),
  ];
  const lines = doc.lines.map(
    (l, i) =>
      `<ram:IncludedSupplyChainTradeLineItem>` +
      tag(
        'AssociatedDocumentLineDocument',
        `<ram:LineID>${i + 1}</ram:LineID>` + (l.note ? tag('IncludedNote', text('Content', l.note)) : ''),
      ) +
      tag('SpecifiedTradeProduct', text('Name', l.description) + text('Description', l.itemDescription)) +
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(l.net < 0n ? -l.net : l.net)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
      // A negative line (a commission or fee on a self-billed invoice) is a quantity of −1: a price is never negative (BR-27).
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.net < 0n ? -1 : 1}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
      tag(
        'SpecifiedLineTradeSettlement',
        lineTax(l.category, l.ratePpm) +
          `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
          (l.accountingCost ? tag('ReceivableSpecifiedTradeAccountingAccount', text('ID', l.accountingCost)) : ''),
      ) +
      `</ram:IncludedSupplyChainTradeLineItem>`,
  );
  const vatDue = doc.vatDueOn ? `<ram:DueDateTypeCode>${doc.vatDueOn === 'invoice' ? '5' : '72'}</ram:DueDateTypeCode>` : '';
  const breakdown = doc.buckets.map((b) => {
    const code = EN16931_CATEGORY[b.category];
    const exemption = exemptionOf(doc, b.category);
    return (
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(b.tax)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>` +
      (exemption ? text('ExemptionReason', exemption.reason) : '') +
      `<ram:BasisAmount>${amount(b.net)}</ram:BasisAmount><ram:CategoryCode>${code}</ram:CategoryCode>` +
      (exemption ? text('ExemptionReasonCode', exemption.code) : '') +
      vatDue +
      (code === 'O' ? '' : `<ram:RateApplicablePercent>${percent(b.ratePpm)}</ram:RateApplicablePercent>`) +
      `</ram:ApplicableTradeTax>`
    );
  });
  const settlement =
    text('PaymentReference', doc.paymentUrl ? doc.number : undefined) +
    `<ram:InvoiceCurrencyCode>${doc.currency}</ram:InvoiceCurrencyCode>` +
    (doc.paymentUrl
      ? '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>54</ram:TypeCode><ram:Information>Credit card</ram:Information></ram:SpecifiedTradeSettlementPaymentMeans>'
      : '') +
    breakdown.join('') +
    tag('BillingSpecifiedPeriod', tag('StartDateTime', date102(doc.period.start)) + tag('EndDateTime', date102(doc.period.end))) +
    paymentTerms(doc) +
    tag(
      'SpecifiedTradeSettlementHeaderMonetarySummation',
      `<ram:LineTotalAmount>${amount(doc.totals.net)}</ram:LineTotalAmount>` +
        `<ram:TaxBasisTotalAmount>${amount(doc.totals.net)}</ram:TaxBasisTotalAmount>` +
        `<ram:TaxTotalAmount currencyID="${doc.currency}">${amount(doc.totals.tax)}</ram:TaxTotalAmount>` +
        (rounding ? `<ram:RoundingAmount>${amount(rounding)}</ram:RoundingAmount>` : '') +
        `<ram:GrandTotalAmount>${amount(doc.totals.gross)}</ram:GrandTotalAmount>` +
        `<ram:DuePayableAmount>${amount(doc.totals.gross + rounding)}</ram:DuePayableAmount>`,
    ) +
    (doc.preceding
      ? tag(
          'InvoiceReferencedDocument',
          text('IssuerAssignedID', doc.preceding.number) + tag('FormattedIssueDateTime', date102(doc.preceding.issueDate, 'qdt')),
        )
      : '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NAMESPACES}>
<rsm:ExchangedDocumentContext>${
    doc.businessProcess ? tag('BusinessProcessSpecifiedDocumentContextParameter', text('ID', doc.businessProcess)) : ''
  }<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${CII_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument>${text('ID', doc.number)}<ram:TypeCode>${documentTypeCode(doc)}</ram:TypeCode><ram:IssueDateTime>${date102(doc.issueDate)}</ram:IssueDateTime>${notes
    .map((n) => tag('IncludedNote', text('Content', n.text) + text('SubjectCode', n.subjectCode)))
    .join('')}</rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${lines.join('\n')}
<ram:ApplicableHeaderTradeAgreement>${text('BuyerReference', doc.buyerReference)}${tradeParty('SellerTradeParty', doc.seller, taxIds)}${tradeParty(
    'BuyerTradeParty',
    doc.buyer,
    taxIds,
  )}${doc.orderReference ? tag('BuyerOrderReferencedDocument', text('IssuerAssignedID', doc.orderReference)) : ''}</ram:ApplicableHeaderTradeAgreement>
${
  doc.deliveryDate
    ? tag('ApplicableHeaderTradeDelivery', tag('ActualDeliverySupplyChainEvent', tag('OccurrenceDateTime', date102(doc.deliveryDate))))
    : '<ram:ApplicableHeaderTradeDelivery/>'
}
<ram:ApplicableHeaderTradeSettlement>${settlement}</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}
