import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Prefixed, time-sortable ids (`bkg_01jd…`): 10 characters of millisecond time and 16 of randomness, ULID-style
 * in lowercase Crockford base32, so ids sort by creation time in indexes and lists.
 */
export function newId(prefix: string, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (const byte of bytes) rand += CROCKFORD[byte & 31];
  return `${prefix}_${time}${rand}`;
}

export const ID_PATTERN = /^[a-z]+_[0-9a-hjkmnp-tv-z]{26}$/;

/** The smallest id of `prefix` made at millisecond `ms` or later: a keyset bound for "created at or after". */
export function idFloor(prefix: string, ms: number): string {
  return newId(prefix, ms).slice(0, prefix.length + 11) + '0'.repeat(16);
}
