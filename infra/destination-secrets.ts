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

/**
 * The secrets as a person reads them: the current one and, while a rotation's overlap lasts, the previous one with
 * the end of its overlap (the same two that sign deliveries now).
 */
export function revealSecrets(
  d: { id: string; secretEnc: string; previousSecretEnc?: string | null; previousSecretExpiresAt?: Date | null },
  key: Buffer | readonly Buffer[],
  now = new Date(),
): { current: string; previous: { secret: string; expiresAt: Date } | null } {
  const [current, previous] = signingSecrets(d, key, now);
  return { current: current!, previous: previous ? { secret: previous, expiresAt: d.previousSecretExpiresAt! } : null };
}

/** The secrets that sign now: the current one, then the previous one while its overlap lasts. */
export function signingSecrets(
  d: { id: string; secretEnc: string; previousSecretEnc?: string | null; previousSecretExpiresAt?: Date | null },
  key: Buffer | readonly Buffer[],
  now = new Date(),
) {
  return overlapSecrets(d, key, secretData(d.id), now);
}
