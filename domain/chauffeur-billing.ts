/**
 * A chauffeur's billing identity: what a self-billed invoice says of its seller (EN 16931 BG-4), the chauffeur the
 * dispatch company pays. Pure rules; stored as versions in force from a date (db/self-billing.ts).
 */
import { validSiren, validSiret, type VatRegime } from './billing-details';

/** Spaces and dots people write in (`732 829 320`, `732.829.320.00074`) taken out. */
const compact = (value: string) => value.replace(/[\s.]/g, '');

/** One wrong field (the shape of a problem document's `errors` entry). */
export interface FieldProblem {
  param: string;
  code: string;
  detail: string;
}

export const VAT_REGIMES: readonly VatRegime[] = ['normal', 'franchise'];

export interface ChauffeurBillingIdentity {
  legal_name: string;
  address: string;
  city: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The legal unit (BT-30, scheme 0002); a French chauffeur's is required. */
  siren?: string | null;
  /** The establishment (BT-29, scheme 0009); its first nine digits are the SIREN. */
  siret?: string | null;
  /** The VAT number (BT-31): required under the normal regime. */
  vat_id?: string | null;
  /** The electronic address (BT-34) `scheme:identifier`; the French directory's (0225) SIREN when not given. */
  electronic_address?: string | null;
  vat_regime: VatRegime;
}

export const IDENTITY_FIELDS = [
  'legal_name',
  'address',
  'city',
  'postal_code',
  'country',
  'siren',
  'siret',
  'vat_id',
  'electronic_address',
  'vat_regime',
] as const;
const REQUIRED = ['legal_name', 'address', 'city', 'postal_code', 'country', 'vat_regime'] as const;

/**
 * The identity with its identifiers written compactly and the SIREN taken from the SIRET when only that was given, or
 * every field that is wrong (`param`, `code`, `detail`: the codes are listed in docs/errors.md under validation_failed).
 */
export function checkIdentity(input: Partial<ChauffeurBillingIdentity>): ChauffeurBillingIdentity | FieldProblem[] {
  const errors: FieldProblem[] = [];
  const fail = (param: string, code: string, detail: string) => errors.push({ param, code, detail });
  for (const f of REQUIRED) if (!input[f] || String(input[f]).trim() === '') fail(f, 'required', `${f} is required`);
  for (const f of ['legal_name', 'address', 'city', 'postal_code'] as const)
    if ((input[f]?.length ?? 0) > 200) fail(f, 'too_long', `${f} must be at most 200 characters`);
  const country = input.country?.toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) fail('country', 'country_invalid', 'country must be an ISO 3166-1 alpha-2 code such as FR');
  if (input.vat_regime && !VAT_REGIMES.includes(input.vat_regime))
    fail('vat_regime', 'vat_regime_invalid', `vat_regime must be one of ${VAT_REGIMES.join(', ')}`);
  const siret = input.siret ? compact(input.siret) : null;
  let siren = input.siren ? compact(input.siren) : null;
  if (siret && !validSiret(siret)) fail('siret', 'siret_invalid', 'siret must be 14 digits whose Luhn check holds (scheme 0009)');
  if (siren && !validSiren(siren)) fail('siren', 'siren_invalid', 'siren must be 9 digits whose Luhn check holds (scheme 0002)');
  if (siren && siret && validSiret(siret) && siret.slice(0, 9) !== siren)
    fail('siret', 'siret_siren_mismatch', `siret ${siret} is an establishment of SIREN ${siret.slice(0, 9)}, not ${siren}`);
  if (!siren && siret && validSiret(siret)) siren = siret.slice(0, 9);
  if (country === 'FR' && !siren && !siret) fail('siren', 'required', 'a French chauffeur needs a siren (or a siret)');
  const vatId = input.vat_id ? compact(input.vat_id).toUpperCase() : null;
  if (vatId && !/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vatId))
    fail('vat_id', 'vat_id_invalid', 'vat_id must be a VAT number such as FR40303265045');
  if (input.vat_regime === 'normal' && !vatId) fail('vat_id', 'required', 'the normal VAT regime needs the chauffeur’s vat_id');
  if (input.vat_regime === 'franchise' && country && country !== 'FR')
    fail('vat_regime', 'franchise_outside_france', 'the franchise en base (CGI art. 293 B) is a French regime: country must be FR');
  if (input.vat_regime === 'franchise' && vatId)
    fail('vat_id', 'franchise_with_vat_id', 'a chauffeur under the franchise en base charges no VAT: leave vat_id out');
  const address = input.electronic_address?.trim() || null;
  if (address && !/^\d{4}:[^\s:]{1,100}$/.test(address))
    fail('electronic_address', 'electronic_address_invalid', 'electronic_address must be scheme:identifier, e.g. 0225:732829320');
  if (!address && !siren && !siret)
    fail('electronic_address', 'required', 'an electronic_address is required when there is no siren to derive it from (0225:<siren>)');
  if (errors.length) return errors;
  return {
    legal_name: input.legal_name!.trim(),
    address: input.address!.trim(),
    city: input.city!.trim(),
    postal_code: input.postal_code!.trim(),
    country: country!,
    siren,
    siret,
    vat_id: vatId,
    electronic_address: address ?? `0225:${siren}`,
    vat_regime: input.vat_regime!,
  };
}

/** The self-billing mention (BT-22): French for a French chauffeur (CGI art. 289 I-2), English otherwise. */
export function selfBillingMention(country: string): string {
  return country === 'FR'
    ? 'Autofacturation'
    : 'Self-billing: invoice issued by the buyer in the name and on behalf of the seller, who accepted self-billing';
}
