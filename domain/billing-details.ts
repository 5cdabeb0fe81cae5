/** What an invoice needs to know of the billed account (EN 16931's buyer), kept on the account. */
export interface BillingDetails {
  legal_name?: string;
  address?: string;
  city?: string;
  postal_code?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** VAT or other tax id. */
  tax_id?: string;
  email?: string;
  /** Days from issue to due date (default 30). */
  terms_days?: number;
  /** The Peppol electronic address `scheme:identifier` (e.g. `0088:5790000436101`); derived from `tax_id` when absent. */
  peppol_id?: string;
  /** Whether invoice lines name each ride's passenger (off by default: a name is personal data). */
  invoice_passengers?: boolean;
  /** French SIREN (9 digits, Luhn): the legal registration (BT-30/BT-47, scheme 0002). */
  siren?: string;
  /** French SIRET (14 digits, Luhn; La Poste's by its own rule): the establishment (BT-29/BT-46, scheme 0009). */
  siret?: string;
  /** `franchise`: franchise en base (art. 293 B du CGI), no VAT charged; `normal` when absent. */
  vat_regime?: VatRegime;
  /** The seller opted to pay VAT on debits (décret 2022-1299): VAT falls due on the invoice date (BT-8 code 5). */
  vat_on_debits?: boolean;
}

export type VatRegime = 'normal' | 'franchise';

export const BILLING_FIELDS = [
  'legal_name',
  'address',
  'city',
  'postal_code',
  'country',
  'tax_id',
  'email',
  'terms_days',
  'peppol_id',
  'invoice_passengers',
  'siren',
  'siret',
  'vat_regime',
] as const;
/** What a live invoice cannot be issued without. */
export const REQUIRED_BILLING_FIELDS = ['legal_name', 'address', 'city', 'postal_code', 'country', 'email'] as const;
export const DEFAULT_TERMS_DAYS = 30;

/** The required fields still missing; empty when a live invoice can be issued. */
export function missingBillingDetails(d: BillingDetails): string[] {
  return REQUIRED_BILLING_FIELDS.filter((f) => !d[f]);
}

/** A problem with one field's value, or null. */
export function billingFieldProblem(field: (typeof BILLING_FIELDS)[number], value: string): string | null {
  if (field === 'country' && !/^[A-Z]{2}$/.test(value)) return 'country must be an ISO 3166-1 alpha-2 code such as FR';
  if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'email must be an email address';
  if (field === 'terms_days' && !(/^\d{1,3}$/.test(value) && Number(value) <= 120))
    return 'terms-days must be a whole number of days from 0 to 120';
  if (field === 'peppol_id' && !/^\d{4}:[^\s:]{1,100}$/.test(value)) return 'peppol-id must be scheme:identifier, e.g. 0088:5790000436101';
  if (field === 'peppol_id' && value.startsWith('0225:') && !validFrenchAddress(value.slice(5)))
    return 'peppol-id of scheme 0225 (France) must be a valid SIREN, optionally followed by _ and a suffix (e.g. 0225:732829320 or 0225:732829320_73282932000074)';
  if (field === 'siren' && !validSiren(value))
    return 'siren must be the 9 digits of a SIREN (its Luhn check digit fails or it is not 9 digits)';
  if (field === 'siret' && !validSiret(value))
    return 'siret must be the 14 digits of a SIRET (its Luhn check digit fails or it is not 14 digits)';
  if (field === 'vat_regime' && !['normal', 'franchise'].includes(value)) return 'vat-regime must be normal or franchise';
  if (field === 'invoice_passengers' && !['yes', 'no'].includes(value)) return 'invoice-passengers must be yes or no';
  if (value.length > 200) return `${field} must be at most 200 characters`;
  return null;
}

/** Peppol's electronic-address scheme (EAS) of each country's VAT number. */
const VAT_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9915',
  BE: '9925',
  CH: '9927',
  DE: '9930',
  ES: '9920',
  FR: '9957',
  GB: '9932',
  IT: '0211',
  NL: '9944',
  US: '9959',
  AE: '0235',
};

