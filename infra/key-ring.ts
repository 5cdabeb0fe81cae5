import { createHash } from 'node:crypto';
import { parseKeyMaterial } from './secrets';

/** One of the hub's keys (HUB_ENCRYPTION_KEY) with the id that ciphertexts name it by. */
export interface HubKey {
  id: string;
  key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;

/** The id a key goes by when configuration names none: a fingerprint, never the key. */
export function keyFingerprint(key: Buffer): string {
  return `k${createHash('sha256').update('hub-key-id').update(key).digest('hex').slice(0, 12)}`;
}

export const keyRingOf = (key: Buffer): HubKey[] => [{ id: keyFingerprint(key), key }];

/**
 * `HUB_ENCRYPTION_KEY`: `[id:]key[,id:key…]`, base64 or hex 32-byte keys. The first encrypts; the others (keys being
 * rotated out) still decrypt what was written under them. Without an id a key goes by its fingerprint.
 */
export function parseKeyRing(value: string, name: string): HubKey[] {
  const ring = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const key = parseKeyMaterial(colon < 0 ? entry : entry.slice(colon + 1), name);
      const id = colon < 0 ? keyFingerprint(key) : entry.slice(0, colon);
      if (!KEY_ID.test(id)) throw new Error(`${name}: key id ${JSON.stringify(id)} must be 1–32 letters, digits, '.', '_' or '-'`);
      return { id, key };
    });
  if (ring.length === 0) throw new Error(`${name} names no key`);
  const ids = ring.map((k) => k.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${name}: key ids must be distinct`);
  return ring;
}
