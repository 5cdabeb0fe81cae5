import type { AccountKind } from '../../db/entities';
import type { CommissionTerm } from '../../domain/partner-commission';

/** Who is calling: a partner's OAuth client, an integrator's API key or a fleet unit's driver app. */
export interface Principal {
  kind: 'partner' | 'integrator' | 'driver' | 'anonymous';
  /** The credential that authenticated (client id or key id): rate limits and idempotency keys hang on it. */
  credentialId: string;
  /** Partner id, integrator account id or fleet unit id. */
  ownerId: string;
  livemode: boolean;
  scopes: string[];
  rateLimitPerMinute: number;
  /** A partner's linked integrator account (`partners.account_id`): its new bookings belong to it. */
  accountId?: string | null;
  /** An integrator's account kind: `operator` reads every account's bookings, `corporate` only its own. */
  accountKind?: AccountKind;
  /** A web console login standing in for a key (api/auth/console-session.ts): its id, the key that asked for it, its end. */
  console?: { sessionId: string; apiKeyId: string | null; expiresAt: Date };
  /** A partner's contractual commission terms. */
  commission?: CommissionTerm[];
}

declare module 'koa' {
  interface DefaultState {
    principal: Principal;
    /** The caller once its key or login checked out, even when its scope then falls short (the request log keeps a 403 too). */
    identified?: Principal;
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
