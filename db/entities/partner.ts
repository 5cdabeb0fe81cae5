import { EntitySchema } from '@mikro-orm/core';
import type { Environment } from '../../domain/environment';

export interface Partner {
  id: string;
  name: string;
  rateLimitPerMinute?: number | null;
  ipAllowlist: string[];
  /** The integrator account that sees this partner's bookings (and their public events), if any. */
  accountId?: string | null;
  createdAt: Date;
}

/** Where a partner's events of one environment go, and the secrets that sign them. */
export interface PartnerWebhookEndpoint {
  partnerId: string;
  environment: Environment;
  url?: string | null;
  /** Encrypted with HUB_ENCRYPTION_KEY: it must be recoverable to sign deliveries. */
  secretEnc: string;
  /** The secret before the last rotation, still signing beside the new one until `previousSecretExpiresAt`. */
  previousSecretEnc?: string | null;
  previousSecretExpiresAt?: Date | null;
  /** The Idempotency-Key of the last rotation: its retry answers the same secret instead of rotating again. */
  rotationKey?: string | null;
  updatedAt: Date;
}

export const PartnerWebhookEndpointSchema = new EntitySchema<PartnerWebhookEndpoint>({
  name: 'PartnerWebhookEndpoint',
  tableName: 'partner_webhook_endpoints',
  properties: {
    partnerId: { type: 'string', primary: true },
    environment: { type: 'string', primary: true },
    url: { type: 'string', nullable: true },
    secretEnc: { type: 'string' },
    previousSecretEnc: { type: 'string', nullable: true },
    previousSecretExpiresAt: { type: 'datetime', nullable: true },
    rotationKey: { type: 'string', nullable: true },
    updatedAt: { type: 'datetime' },
  },
});

export interface OAuthClient {
  id: string;
  partnerId: string;
  environment: Environment;
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
