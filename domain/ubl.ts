import { minorUnits } from './money';
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
  /** BT-29/BT-46: an identifier under an ISO 6523 scheme (a French establishment: its SIRET under 0009). */
  identifier?: { scheme: string; id: string };
  /** BT-30/BT-47: the legal registration (a French company: its SIREN under 0002). */
  legalId?: { scheme: string; id: string };
  /** BT-32: a tax registration other than VAT (a French seller without a VAT number: its SIREN). */
  taxRegistrationId?: string;
}

export interface UblBucket {
  category: TaxCategory;
  ratePpm: number;
  net: bigint;
  tax: bigint;
  /** Why the bucket carries no VAT (BT-120/121), where the category's usual reason does not say it. */
  exemption?: { code: string; reason: string };
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
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate?: string;
  currency: string;
  period: { start: string; end: string };
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
  /** A self-billed invoice (UNTDID 1001 389): the buyer issues it in the seller's name (Peppol's self-billing profile). */
  selfBilled?: boolean;
  /** An invoice's payment page: payment means "credit card" (UNCL4461 54), the URL in a note (BIS 3 has no URL field). */
  paymentUrl?: string;
}

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const SELF_BILLING_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
const SELF_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:selfbilling:01:1.0';
/** Why a line carries no VAT (BT-120/121), where EN 16931 asks for one. */
const EXEMPTION: Partial<Record<TaxCategory, { code: string; reason: string }>> = {
  exempt: { code: 'VATEX-EU-132', reason: 'Exempt passenger transport' },
  reverse_charge: { code: 'VATEX-EU-AE', reason: 'Reverse charge' },
  out_of_scope: { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Minor units as the document currency's decimal amount (exact: string arithmetic, no floats). */
export function ublAmount(minor: bigint, currency: string): string {
  const digits = minorUnits(currency);
  const sign = minor < 0n ? '-' : '';
  const abs = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

const percent = (ppm: number) => String(ppm / 10_000);

function party(tag: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: UblParty, withTaxId: boolean): string {
  return `<cac:${tag}><cac:Party>
<cbc:EndpointID schemeID="${esc(p.endpoint.scheme)}">${esc(p.endpoint.id)}</cbc:EndpointID>
${p.identifier ? `<cac:PartyIdentification><cbc:ID schemeID="${esc(p.identifier.scheme)}">${esc(p.identifier.id)}</cbc:ID></cac:PartyIdentification>` : ''}
<cac:PartyName><cbc:Name>${esc(p.legalName)}</cbc:Name></cac:PartyName>
<cac:PostalAddress><cbc:StreetName>${esc(p.address)}</cbc:StreetName><cbc:CityName>${esc(p.city)}</cbc:CityName><cbc:PostalZone>${esc(p.postalCode)}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${esc(p.country)}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
${withTaxId && p.taxId ? `<cac:PartyTaxScheme><cbc:CompanyID>${esc(p.taxId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
${p.taxRegistrationId ? `<cac:PartyTaxScheme><cbc:CompanyID>${esc(p.taxRegistrationId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
<cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.legalName)}</cbc:RegistrationName>${
    p.legalId ? `<cbc:CompanyID schemeID="${esc(p.legalId.scheme)}">${esc(p.legalId.id)}</cbc:CompanyID>` : ''
  }</cac:PartyLegalEntity>
</cac:Party></cac:${tag}>`;
}

function category(
  tag: 'TaxCategory' | 'ClassifiedTaxCategory',
  c: TaxCategory,
  ratePpm: number,
  withReason: boolean,
  reason?: { code: string; reason: string },
): string {
  const code = EN16931_CATEGORY[c];
  const exemption = withReason ? (reason ?? EXEMPTION[c]) : undefined;
  return `<cac:${tag}><cbc:ID>${code}</cbc:ID>${code === 'O' ? '' : `<cbc:Percent>${percent(ratePpm)}</cbc:Percent>`}${
    exemption
      ? `<cbc:TaxExemptionReasonCode>${exemption.code}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${exemption.reason}</cbc:TaxExemptionReason>`
      : ''
  }<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
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
  const taxIds = !doc.buckets.some((b) => b.category === 'out_of_scope');
  const rounding = doc.totals.rounding ?? 0n;
  const quantity = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  // A negative line (a commission or fee on a self-billed invoice) is a quantity of −1: the price is never negative (BR-27).
  const lines = doc.lines
    .map(
      (
        l,
        i,
      ) => `<cac:${root}Line><cbc:ID>${i + 1}</cbc:ID>${l.note ? `<cbc:Note>${esc(l.note)}</cbc:Note>` : ''}<cbc:${quantity} unitCode="C62">${l.net < 0n ? -1 : 1}</cbc:${quantity}>
<cbc:LineExtensionAmount ${amount(l.net)}</cbc:LineExtensionAmount>${l.accountingCost ? `<cbc:AccountingCost>${esc(l.accountingCost)}</cbc:AccountingCost>` : ''}
<cac:Item>${l.itemDescription ? `<cbc:Description>${esc(l.itemDescription)}</cbc:Description>` : ''}<cbc:Name>${esc(l.description)}</cbc:Name>${category('ClassifiedTaxCategory', l.category, l.ratePpm, false)}</cac:Item>
<cac:Price><cbc:PriceAmount ${amount(l.net < 0n ? -l.net : l.net)}</cbc:PriceAmount></cac:Price></cac:${root}Line>`,
    )
    .join('\n');
  const subtotals = doc.buckets
    .map(
      (b) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount ${amount(b.net)}</cbc:TaxableAmount><cbc:TaxAmount ${amount(b.tax)}</cbc:TaxAmount>${category('TaxCategory', b.category, b.ratePpm, true, b.exemption)}</cac:TaxSubtotal>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${doc.selfBilled ? SELF_BILLING_CUSTOMIZATION : CUSTOMIZATION}</cbc:CustomizationID>
<cbc:ProfileID>${doc.selfBilled ? SELF_BILLING_PROFILE : PROFILE}</cbc:ProfileID>
<cbc:ID>${esc(doc.number)}</cbc:ID>
<cbc:IssueDate>${doc.issueDate}</cbc:IssueDate>
${!credit && doc.dueDate ? `<cbc:DueDate>${doc.dueDate}</cbc:DueDate>` : ''}
<cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${credit ? 381 : doc.selfBilled ? 389 : 380}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
${doc.note ? `<cbc:Note>${esc(doc.note)}</cbc:Note>` : ''}
${doc.paymentUrl ? `<cbc:Note>Pay by card: ${esc(doc.paymentUrl)}</cbc:Note>` : ''}
<cbc:DocumentCurrencyCode>${doc.currency}</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>${esc(doc.buyerReference)}</cbc:BuyerReference>
<cac:InvoicePeriod><cbc:StartDate>${doc.period.start}</cbc:StartDate><cbc:EndDate>${doc.period.end}</cbc:EndDate></cac:InvoicePeriod>
${doc.orderReference ? `<cac:OrderReference><cbc:ID>${esc(doc.orderReference)}</cbc:ID></cac:OrderReference>` : ''}
${doc.preceding ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(doc.preceding.number)}</cbc:ID><cbc:IssueDate>${doc.preceding.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>` : ''}
${party('AccountingSupplierParty', doc.seller, taxIds)}
${party('AccountingCustomerParty', doc.buyer, taxIds)}
${doc.paymentUrl ? `<cac:PaymentMeans><cbc:PaymentMeansCode name="Credit card">54</cbc:PaymentMeansCode><cbc:PaymentID>${esc(doc.number)}</cbc:PaymentID></cac:PaymentMeans>` : ''}
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