/**
 * The party's electronic address (BT-34/BT-49): its own `peppol_id`, else for a French party with a SIREN the French
 * directory's address (scheme 0225, the SIREN), else its VAT number under its country's scheme.
 */
export function electronicAddress(d: BillingDetails): { scheme: string; id: string } | null {
  if (d.peppol_id) {
    const [scheme, id] = d.peppol_id.split(':');
    return { scheme, id };
  }
  const siren = sirenOf(d);
  if (d.country === 'FR' && siren) return { scheme: '0225', id: siren };
  const scheme = d.country && VAT_SCHEMES[d.country];
  return scheme && d.tax_id ? { scheme, id: d.tax_id } : null;
}

/** The Luhn check (ISO/IEC 7812) French SIREN and SIRET numbers carry. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its establishments' SIRETs need not pass Luhn; INSEE's rule for them is a digit sum divisible by 5. */
const LA_POSTE = '356000000';

export const validSiren = (v: string) => /^\d{9}$/.test(v) && luhn(v);

export function validSiret(v: string): boolean {
  if (!/^\d{14}$/.test(v)) return false;
  return luhn(v) || (v.startsWith(LA_POSTE) && [...v].reduce((sum, d) => sum + Number(d), 0) % 5 === 0);
}

/** A French electronic address (scheme 0225): a SIREN, then optionally `_` and a suffix (SIRET, routing code). */
const validFrenchAddress = (id: string) => /^\d{9}(_[A-Za-z0-9._-]{1,116})?$/.test(id) && validSiren(id.slice(0, 9));

/** What is inconsistent between fields (checked on the details as they will be stored), e.g. a SIRET of another SIREN. */
export function billingDetailsProblems(d: BillingDetails): string[] {
  const problems: string[] = [];
  if (d.siret && d.siren && !d.siret.startsWith(d.siren)) problems.push(`siret ${d.siret} is not an establishment of siren ${d.siren}`);
  const address = electronicAddress(d);
  if (address?.scheme === '0225' && d.siren && !address.id.startsWith(d.siren))
    problems.push(`peppol-id ${address.scheme}:${address.id} does not start with siren ${d.siren} (BR-FR-21/22)`);
  if ((d.siren || d.siret) && d.country && d.country !== 'FR') problems.push('siren and siret are French identifiers: country must be FR');
  return problems;
}

/** The SIREN of a French party: its own, else its SIRET's first nine digits. */
export const sirenOf = (d: BillingDetails) => d.siren ?? d.siret?.slice(0, 9);

/**
 * What is wrong with the seller's configuration (INVOICE_SELLER): a required field missing (a VAT id and an electronic
 * address too), a value refused as on an account, fields that contradict each other, or a French seller without the
 * SIREN every French invoice states (BR-FR-10).
 */
export function sellerProblems(seller: BillingDetails): string[] {
  const missing = [
    ...missingBillingDetails(seller),
    ...(seller.tax_id ? [] : ['tax_id']),
    ...(electronicAddress(seller) ? [] : ['peppol_id']),
    ...(seller.country === 'FR' && !sirenOf(seller) ? ['siren (a French seller: BR-FR-10)'] : []),
  ];
  const values = (['country', 'peppol_id', 'siren', 'siret', 'vat_regime'] as const).flatMap((field) => {
    const value = seller[field];
    const problem = value === undefined ? null : billingFieldProblem(field, String(value));
    return problem ? [problem] : [];
  });
  const flags =
    seller.vat_on_debits === undefined || typeof seller.vat_on_debits === 'boolean' ? [] : ['vat_on_debits must be true or false'];
  return [...(missing.length ? [`the seller needs ${missing.join(', ')}`] : []), ...values, ...flags, ...billingDetailsProblems(seller)];
}
