import type { SepaBatch, SepaParty } from './sepa';

/**
 * Chauffeurs' bank accounts: how an IBAN is shown (masked), and the accounts a sandbox payout file names instead of real ones.
 * Validation of what a person types (ISO 13616 country lengths and mod-97) is `ibantools`' job, in app/bank-accounts.ts.
 */

/** The shortest IBAN of any country (Norway's): a shorter value is malformed, and shows nothing but its country. */
const SHORTEST_IBAN = 15;

/**
 * `DE89370400440532013000` → `DE** **** **** **** **30 00`: the country and the last four characters, the check digits
 * and the rest of the account masked, in groups of four (its length kept). A value shorter than any IBAN keeps only its
 * country, so no more than four characters of an account ever show. Masking a masked IBAN gives it back unchanged, so
 * masks stored in an older form are shown in this one.
 */
export function maskIban(iban: string): string {
  const chars = iban.replace(/\s+/g, '').toUpperCase().split('');
  const country = /^[A-Z]{2}/.test(chars.join('')) ? 2 : 0;
  const tail = chars.length >= SHORTEST_IBAN ? 4 : 0;
  const masked = chars.map((c, i) => (i < country || i >= chars.length - tail ? c : '*')).join('');
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
 * Sandbox payout files are rehearsals no bank can execute (docs/finance.md, "Sandbox payout files"). Every IBAN in one
 * is in the **sandbox range**: check digits `00`, which ISO 13616 never gives (a real IBAN's are 02–98, so these fail
 * mod-97 by construction), at the German bank code `00000000`, which no bank has. Such an IBAN still matches the
 * pain.001 schema's pattern, so the file stays schema-valid.
 */
const SANDBOX_CHECK_DIGITS = '00';
const SANDBOX_BANK_CODE = '00000000';

/** Whether an IBAN is in the sandbox range (check digits `00`: no bank account has them). */
export const isSandboxIban = (iban: string): boolean => /^[A-Z]{2}00/.test(iban.replace(/\s+/g, '').toUpperCase());

/**
 * The account a sandbox file pays a chauffeur into, whatever account they stored: `DE00 0000 0000 …` in the sandbox
 * range, the account number derived from the driver id (FNV-1a), so the same driver always has the same one.
 */
export function sandboxTestIban(driverId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < driverId.length; i++) hash = Math.imul(hash ^ driverId.charCodeAt(i), 0x01000193) >>> 0;
  return `DE${SANDBOX_CHECK_DIGITS}${SANDBOX_BANK_CODE}${String(hash).padStart(10, '0')}`;
}

/** The account every sandbox file is drawn on, never the company's: the sandbox range's zero account, no bank named. */
export const SANDBOX_DEBTOR: SepaParty = {
  name: 'SANDBOX TEST FILE - NOT A PAYMENT ORDER',
  iban: `DE${SANDBOX_CHECK_DIGITS}${SANDBOX_BANK_CODE}0000000000`,
  bic: null,
  address: null,
};

/**
 * Why a payout file may not be written for its environment, or null. A sandbox file is drawn on SANDBOX_DEBTOR and
 * names only sandbox-range IBANs and no bank (BIC); a live file names no sandbox-range IBAN. So a sandbox file never
 * carries the company's account or a chauffeur's real one, and a live file never pays a made-up account.
 */
export function payoutFileEnvironmentProblem(batch: SepaBatch, livemode: boolean): string | null {
  const parties = [batch.debtor, ...batch.transfers.map((t) => t.creditor)];
  if (livemode) {
    const fake = parties.find((p) => isSandboxIban(p.iban));
    return fake ? `a live payout file names the sandbox account ${maskIban(fake.iban)}` : null;
  }
  if (batch.debtor.iban !== SANDBOX_DEBTOR.iban) return `a sandbox payout file must be drawn on ${maskIban(SANDBOX_DEBTOR.iban)}`;
  const real = parties.find((p) => !isSandboxIban(p.iban));
  if (real) return `a sandbox payout file names the account ${maskIban(real.iban)}, outside the sandbox range`;
  return parties.some((p) => p.bic) ? 'a sandbox payout file names no bank (BIC)' : null;
}

export const isSandboxDriver = (driverId: string) => driverId.startsWith('sandbox:');
