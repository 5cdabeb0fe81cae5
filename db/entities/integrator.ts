import { EntitySchema } from '@mikro-orm/core';
import type { BillingDetails } from '../../domain/billing-details';
import type { Environment } from '../../domain/environment';
import { TestOrLiveColumn } from './environment-column';

/** `corporate`: a client company's portal or ERP, its own bookings only. `operator`: the dispatch company's own systems, every account's. */
export const ACCOUNT_KINDS = ['corporate', 'operator'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export interface IntegratorAccount {
  id: string;
  name: string;
  kind: AccountKind;
  /** What invoices say of the account as buyer (domain/billing-details.ts). */
  billing: BillingDetails;
  /** The scopes ops grant the account (`hub accounts update --scope-ceiling`): no key or console login of it holds more. */
  scopeCeiling: string[];
  createdAt: Date;
}

export interface ApiKey {
  /** The lookup id embedded in the key itself (not secret). */
  id: string;
  accountId: string;
  environment: Environment;
  label: string;
  scopes: string[];
  ratePerMinute: number;
  /** HMAC-SHA256 of the secret part under HUB_HASH_PEPPER; the key itself is never stored. */
  secretHash: string;
  last4: string;
  createdAt: Date;
  lastUsedAt?: Date | null;
  revokedAt?: Date | null;
  /** When the key stops working (set on creation, or by a roll's overlap); null: never. */
  expiresAt?: Date | null;
  /** The key that made this one through the API (itself or through a console login it opened): it dies with that key. */
  createdByApiKeyId?: string | null;
  /** The console login this key was made through, if any (an audit id: logins are purged a day after they end). */
  createdByConsoleLoginId?: string | null;
  /** The key this one replaced by a roll. */
  rolledFromApiKeyId?: string | null;
  /** A demo key of `npm start`'s seed: read scopes only, never revoked through the API (docs/console.md). */
  demo?: boolean;
}

export const IntegratorAccountSchema = new EntitySchema<IntegratorAccount>({
  name: 'IntegratorAccount',
  tableName: 'integrator_accounts',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    kind: { type: 'string', default: 'corporate' },
    billing: { type: 'json', default: '{}' },
    scopeCeiling: { type: 'string[]' },
    createdAt: { type: 'datetime' },
  },
});

export const ApiKeySchema = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    environment: { type: TestOrLiveColumn },
    label: { type: 'string' },
    scopes: { type: 'string[]' },
    ratePerMinute: { type: 'integer' },
    secretHash: { type: 'string' },
    last4: { type: 'string' },
    createdAt: { type: 'datetime' },
    lastUsedAt: { type: 'datetime', nullable: true },
    revokedAt: { type: 'datetime', nullable: true },
    expiresAt: { type: 'datetime', nullable: true },
    createdByApiKeyId: { type: 'string', nullable: true },
    createdByConsoleLoginId: { type: 'string', nullable: true },
    rolledFromApiKeyId: { type: 'string', nullable: true },
    demo: { type: 'boolean', default: false },
  },
});
