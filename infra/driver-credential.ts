/**
 * Driver app credentials: `drv_<id>_<secret><checksum>`
 *   id        12 base62 characters, stored in clear on the unit for lookup
 *   secret    32 base62 characters (~190 bits); the hub keeps only its peppered HMAC (infra/secrets.ts hashSecret)
 *   checksum  CRC32 of everything before it, base62, 6 characters: a mistyped credential is refused without a read
 * One credential per unit; issuing a new one replaces the old at once.
 */
import { crc32, encodeBase62, randomBase62 } from './credentials';

const SHAPE = /^drv_([0-9A-Za-z]{12})_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

export function generateDriverCredential(): { credential: string; id: string; secret: string } {
  const id = randomBase62(12);
  const secret = randomBase62(32);
  const body = `drv_${id}_${secret}`;
  return { credential: body + encodeBase62(crc32(body), 6), id, secret };
}

export function parseDriverCredential(value: string): { id: string; secret: string } | null {
  const match = SHAPE.exec(value);
  if (!match) return null;
  if (encodeBase62(crc32(value.slice(0, -6)), 6) !== match[3]) return null;
  return { id: match[1]!, secret: match[2]! };
}
