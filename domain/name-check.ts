/**
 * Does the account holder a driver typed look like the driver? A bank account replaced under a stolen driver token
 * usually names someone else. Pure: names reduced to lowercase Latin words (accents dropped, ß → ss…), compared
 * whatever the word order; `close` for initials (J. Martin), a missing middle name or a one-letter typo.
 */
import { sepaText } from './sepa';

export type NameCheck = 'match' | 'close' | 'no_match';

/** A name's words: accents and case dropped, hyphens and punctuation as spaces. */
export function nameWords(name: string): string[] {
  return sepaText(name, 1000)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Levenshtein distance of at most `max`, or max + 1. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]! <= max;
}

/** How two words agree: the same, one the other's initial, or one typo apart (words of four letters or more). */
function agreement(a: string, b: string): 'same' | 'near' | null {
  if (a === b) return 'same';
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 'near';
  if (a.length >= 4 && b.length >= 4 && withinEdits(a, b, 1)) return 'near';
  return null;
}

/** Pairs every word of `few` with a distinct word of `many`; how well, or null when some word finds none. */
function pairUp(few: string[], many: string[]): { same: number; near: number } | null {
  const free = [...many];
  let same = 0;
  let near = 0;
  // Exact words first, so an initial does not take the word a full one needs.
  const order = [...few].sort((x, y) => Number(!free.includes(x)) - Number(!free.includes(y)));
  for (const word of order) {
    const exact = free.indexOf(word);
    const at = exact >= 0 ? exact : free.findIndex((w) => agreement(word, w) !== null);
    if (at < 0) return null;
    if (exact >= 0) same++;
    else near++;
    free.splice(at, 1);
  }
  return { same, near };
}

/** The account holder against the driver's name: `match`, `close` or `no_match`. */
export function checkHolderName(holder: string, driverName: string): NameCheck {
  const a = nameWords(holder);
  const b = nameWords(driverName);
  if (!a.length || !b.length) return 'no_match';
  const sorted = (w: string[]) => [...w].sort().join(' ');
  if (sorted(a) === sorted(b) || a.join('') === b.join('')) return 'match';
  const [few, many] = a.length <= b.length ? [a, b] : [b, a];
  const paired = pairUp(few, many);
  return paired && paired.same >= 1 ? 'close' : 'no_match';
}
