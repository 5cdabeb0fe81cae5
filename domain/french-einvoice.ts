import type { DocumentNote, UblDocument } from './ubl';
import { FRANCHISE_MENTION } from './ubl';

/**
 * The mentions French law asks of every B2B invoice (Code de commerce L441-9/L441-10), as the French rules (FNFE-MPE
 * BR-FR-05) want them: one note each, with its UNTDID 4451 subject code.
 */
export const FRENCH_PAYMENT_NOTES: readonly DocumentNote[] = [
  {
    subjectCode: 'PMT',
    text: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce).',
  },
  {
    subjectCode: 'PMD',
    text: "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance.",
  },
  { subjectCode: 'AAB', text: 'Escompte pour paiement anticipé : néant.' },
];

/** France's billing frame (BT-23) for a plain invoice of services (cadre S1: the hub bills rides, a service). */
export const FRENCH_BILLING_FRAME_SERVICES = 'S1';

/** Whether France's e-invoicing rules govern this document: a French buyer (B2B inside France). */
export const underFrenchRules = (doc: Pick<UblDocument, 'buyer'>) => doc.buyer.country === 'FR';

/**
 * The document with what the French rules add to it (pure; the amounts and parties are untouched):
 * - to every document of a seller in franchise en base, the art. 293 B mention (a TXD note; its exempt buckets say it
 *   too, with VATEX-FR-FRANCHISE);
 * - to a French seller's documents, BT-8 "VAT on debits" (code 5) where the seller opted for it (décret 2022-1299);
 * - where the buyer is French: the PMT, PMD and AAB notes (BR-FR-05), the billing frame S1, services (BR-FR-08, the
 *   décret's "nature of the operations"), and with the buyer's SIREN the B2B treatment note (BAR, BR-FR-20) under
 *   which BR-FR-11 and BR-FR-21 check that SIREN and its 0225 address.
 * The SIRENs, SIRETs and electronic addresses themselves (BR-FR-10 to 13) come with the parties.
 */
export function withFrenchRules(doc: UblDocument, seller: { vatOnDebits?: boolean }): UblDocument {
  const notes = [...(doc.notes ?? [])];
  if (doc.seller.vatRegime === 'franchise') notes.push({ subjectCode: 'TXD', text: FRANCHISE_MENTION });
  const french = underFrenchRules(doc);
  if (french) notes.push(...FRENCH_PAYMENT_NOTES);
  if (french && doc.buyer.siren) notes.push({ subjectCode: 'BAR', text: 'B2B' });
  return {
    ...doc,
    ...(notes.length ? { notes } : {}),
    ...(french ? { businessProcess: FRENCH_BILLING_FRAME_SERVICES } : {}),
    ...(doc.seller.country === 'FR' && seller.vatOnDebits ? { vatDueOn: 'invoice' as const } : {}),
  };
}
