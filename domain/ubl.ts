import { minorUnits } from './money';
import { xmlEscape } from './plain-text';
import { EN16931_CATEGORY, type TaxCategory } from './tax-rules';

/** A party as EN 16931 names it (seller BG-4, buyer BG-7). */
export interface UblParty {
  legalName: string;
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  taxId?: string;
  /** The Peppol electronic address (BT-34/BT-49): an EAS scheme code and the identifier (domain/billing-details.ts). */
  endpoint: { scheme: string; id: string };
  /** French SIREN (BT-30/BT-47, legal registration, scheme 0002): 9 digits. */
  siren?: string;
  /** French SIRET (BT-29/BT-46, party identifier, scheme 0009): 14 digits, the SIREN and the establishment. */
  siret?: string;
  /** A tax registration that is not a VAT number (BT-32, scheme FC), e.g. a seller in franchise without one. */
  taxRegistrationId?: string;
  /**
   * The seller's VAT regime: `franchise` (franchise en base, art. 293 B du CGI) charges no VAT, so its exempt lines say
   * why with VATEX-FR-FRANCHISE. Absent: normal.
   */
  vatRegime?: 'normal' | 'franchise';
}

/** A document-level note (BG-1): its text (BT-22) and, where the rules name one, its UNTDID 4451 subject (BT-21). */
export interface DocumentNote {
  subjectCode?: string;
  text: string;
}

export interface UblBucket {
  category: TaxCategory;
  ratePpm: number;
  net: bigint;
  tax: bigint;
}

export interface UblLine {
  /** The item's name (BT-153). */
  description: string;
  /** The item's description (BT-154): the ride, when, from → to, class. */
  itemDescription?: string;
  /** The line's note (BT-127): for whom, on which reference. */
  note?: string;
  /** The buyer's accounting reference of the line (BT-133): the booking's customer reference. */
  accountingCost?: string;
  net: bigint;
  category: TaxCategory;
  ratePpm: number;
}

