import type { MikroORM } from '@mikro-orm/postgresql';
import type { BillingDetails } from '../domain/billing-details';
import { ublParty } from './einvoice';
import { checkIdentity, IDENTITY_FIELDS, selfBillingMention, type ChauffeurBillingIdentity } from '../domain/chauffeur-billing';
import { withFrenchRules } from '../domain/french-einvoice';
import type { UblDocument, UblParty } from '../domain/ubl';
import { chauffeurIdentityAt, chauffeurIdentityVersions, ensureSelfBilledInvoice, recordChauffeurIdentity } from '../db/self-billing';
import type { SelfBilledInvoiceRow, IdentityVersion } from '../db/self-billing';
import { settlementWithLines } from '../db/settlements';
import { ProblemError } from './problems';

/** What a caller may give: every identity field, each optional (a change keeps the fields it does not give). */
export type IdentityInput = Partial<Record<(typeof IDENTITY_FIELDS)[number], string | null>>;

/**
 * Records a new version of a chauffeur's billing identity, in force from `validFrom` (now when not given; a past date
 * applies to settlements whose invoice is not issued yet: an issued one never changes). With `merge`, the fields not
 * given keep their value in force now. Refused with `422 validation_failed` listing every wrong field.
 */
export async function setChauffeurIdentity(
  orm: MikroORM,
  change: { driverId: string; input: IdentityInput; validFrom?: Date; setBy: string; merge?: boolean },
): Promise<IdentityVersion> {
  const current = change.merge ? await chauffeurIdentityAt(orm.em.fork(), change.driverId, new Date()) : null;
  const given = Object.fromEntries(Object.entries(change.input).filter(([, v]) => v !== undefined));
  const checked = checkIdentity({ ...(current?.identity ?? {}), ...given } as Partial<ChauffeurBillingIdentity>);
  if (Array.isArray(checked))
    throw new ProblemError('validation_failed', {
      detail: checked.map((e) => e.detail).join('; '),
      ...(checked.length === 1 ? { param: checked[0]!.param } : {}),
      errors: checked,
    });
  return recordChauffeurIdentity(orm, { driverId: change.driverId, identity: checked, validFrom: change.validFrom, setBy: change.setBy });
}

export { chauffeurIdentityVersions };

/** The chauffeur as the invoice's seller (BG-4): SIRET as BT-29, SIREN as BT-30 and, without a VAT number, BT-32. */
export function sellerParty(i: ChauffeurBillingIdentity): UblParty {
  const [scheme, id] = i.electronic_address!.split(':') as [string, string];
  return {
    legalName: i.legal_name,
    address: i.address,
    city: i.city,
    postalCode: i.postal_code,
    country: i.country,
    endpoint: { scheme, id },
    ...(i.vat_id ? { taxId: i.vat_id } : {}),
    ...(i.siret ? { siret: i.siret } : {}),
    ...(i.siren ? { siren: i.siren } : {}),
    ...(!i.vat_id && i.siren ? { taxRegistrationId: i.siren } : {}),
    vatRegime: i.vat_regime,
  };
}

const day = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);

/** The issued invoice as the EN 16931 document model both syntaxes (UBL, CII) render. */
export function selfBilledDocument(
  row: SelfBilledInvoiceRow,
  settlement: { number: string; starts_at: string; ends_at: string },
  buyer: UblParty,
): UblDocument {
  const lastDay = day(new Date(Date.parse(settlement.ends_at) - 1));
  // France's rules (its B2B mentions, the billing frame; the franchise's art. 293 B note) as on any invoice to the company.
  const document: UblDocument = {
    number: row.number,
    type: 'invoice',
    selfBilled: true,
    issueDate: day(row.issued_at),
    // Settled by the payout of the settlement: due when issued.
    dueDate: day(row.issued_at),
    currency: row.currency,
    period: { start: day(settlement.starts_at), end: lastDay },
    // BT-72: every ride the settlement pays was done by the period's last day.
    deliveryDate: lastDay,
    buyerReference: settlement.number,
    seller: sellerParty(row.seller),
    buyer,
    note: selfBillingMention(row.seller.country),
    buckets: row.tax_buckets.map((b) => ({
      category: b.category,
      ratePpm: b.rate_ppm,
      net: BigInt(b.net),
      tax: BigInt(b.tax),
    })),
    lines: row.lines.map((l) => ({
      description: l.description,
      ...(l.ref ? { note: `Booking ${l.ref}` } : {}),
      net: BigInt(l.net),
      category: l.category,
      ratePpm: l.rate_ppm,
    })),
    totals: {
      net: BigInt(row.net_minor),
      tax: BigInt(row.tax_minor),
      gross: BigInt(row.gross_minor),
      rounding: BigInt(row.rounding_minor),
    },
  };
  return withFrenchRules(document, {});
}

/**
 * A settlement's self-billed invoice with what it renders from, issued now if it was not yet (the cycle issues it with
 * the settlement when the chauffeur's identity is on file). `404 not_found` for no such settlement, `409
 * self_billing_identity_missing` while the chauffeur has no billing identity.
 */
export async function selfBilledInvoice(orm: MikroORM, number: string, livemode: boolean, company: BillingDetails) {
  const buyer = ublParty(company);
  if (Array.isArray(buyer))
    throw new ProblemError('conflict', { detail: `The company's billing configuration (INVOICE_SELLER) lacks ${buyer.join(', ')}.` });
  const outcome = await ensureSelfBilledInvoice(orm, number, livemode, company);
  const found = outcome && (await settlementWithLines(orm, number, livemode));
  if (!outcome || !found) throw new ProblemError('not_found', { detail: `No settlement ${number}.`, param: 'number' });
  if ('missing' in outcome)
    throw new ProblemError('self_billing_identity_missing', {
      detail: `Chauffeur ${found.settlement.driver_id} has no billing identity on file: record it (PUT /driver/v1/billing-identity or hub fleet billing set) and ask again.`,
    });
  const invoice = outcome.issued;
  return {
    invoice,
    settlement: found.settlement,
    document: selfBilledDocument(invoice, found.settlement, ublParty(invoice.buyer) as UblParty),
  };
}
