/** Scopes a partner's OAuth client may ask for; a token without `scope` gets all of them. */
export const PARTNER_SCOPES = ['bookings.read', 'bookings.write', 'quotes.read', 'tracking.read', 'webhooks.manage'] as const;

/** The entries of `requested` that are not in `known`. */
export function unknownScopes(requested: readonly string[], known: readonly string[]): string[] {
  return requested.filter((s) => !known.includes(s));
}

/** Scopes of integrator API keys (Public Integration API). */
export const API_KEY_SCOPES = [
  'bookings.read',
  'bookings.write',
  /** See the passenger (name, masked phone) of bookings and search by passenger name; every such read is recorded. */
  'passengers.read',
  'invoices.read',
  'payments.read',
  /** Download payout files (creditor IBANs in clear) and read bank-account change events; `payments.read` does not suffice. */
  'payouts.read',
  'payouts.write',
  'fleet.read',
  'tracking.read',
  'webhooks.manage',
  /** Manage the account's API keys (`/api/public/v1/api-keys`). */
  'keys.manage',
  /** Ask for a one-time sign-in link to the web console (`POST /api/public/v1/console-links`). */
  'console.open',
] as const;

/** The scopes a demo key may hold: reading only (a database constraint holds the same list). */
export const DEMO_KEY_SCOPES = ['bookings.read', 'invoices.read', 'payments.read', 'fleet.read', 'tracking.read'] as const;

/**
 * The scope ceiling a new account gets (`hub accounts create`, narrowed or widened with `hub accounts update
 * --scope-ceiling`): an operator account every scope; a corporate one every scope but `passengers.read`, which ops grant
 * explicitly (passenger names and phones: docs/security.md). Operator-only operations still refuse a corporate key.
 */
export const OPERATOR_DEFAULT_SCOPE_CEILING: readonly string[] = API_KEY_SCOPES;
export const CORPORATE_DEFAULT_SCOPE_CEILING: readonly string[] = API_KEY_SCOPES.filter((s) => s !== 'passengers.read');
