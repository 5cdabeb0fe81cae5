import { randomBytes } from 'node:crypto';
import { encryptSecret, overlapSecrets } from './secrets';

/** A public webhook destination's signing secrets: made, stored encrypted (bound to the destination), and read to sign. */
const secretData = (destinationId: string) => `webhook-destination:${destinationId}`;

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function encryptDestinationSecret(secret: string, destinationId: string, key: Buffer): string {
  return encryptSecret(secret, key, secretData(destinationId));
}

/** The secrets that sign now: the current one, then the previous one while its overlap lasts. */
export function signingSecrets(
  d: { id: string; secretEnc: string; previousSecretEnc?: string | null; previousSecretExpiresAt?: Date | null },
  key: Buffer | readonly Buffer[],
  now = new Date(),
) {
  return overlapSecrets(d, key, secretData(d.id), now);
}
