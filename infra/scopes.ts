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
  'invoices.read',
  'payments.read',
  'payouts.write',
  'fleet.read',
  'tracking.read',
  'webhooks.manage',
] as const;