export interface UblDocument {
  number: string;
  type: 'invoice' | 'credit_note';
  /**
   * Issued by the buyer on the seller's behalf (self-billing): type code 389 for an invoice, 261 for a credit note
   * (UNTDID 1001), instead of 380/381.
   */
  selfBilled?: boolean;
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate?: string;
  currency: string;
  period: { start: string; end: string };
  /**
   * BT-72, YYYY-MM-DD: when the services were completed (a French invoice must say it: CGI annexe II art. 242 nonies A);
   * for a period's invoice, its last day.
   */
  deliveryDate?: string;
  /** BT-10: the buyer's reference (its account id, or its own purchase order). */
  buyerReference: string;
  /** BT-13: the purchase order, when every line carries the same customer reference. */
  orderReference?: string;
  /** On a credit note: the invoice it corrects (BG-3). */
  preceding?: { number: string; issueDate: string };
  seller: UblParty;
  buyer: UblParty;
  buckets: UblBucket[];
  lines: UblLine[];
  /** `rounding` (BT-114) brings the amount due (BT-115) to what was agreed; absent or zero: none. */
  totals: { net: bigint; tax: bigint; gross: bigint; rounding?: bigint };
  note?: string;
  /** Further notes, with a subject code where a rule asks for one (France: PMT, PMD, AAB, BAR; self-billing mention). */
  notes?: DocumentNote[];
  /**
   * BT-23, the business process: France's billing frame (`S1`: services). Written in CII; the UBL keeps Peppol's
   * profile there (PEPPOL-EN16931-R007), so it cannot carry it.
   */
  businessProcess?: string;
  /** BT-8: VAT falls due on the invoice date (`invoice`: France's option for VAT on debits) or on payment (`payment`). */
  vatDueOn?: 'invoice' | 'payment';
  /** An invoice's payment page: payment means "credit card" (UNCL4461 54), the URL in a note (BIS 3 has no URL field). */
  paymentUrl?: string;
}

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Peppol's self-billing profile: BIS Billing's own rules refuse type 389 (PEPPOL-EN16931-P0100). */
const SELF_BILLING_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
const SELF_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:selfbilling:01:1.0';
/** Why a line carries no VAT (BT-120/121), where EN 16931 asks for one. */
const EXEMPTION: Partial<Record<TaxCategory, { code: string; reason: string }>> = {
  exempt: { code: 'VATEX-EU-132', reason: 'Exempt passenger transport' },
  reverse_charge: { code: 'VATEX-EU-AE', reason: 'Reverse charge' },
  out_of_scope: { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
};
/** The mention French law asks of a seller in franchise en base. */
export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** The exemption reason of a bucket of this category on this document (a seller in franchise: art. 293 B). */
export function exemptionOf(doc: UblDocument, c: TaxCategory): { code: string; reason: string } | undefined {
  if (c === 'exempt' && doc.seller.vatRegime === 'franchise') return { code: 'VATEX-FR-FRANCHISE', reason: FRANCHISE_MENTION };
  return EXEMPTION[c];
}

/** UNTDID 1001: commercial invoice 380, credit note 381, self-billed invoice 389, self-billed credit note 261. */
export function documentTypeCode(doc: Pick<UblDocument, 'type' | 'selfBilled'>): '380' | '381' | '389' | '261' {
  if (doc.type === 'credit_note') return doc.selfBilled ? '261' : '381';
  return doc.selfBilled ? '389' : '380';
}

/** Whether no VAT identifier may appear (BR-O-02): a document with a bucket not subject to VAT. */
export const outOfScope = (doc: UblDocument) => doc.buckets.some((b) => b.category === 'out_of_scope');

/** Minor units as the document currency's decimal amount (exact: string arithmetic, no floats). */
export function ublAmount(minor: bigint, currency: string): string {
  const digits = minorUnits(currency);
  const sign = minor < 0n ? '-' : '';
  const abs = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

export const percent = (ppm: number) => String(ppm / 10_000);

function party(tag: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: UblParty, withTaxId: boolean): string {
  const seller = tag === 'AccountingSupplierParty';
  return `<cac:${tag}><cac:Party>
<cbc:EndpointID schemeID="${xmlEscape(p.endpoint.scheme)}">${xmlEscape(p.endpoint.id)}</cbc:EndpointID>
${p.siret ? `<cac:PartyIdentification><cbc:ID schemeID="0009">${xmlEscape(p.siret)}</cbc:ID></cac:PartyIdentification>` : ''}
<cac:PartyName><cbc:Name>${xmlEscape(p.legalName)}</cbc:Name></cac:PartyName>
<cac:PostalAddress><cbc:StreetName>${xmlEscape(p.address)}</cbc:StreetName><cbc:CityName>${xmlEscape(p.city)}</cbc:CityName><cbc:PostalZone>${xmlEscape(p.postalCode)}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${xmlEscape(p.country)}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
${withTaxId && p.taxId ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlEscape(p.taxId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
${seller && p.taxRegistrationId ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlEscape(p.taxRegistrationId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
<cac:PartyLegalEntity><cbc:RegistrationName>${xmlEscape(p.legalName)}</cbc:RegistrationName>${p.siren ? `<cbc:CompanyID schemeID="0002">${xmlEscape(p.siren)}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>
</cac:Party></cac:${tag}>`;
}

function category(
  tag: 'TaxCategory' | 'ClassifiedTaxCategory',
  c: TaxCategory,
  ratePpm: number,
  exemption?: { code: string; reason: string },
): string {
  const code = EN16931_CATEGORY[c];
  return `<cac:${tag}><cbc:ID>${code}</cbc:ID>${code === 'O' ? '' : `<cbc:Percent>${percent(ratePpm)}</cbc:Percent>`}${
    exemption
      ? `<cbc:TaxExemptionReasonCode>${exemption.code}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${xmlEscape(exemption.reason)}</cbc:TaxExemptionReason>`
      : ''
  }<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
}

/**
 * The document's notes as UBL writes them. Peppol BIS allows one note (PEPPOL-EN16931-R002): the subject-coded notes
 * go into it in France's UBL convention `#CODE#text`, after any free text.
 */
function ublNotes(doc: UblDocument): string[] {
  const free = [doc.note, doc.paymentUrl && `Pay by card: ${doc.paymentUrl}`].filter((n): n is string => Boolean(n));
  const coded = doc.notes ?? [];
  if (!coded.length) return free;
  return [
    [...free, ...coded.filter((n) => !n.subjectCode).map((n) => n.text)].join(' ') +
      coded
        .filter((n) => n.subjectCode)
        .map((n) => `#${n.subjectCode}#${n.text}`)
        .join(''),
  ];
}

/**
 * An invoice or credit note as UBL 2.1 following Peppol BIS Billing 3.0 (EN 16931): parties with electronic addresses,
 * the VAT breakdown per bucket, document totals and, on a credit note, the preceding invoice. Amounts come from the
 * issued document, so the XML says exactly what the PDF and the API say.
 */
export function ublXml(doc: UblDocument): string {
  const credit = doc.type === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const amount = (minor: bigint) => `currencyID="${doc.currency}">${ublAmount(minor, doc.currency)}`;
  // Not subject to VAT: no VAT identifiers at all (BR-O-02).
  const taxIds = !outOfScope(doc);
  const typeCode = documentTypeCode(doc);
  const rounding = doc.totals.rounding ?? 0n;
  const quantity = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  // A negative line (a commission or fee on a self-billed invoice) is a quantity of −1: a price is never negative (BR-27).
  const lines = doc.lines
    .map(
      (
        l,
        i,
      ) => `<cac:${root}Line><cbc:ID>${i + 1}</cbc:ID>${l.note ? `<cbc:Note>${xmlEscape(l.note)}</cbc:Note>` : ''}<cbc:${quantity} unitCode="C62">${l.net < 0n ? -1 : 1}</cbc:${quantity}>
<cbc:LineExtensionAmount ${amount(l.net)}</cbc:LineExtensionAmount>${l.accountingCost ? `<cbc:AccountingCost>${xmlEscape(l.accountingCost)}</cbc:AccountingCost>` : ''}
<cac:Item>${l.itemDescription ? `<cbc:Description>${xmlEscape(l.itemDescription)}</cbc:Description>` : ''}<cbc:Name>${xmlEscape(l.description)}</cbc:Name>${category('ClassifiedTaxCategory', l.category, l.ratePpm)}</cac:Item>
<cac:Price><cbc:PriceAmount ${amount(l.net < 0n ? -l.net : l.net)}</cbc:PriceAmount></cac:Price></cac:${root}Line>`,
    )
    .join('\n');
  const subtotals = doc.buckets
    .map(
      (b) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount ${amount(b.net)}</cbc:TaxableAmount><cbc:TaxAmount ${amount(b.tax)}</cbc:TaxAmount>${category('TaxCategory', b.category, b.ratePpm, exemptionOf(doc, b.category))}</cac:TaxSubtotal>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${doc.selfBilled ? SELF_BILLING_CUSTOMIZATION : CUSTOMIZATION}</cbc:CustomizationID>
<cbc:ProfileID>${doc.selfBilled ? SELF_BILLING_PROFILE : PROFILE}</cbc:ProfileID>
<cbc:ID>${xmlEscape(doc.number)}</cbc:ID>
<cbc:IssueDate>${doc.issueDate}</cbc:IssueDate>
${!credit && doc.dueDate ? `<cbc:DueDate>${doc.dueDate}</cbc:DueDate>` : ''}
<cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${typeCode}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
${ublNotes(doc)
  .map((n) => `<cbc:Note>${xmlEscape(n)}</cbc:Note>`)
  .join('\n')}
<cbc:DocumentCurrencyCode>${doc.currency}</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>${xmlEscape(doc.buyerReference)}</cbc:BuyerReference>
<cac:InvoicePeriod><cbc:StartDate>${doc.period.start}</cbc:StartDate><cbc:EndDate>${doc.period.end}</cbc:EndDate></cac:InvoicePeriod>
${doc.orderReference ? `<cac:OrderReference><cbc:ID>${xmlEscape(doc.orderReference)}</cbc:ID></cac:OrderReference>` : ''}
${doc.preceding ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xmlEscape(doc.preceding.number)}</cbc:ID><cbc:IssueDate>${doc.preceding.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>` : ''}
${party('AccountingSupplierParty', doc.seller, taxIds)}
${party('AccountingCustomerParty', doc.buyer, taxIds)}
${doc.deliveryDate ? `<cac:Delivery><cbc:ActualDeliveryDate>${doc.deliveryDate}</cbc:ActualDeliveryDate></cac:Delivery>` : ''}
${doc.paymentUrl ? `<cac:PaymentMeans><cbc:PaymentMeansCode name="Credit card">54</cbc:PaymentMeansCode><cbc:PaymentID>${xmlEscape(doc.number)}</cbc:PaymentID></cac:PaymentMeans>` : ''}
${credit && doc.dueDate ? '' : doc.dueDate ? `<cac:PaymentTerms><cbc:Note>Due ${doc.dueDate}</cbc:Note></cac:PaymentTerms>` : ''}
<cac:TaxTotal><cbc:TaxAmount ${amount(doc.totals.tax)}</cbc:TaxAmount>
${subtotals}
</cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount ${amount(doc.totals.net)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount ${amount(doc.totals.net)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount ${amount(doc.totals.gross)}</cbc:TaxInclusiveAmount>${
    rounding ? `<cbc:PayableRoundingAmount ${amount(rounding)}</cbc:PayableRoundingAmount>` : ''
  }<cbc:PayableAmount ${amount(doc.totals.gross + rounding)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines}
</${root}>
`;
}
