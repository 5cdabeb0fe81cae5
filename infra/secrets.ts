/**
 * Secret handling primitives.
 *
 * - encryptSecret / decryptSecret: AES-256-GCM for secrets the hub must be able
 *   to read back (webhook signing secrets, JWT private keys).
 * - hashSecret / secretMatches: peppered HMAC-SHA256 for secrets the hub only
 *   has to recognise (API key secrets, OAuth client secrets). These secrets are
 *   long and random, so a fast keyed hash is enough; a slow password hash is not
 *   needed.
 * - parseKeyMaterial: reads 32-byte keys and peppers from configuration.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HMAC_HEX_LENGTH = 64;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

export const DECRYPT_FAILED_MESSAGE = 'secret could not be decrypted';

/**
 * Each key as a KeyObject, made once: a cipher or an HMAC keyed by a raw Buffer converts it on every call (an HMAC
 * keyed by a KeyObject costs a seventh; a stored answer's seal less than half).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new Error(`encryption key must be a Buffer of exactly ${KEY_BYTES} bytes`);
  }
}

/** The version tag is always authenticated; the caller may bind extra context. */
function additionalData(associatedData: string | undefined): Buffer {
  return Buffer.from(associatedData === undefined ? VERSION : `${VERSION}\0${associatedData}`, 'utf8');
}

function decodeBase64url(part: string): Buffer | null {
  if (!BASE64URL.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  // Refuse non-canonical encodings so every token has exactly one spelling.
  return bytes.toString('base64url') === part ? bytes : null;
}

/**
 * Encrypts `plaintext` under a 32-byte key with AES-256-GCM and a random
 * 12-byte IV. Returns `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 *
 * `associatedData` (optional) is authenticated but not stored: pass something
 * identifying the owner (e.g. `webhook-endpoint:<id>`) so a ciphertext copied to
 * another row does not decrypt there. The same value must be given to
 * decryptSecret.
 */
export function encryptSecret(plaintext: string, key: Buffer, associatedData?: string): string {
  assertKey(key);
  if (typeof plaintext !== 'string') throw new TypeError('plaintext must be a string');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyObject(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Reverses encryptSecret. With several keys (HUB_ENCRYPTION_KEY's ring, current first) the one that wrote the token
 * opens it: AES-GCM authenticates, so a wrong key fails and the next is tried. Throws Error('secret could not be
 * decrypted') for a malformed or tampered token, when no key fits, or for a wrong `associatedData`.
 * Throws a different Error if a key is not 32 bytes (a configuration bug).
 */
export function decryptSecret(token: string, key: Buffer | readonly Buffer[], associatedData?: string): string {
  const keys = Buffer.isBuffer(key) ? [key] : key;
  for (const k of keys.slice(0, -1)) {
    try {
      return decryptWith(token, k, associatedData);
    } catch (err) {
      if ((err as Error).message !== DECRYPT_FAILED_MESSAGE) throw err;
    }
  }
  return decryptWith(token, keys[keys.length - 1]!, associatedData);
}

function decryptWith(token: string, key: Buffer, associatedData?: string): string {
  assertKey(key);
  const fail = (): never => {
    throw new Error(DECRYPT_FAILED_MESSAGE);
  };
  if (typeof token !== 'string') return fail();
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return fail();
  const iv = decodeBase64url(parts[1]!);
  const tag = decodeBase64url(parts[2]!);
  const ciphertext = decodeBase64url(parts[3]!);
  if (!iv || iv.length !== IV_BYTES || !tag || tag.length !== TAG_BYTES || !ciphertext) return fail();
  try {
    const decipher = createDecipheriv(ALGORITHM, keyObject(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(associatedData));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    return plaintext.toString('utf8');
  } catch {
    return fail();
  }
}

/**
 * The secrets that sign now of a stored signing secret with a rotation overlap (partner endpoints, public
 * destinations): the current one, then the previous one while its overlap lasts.
 */
export function overlapSecrets(
  stored: { secretEnc: string; previousSecretEnc?: string | null; previousSecretExpiresAt?: Date | null },
  key: Buffer | readonly Buffer[],
  associatedData?: string,
  now = new Date(),
): string[] {
  const secrets = [decryptSecret(stored.secretEnc, key, associatedData)];
  if (stored.previousSecretEnc && stored.previousSecretExpiresAt && stored.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(stored.previousSecretEnc, key, associatedData));
  }
  return secrets;
}

/** Hex HMAC-SHA256 of `secret` (UTF-8) keyed by `pepper`. */
export function hashSecret(secret: string, pepper: Buffer): string {
  if (typeof secret !== 'string') throw new TypeError('secret must be a string');
  if (!Buffer.isBuffer(pepper) || pepper.length === 0) throw new Error('pepper must be a non-empty Buffer');
  return createHmac('sha256', keyObject(pepper)).update(secret, 'utf8').digest('hex');
}

/**
 * Constant-time check of `secret` against a value stored by hashSecret.
 * Returns false (never throws) when `storedHex` is not a 64-character hex string.
 */
export function secretMatches(secret: string, storedHex: string, pepper: Buffer): boolean {
  if (typeof secret !== 'string' || typeof storedHex !== 'string') return false;
  if (storedHex.length !== HMAC_HEX_LENGTH || !HEX_SHA256.test(storedHex)) return false;
  const expected = Buffer.from(hashSecret(secret, pepper), 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes = 43 base64 characters plus one '=' of padding (optional here).
// Both the standard (+/) and URL-safe (-_) alphabets are accepted.
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Reads a 32-byte key from configuration, given as 64 hex characters or as
 * base64/base64url (padding optional). Surrounding whitespace is ignored.
 * On anything else throws an Error naming `name` (never echoing the value).
 */
export function parseKeyMaterial(value: string, name: string): Buffer {
  const text = typeof value === 'string' ? value.trim() : '';
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (BASE64_KEY.test(text)) {
    const unpadded = text.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const bytes = Buffer.from(unpadded, 'base64url');
    if (bytes.length === KEY_BYTES && bytes.toString('base64url') === unpadded) return bytes;
  }
  throw new Error(`${name} must be exactly ${KEY_BYTES} bytes encoded as base64 or hex; ` + `generate one with: openssl rand -base64 32`);
}
