/**
 * French company identifiers: the SIREN (9 digits, the legal unit; ISO 6523 scheme 0002) and the SIRET (14 digits, an
 * establishment: its SIREN and a 5-digit NIC; scheme 0009). Both end in a Luhn check digit, except La Poste's
 * establishments (SIREN 356 000 000), whose SIRET digits sum to a multiple of 5 instead (INSEE's published exception).
 */
const LA_POSTE_SIREN = '356000000';

/** The Luhn check (ISO/IEC 7812): from the right, every second digit doubled, digit sum a multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Spaces and dots people write in (`732 829 320`, `732.829.320.00074`) taken out. */
export const compactIdentifier = (value: string) => value.replace(/[\s.]/g, '');

export function isSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN)) return [...value].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return luhnValid(value) && isSiren(value.slice(0, 9));
}

/** The SIREN of a SIRET (its first nine digits). */
export const sirenOfSiret = (siret: string) => siret.slice(0, 9);
