/**
 * Chauffeurs' bank accounts: how an IBAN is shown (masked) and the test account a sandbox driver is paid into.
 * Validation of what a person types (ISO 13616 country lengths and mod-97) is `ibantools`' job, in app/bank-accounts.ts.
 */

/** `DE89370400440532013000` → `DE89 **** **** **** **30 00`: country and check digits, the last four, in groups of four. */
export function maskIban(iban: string): string {
  const chars = iban.replace(/\s+/g, '').toUpperCase().split('');
  const masked = chars.map((c, i) => (i < 4 || i >= chars.length - 4 ? c : '*')).join('');
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 mod 97-10 of an IBAN's rearranged digits (letters as 10…35), computed in pieces. */
function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

const letterDigits = (s: string) => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** The IBAN of a country and BBAN with its check digits computed (ISO 13616). */
export function ibanOf(country: string, bban: string): string {
  const check = 98 - mod97(letterDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/**
 * The test account a sandbox driver (`sandbox:<licence>`) is paid into when none is stored: a valid German IBAN whose
 * account number derives from the driver id (FNV-1a), so the same driver always has the same one.
 */
export function sandboxTestIban(driverId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < driverId.length; i++) hash = Math.imul(hash ^ driverId.charCodeAt(i), 0x01000193) >>> 0;
  return ibanOf('DE', `37040044${String(hash).padStart(10, '0')}`);
}

export const isSandboxDriver = (driverId: string) => driverId.startsWith('sandbox:');
