/** Who is calling: a partner's OAuth client or an integrator's API key. */
export interface Principal {
  kind: 'partner' | 'integrator' | 'anonymous';
  /** The credential that authenticated (client id or key id): rate limits and idempotency keys hang on it. */
  credentialId: string;
  /** Partner id or integrator account id. */
  ownerId: string;
  livemode: boolean;
  scopes: string[];
  rateLimitPerMinute: number;
  /** A partner's linked integrator account (`partners.account_id`): its new bookings belong to it. */
  accountId?: string | null;
}

declare module 'koa' {
  interface DefaultState {
    principal: Principal;
  }
}

export const ANONYMOUS: Principal = {
  kind: 'anonymous',
  credentialId: '',
  ownerId: '',
  livemode: false,
  scopes: [],
  rateLimitPerMinute: 0,
};
