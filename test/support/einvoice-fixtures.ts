import { documentTotals } from '../../domain/invoice-math';
import type { UblDocument, UblLine, UblParty } from '../../domain/ubl';

/** A French seller (the hub's company) and buyers, with SIREN/SIRET and their 0225 electronic addresses. */
export const frenchSeller: UblParty = {
  legalName: 'Dispatch Hub SAS',
  address: '10 rue de Rivoli',
  city: 'Paris',
  postalCode: '75001',
  country: 'FR',
  taxId: 'FR40303265045',
  endpoint: { scheme: '0225', id: '303265045' },
  siren: '303265045',
  siret: '30326504500011',
};
export const frenchBuyer: UblParty = {
  legalName: 'Voyages Lumière SA',
  address: '8 avenue Foch',
  city: 'Paris',
  postalCode: '75016',
  country: 'FR',
  taxId: 'FR82542065479',
  endpoint: { scheme: '0225', id: '542065479' },
  siren: '542065479',
  siret: '54206547900017',
};
export const germanBuyer: UblParty = {
  legalName: 'Acme Travel GmbH',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  taxId: 'DE123456789',
  endpoint: { scheme: '9930', id: 'DE123456789' },
};

export const rideLine = (
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

/** A document of these lines with its totals computed as the hub computes them. */
export function einvoiceDocument(currency: string, lines: UblLine[], extra: Partial<UblDocument> = {}): UblDocument {
  const totals = documentTotals(lines);
  return {
    number: 'INV-2026-000042',
    type: 'invoice',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency,
    period: { start: '2026-10-01', end: '2026-10-31' },
    deliveryDate: '2026-10-31',
    buyerReference: 'acct_01jd2k3m4n5p6q7r8s9t0v1w2x',
    seller: frenchSeller,
    buyer: germanBuyer,
    buckets: totals.buckets,
    lines,
    totals,
    ...extra,
  };
}
