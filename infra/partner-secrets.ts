import { decryptSecret } from './secrets';

/** The secrets that sign a partner endpoint's deliveries now: the current one, then the previous one while its overlap lasts. */
export function partnerSigningSecrets(
  endpoint: { secretEnc: string; previousSecretEnc?: string | null; previousSecretExpiresAt?: Date | null },
  key: Buffer | readonly Buffer[],
  now = new Date(),
): string[] {
  const secrets = [decryptSecret(endpoint.secretEnc, key)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretEnc, key));
  }
  return secrets;
}
