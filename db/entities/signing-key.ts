import { EntitySchema } from '@mikro-orm/core';

/** A JWT signing key pair; the newest unretired key signs, every key not yet past `expiresAt` verifies. */
export interface SigningKey {
  kid: string;
  algorithm: string;
  privateKeyEnc: string;
  publicJwk: Record<string, unknown>;
  createdAt: Date;
  retiredAt?: Date | null;
}

export const SigningKeySchema = new EntitySchema<SigningKey>({
  name: 'SigningKey',
  tableName: 'signing_keys',
  properties: {
    kid: { type: 'string', primary: true },
    algorithm: { type: 'string' },
    privateKeyEnc: { type: 'text' },
    publicJwk: { type: 'json' },
    createdAt: { type: 'datetime' },
    retiredAt: { type: 'datetime', nullable: true },
  },
});
