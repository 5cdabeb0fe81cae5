/**
 * Country calling codes of two digits (ITU-T E.164): zones 1 and 7 have one digit, these two, every other three.
 * Enough to keep a number's country readable without a numbering-plan library.
 */
const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62, 63, 64, 65, 66, 81,
  82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

const DOT = '•';

function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
}

/** Digits in pairs from the right, an odd count's first group of three: "612345678" → "612 34 56 78". */
function grouped(digits: string): string {
  const groups: string[] = [];
  let end = digits.length;
  while (end > 0) {
    const start = end - 2 === 1 ? 0 : Math.max(0, end - 2);
    groups.unshift(digits.slice(start, end));
    end = start;
  }
  return groups.join(' ');
}

/**
 * A passenger's phone as the public API shows it: the country calling code, the first digit of the national number
 * and its last two, every other digit a "•", grouped in pairs ("+33612345678" → "+33 6•• •• •• 78"). Enough for a
 * planner to tell two passengers apart or read a number back to a caller; never enough to dial. A number not in E.164
 * (no "+") keeps its last two digits only; a short one (under five national digits) shows none.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!phone.trim().startsWith('+')) return grouped(mask(digits, 0, digits.length >= 5 ? 2 : 0));
  const code = digits.slice(0, countryCodeLength(digits));
  const national = digits.slice(code.length);
  const shown = national.length >= 5;
  return `+${code} ${grouped(mask(national, shown ? 1 : 0, shown ? 2 : 0))}`.trimEnd();
}

function mask(digits: string, head: number, tail: number): string {
  return digits.slice(0, head) + DOT.repeat(Math.max(0, digits.length - head - tail)) + digits.slice(digits.length - tail || digits.length);
}
