import { EntitySchema } from '@mikro-orm/core';

export type PartnerEnvironment = 'sandbox' | 'live';

export interface Partner {
  id: string;
  name: string;
  webhookUrl?: string | null;
  /** Encrypted with HUB_ENCRYPTION_KEY: it must be recoverable to sign deliveries. */
  webhookSecretEnc: string;
  rateLimitPerMinute?: number | null;
  ipAllowlist: string[];
  /** The integrator account that sees this partner's bookings (and their public events), if any. */
  accountId?: string | null;
  createdAt: Date;
}

export interface OAuthClient {
  id: string;
  partnerId: string;
  environment: PartnerEnvironment;
  secretHash: string;
  createdAt: Date;
  rotatedAt?: Date | null;
  revokedAt?: Date | null;
}

export const PartnerSchema = new EntitySchema<Partner>({
  name: 'Partner',
  tableName: 'partners',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    webhookUrl: { type: 'string', nullable: true },
    webhookSecretEnc: { type: 'string' },
    rateLimitPerMinute: { type: 'integer', nullable: true },
    ipAllowlist: { type: 'string[]' },
    accountId: { type: 'string', nullable: true },
    createdAt: { type: 'datetime' },
  },
});

export const OAuthClientSchema = new EntitySchema<OAuthClient>({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: {
    id: { type: 'string', primary: true },
    partnerId: { type: 'string' },
    environment: { type: 'string' },
    secretHash: { type: 'string' },
    createdAt: { type: 'datetime' },
    rotatedAt: { type: 'datetime', nullable: true },
    revokedAt: { type: 'datetime', nullable: true },
  },
});
