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
}

export const BILLING_FIELDS = ['legal_name', 'address', 'city', 'postal_code', 'country', 'tax_id', 'email', 'terms_days'] as const;
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
  if (value.length > 200) return `${field} must be at most 200 characters`;
  return null;
}
