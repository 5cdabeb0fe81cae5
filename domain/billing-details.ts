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
}

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

/** The party's Peppol electronic address: its own `peppol_id`, else its VAT number under its country's scheme. */
export function electronicAddress(d: BillingDetails): { scheme: string; id: string } | null {
  if (d.peppol_id) {
    const [scheme, id] = d.peppol_id.split(':');
    return { scheme, id };
  }
  const scheme = d.country && VAT_SCHEMES[d.country];
  return scheme && d.tax_id ? { scheme, id: d.tax_id } : null;
}
