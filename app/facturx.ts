import type { BillingDetails } from '../domain/billing-details';
import { ciiXml } from '../domain/cii';
import type { FacturXContent } from '../domain/facturx';
import { einvoiceModel, type StoredDocument, type StoredLine } from './einvoice';

/**
 * What turns a document's PDF into a Factur-X (EN 16931 profile): its CII and notes, for a buyer billed in France;
 * null for any other buyer, whose PDF stays as it was, and for a document whose details lacked what an e-invoice
 * needs when it was issued (its PDF is then the plain one, as its `/einvoice` answers 409).
 */
export function facturXOf(
  doc: StoredDocument,
  lines: StoredLine[],
  seller: BillingDetails,
  paymentUrl: string | null = null,
): FacturXContent | null {
  if (doc.billing_details.country !== 'FR') return null;
  const model = einvoiceModel(doc, lines, seller, paymentUrl);
  if ('missing' in model) return null;
  return { xml: ciiXml(model.document), notes: model.document.notes ?? [] };
}
