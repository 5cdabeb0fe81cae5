import { electronicAddress, missingBillingDetails, sirenOf, type BillingDetails } from '../domain/billing-details';
import { ciiXml } from '../domain/cii';
import { withFrenchRules } from '../domain/french-einvoice';
import type { TaxCategory } from '../domain/tax-rules';
import { commonReference, lineName, rideNote, rideSummary, type LineRide } from '../domain/invoice-lines';
import { ublXml, type UblDocument, type UblParty } from '../domain/ubl';

/** An issued document as stored (db/finance.ts), with its buyer's details as they stood at issue. */
export interface StoredDocument {
  number: string;
  type: 'invoice' | 'credit_note';
  issued_at: string;
  due_at: string | null;
  currency: string;
  starts_at: string;
  ends_at: string;
  party_id: string;
  net_minor: string;
  tax_minor: string;
  gross_minor: string;
  /** BT-114 (absent or 0 on documents issued before it existed). */
  rounding_minor?: string;
  amount_due_minor?: string;
  tax_buckets: { category: TaxCategory; rate_ppm: number; net: string; tax: string }[];
  billing_details: BillingDetails & { name?: string | null };
  /** The seller as it stood at issue (null on documents issued before it was kept, and by processes without one). */
  seller_details?: BillingDetails | null;
  credits: string | null;
  credits_issued_at?: string | null;
}

export interface StoredLine {
  kind: string;
  booking_ref: string | null;
  /** The ride the line bills, as frozen at issue (null on lines issued before, and on refunds). */
  ride: LineRide | null;
  description: string;
  net_minor: string;
  category: TaxCategory;
  rate_ppm: number;
}

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** A party of the document from its billing details, or what they lack for one. */
export function ublParty(d: BillingDetails): UblParty | string[] {
  const endpoint = electronicAddress(d);
  const missing = [...missingBillingDetails(d), ...(endpoint ? [] : ['peppol_id (or a tax_id of a country with a Peppol VAT scheme)'])];
  if (missing.length || !endpoint) return missing;
  return {
    legalName: d.legal_name!,
    address: d.address!,
    city: d.city!,
    postalCode: d.postal_code!,
    country: d.country!,
    taxId: d.tax_id,
    endpoint,
    ...(sirenOf(d) ? { siren: sirenOf(d) } : {}),
    ...(d.siret ? { siret: d.siret } : {}),
    ...(d.vat_regime ? { vatRegime: d.vat_regime } : {}),
  };
}

/** The e-invoice syntaxes the hub writes: UBL 2.1 (Peppol BIS Billing 3.0) and UN/CEFACT CII D16B, both EN 16931. */
export type EinvoiceSyntax = 'ubl' | 'cii';

/**
 * The document as an EN 16931 e-invoice in either syntax (UBL by default), or what its buyer's details lack for one.
 * The French rules apply where they govern (domain/french-einvoice.ts).
 */
export function einvoiceOf(
  doc: StoredDocument,
  lines: StoredLine[],
  seller: BillingDetails,
  paymentUrl: string | null = null,
  syntax: EinvoiceSyntax = 'ubl',
): { xml: string } | { missing: string[] } {
  const model = einvoiceModel(doc, lines, seller, paymentUrl);
  if ('missing' in model) return model;
  return { xml: syntax === 'cii' ? ciiXml(model.document) : ublXml(model.document) };
}

/** The document's seller: as kept at issue, else the configured one (`INVOICE_SELLER`). */
export const documentSeller = (doc: Pick<StoredDocument, 'seller_details'>, configured: BillingDetails) => doc.seller_details ?? configured;

/**
 * The document in the e-invoice model both syntaxes write, or what its buyer's (or the seller's) details lack. The
 * seller is the one the document kept at issue; `seller` (INVOICE_SELLER) only for documents that kept none.
 */
export function einvoiceModel(
  doc: StoredDocument,
  lines: StoredLine[],
  seller: BillingDetails,
  paymentUrl: string | null = null,
): { document: UblDocument } | { missing: string[] } {
  const buyer = ublParty(doc.billing_details);
  const kept = documentSeller(doc, seller);
  const from = ublParty(kept);
  if (Array.isArray(buyer)) return { missing: buyer };
  if (Array.isArray(from)) return { missing: from.map((m) => `seller ${m}`) };
  // The period's end is exclusive; the document names its last day.
  const lastDay = day(new Date(Date.parse(doc.ends_at) - 1).toISOString());
  const document: UblDocument = {
    number: doc.number,
    type: doc.type,
    issueDate: day(doc.issued_at),
    dueDate: doc.due_at ? day(doc.due_at) : undefined,
    currency: doc.currency,
    period: { start: day(doc.starts_at), end: lastDay },
    // Every ride the document bills was done by the period's last day.
    deliveryDate: lastDay,
    buyerReference: doc.party_id,
    preceding: doc.credits ? { number: doc.credits, issueDate: day(doc.credits_issued_at ?? doc.issued_at) } : undefined,
    seller: from,
    buyer,
    buckets: doc.tax_buckets.map((b) => ({ category: b.category, ratePpm: b.rate_ppm, net: BigInt(b.net), tax: BigInt(b.tax) })),
    orderReference: commonReference(lines.map((l) => l.ride)) ?? undefined,
    lines: lines.map((l) => {
      const note = l.ride && rideNote(l.ride);
      return {
        // A line that states its ride names its item by kind and booking; the ride is its description.
        description: l.ride && l.booking_ref ? lineName(l.kind, l.booking_ref) : l.description,
        ...(l.ride ? { itemDescription: rideSummary(l.ride) } : {}),
        ...(note ? { note } : {}),
        ...(l.ride?.customer_reference ? { accountingCost: l.ride.customer_reference } : {}),
        net: BigInt(l.net_minor),
        category: l.category,
        ratePpm: l.rate_ppm,
      };
    }),
    totals: {
      net: BigInt(doc.net_minor),
      tax: BigInt(doc.tax_minor),
      gross: BigInt(doc.gross_minor),
      rounding: BigInt(doc.rounding_minor ?? 0),
    },
    ...(paymentUrl ? { paymentUrl } : {}),
  };
  return { document: withFrenchRules(document, { vatOnDebits: kept.vat_on_debits }) };
}
