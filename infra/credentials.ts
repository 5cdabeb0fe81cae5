/**
 * Formats of the credentials the hub issues.
 *
 * Integrator API keys:  hub_<env>_<id>_<secret><checksum>
 *   env       'live' | 'test'
 *   id        12 base62 characters, random; stored in clear and used for lookup
 *   secret    32 base62 characters, random (~190.5 bits); store only its hash
 *   checksum  CRC32 (IEEE) of everything before it, base62, left-padded to 6
 * The checksum lets a mistyped or truncated key be refused without a database
 * read and lets secret scanners recognise real keys. It is not a security
 * control: anyone can compute it.
 *
 * Partner OAuth credentials and webhook secrets are plain prefixed base62.
 */
import { randomBytes } from 'node:crypto';
import type { Environment, TestOrLive } from '../domain/environment';

/** The environment as an API key writes it (`hub_test_…`, `hub_live_…`): the Public Integration API's word. */
export type ApiKeyEnv = TestOrLive;
export type WebhookSecretPrefix = 'whsec_' | 'phsec_';

export interface GeneratedApiKey {
  /** The full key; show it to the integrator once, never store it. */
  key: string;
  id: string;
  secret: string;
  env: ApiKeyEnv;
  /** Last four characters of `key`, for maskApiKey({ env, id, last4 }). */
  last4: string;
}

export interface ParsedApiKey {
  env: ApiKeyEnv;
  id: string;
  secret: string;
}

export interface MaskableApiKey {
  env: ApiKeyEnv;
  id: string;
  last4: string;
}

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const API_KEY_PREFIX = 'hub';
export const API_KEY_ID_LENGTH = 12;
export const API_KEY_SECRET_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;
/** 'hub_' + 'live_'/'test_' + id + '_' + secret + checksum = 60 */
export const API_KEY_LENGTH = 4 + 5 + API_KEY_ID_LENGTH + 1 + API_KEY_SECRET_LENGTH + API_KEY_CHECKSUM_LENGTH;

export const CLIENT_ID_RANDOM_LENGTH = 16;
export const CLIENT_SECRET_RANDOM_LENGTH = 40;
export const WEBHOOK_SECRET_RANDOM_LENGTH = 40;

/** Returned by maskApiKey for input that is not shaped like an API key. */
export const INVALID_API_KEY_MASK = '[invalid api key]';

const API_KEY_SHAPE = /^hub_(live|test)_([0-9A-Za-z]{12})_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;
const BASE62_4 = /^[0-9A-Za-z]{4}$/;
const BASE62_12 = /^[0-9A-Za-z]{12}$/;

// ---------------------------------------------------------------- base62

/** Largest multiple of 62 that fits in a byte: bytes >= 248 are rejected. */
const BASE62_BYTE_LIMIT = 256 - (256 % 62);

/** `length` characters drawn uniformly from BASE62_ALPHABET (rejection sampling). */
export function randomBase62(length: number): string {
  if (!Number.isSafeInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  let out = '';
  while (out.length < length) {
    // About 3% of bytes are rejected; ask for a little more than needed.
    const bytes = randomBytes(Math.ceil((length - out.length) * 1.1) + 8);
    for (const byte of bytes) {
      if (byte >= BASE62_BYTE_LIMIT) continue;
      out += BASE62_ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Base62 of a non-negative safe integer, left-padded with '0' to `width`. */
export function encodeBase62(value: number, width = 0): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('value must be a non-negative safe integer');
  let out = '';
  let rest = value;
  do {
    out = BASE62_ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
}

// ---------------------------------------------------------------- CRC32

const CRC32_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32/ISO-HDLC (IEEE 802.3, reflected polynomial 0xEDB88320) as an unsigned integer. Strings are read as UTF-8. */
export function crc32(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function apiKeyChecksum(body: string): string {
  return encodeBase62(crc32(body), API_KEY_CHECKSUM_LENGTH);
}

// ---------------------------------------------------------------- API keys

function assertApiKeyEnv(env: unknown): asserts env is ApiKeyEnv {
  if (env !== 'live' && env !== 'test') throw new TypeError("API key env must be 'live' or 'test'");
}

export function generateApiKey(env: ApiKeyEnv): GeneratedApiKey {
  assertApiKeyEnv(env);
  const id = randomBase62(API_KEY_ID_LENGTH);
  const secret = randomBase62(API_KEY_SECRET_LENGTH);
  const body = `${API_KEY_PREFIX}_${env}_${id}_${secret}`;
  const key = body + apiKeyChecksum(body);
  return { key, id, secret, env, last4: key.slice(-4) };
}

/**
 * Splits an API key into its parts. Returns null, without touching any store,
 * for anything that is not a well-formed key with a correct checksum.
 * No trimming is done: callers pass the raw credential.
 */
export function parseApiKey(key: string): ParsedApiKey | null {
  if (typeof key !== 'string' || key.length !== API_KEY_LENGTH) return null;
  const match = API_KEY_SHAPE.exec(key);
  if (!match) return null;
  const [, env, id, secret, checksum] = match as unknown as [string, ApiKeyEnv, string, string, string];
  if (apiKeyChecksum(key.slice(0, -API_KEY_CHECKSUM_LENGTH)) !== checksum) return null;
  return { env, id, secret };
}

/** Last four characters of a key shaped like an API key (they belong to the checksum). */
export function lastFour(key: string): string {
  if (typeof key !== 'string' || !API_KEY_SHAPE.test(key)) throw new TypeError('not an API key');
  return key.slice(-4);
}

/**
 * Display form `hub_<env>_<id>_…<last4>`, where last4 are the final four
 * characters of the full key (checksum characters, so no secret character is
 * shown). Accepts a full key or the stored { env, id, last4 }. A string shaped
 * like a key but with a bad checksum is still masked (useful in support logs);
 * anything else yields INVALID_API_KEY_MASK. Never throws.
 */
export function maskApiKey(key: string | MaskableApiKey): string {
  let env: unknown;
  let id: unknown;
  let last4: unknown;
  if (typeof key === 'string') {
    const match = API_KEY_SHAPE.exec(key);
    if (!match) return INVALID_API_KEY_MASK;
    env = match[1];
    id = match[2];
    last4 = key.slice(-4);
  } else if (key !== null && typeof key === 'object') {
    ({ env, id, last4 } = key);
  }
  if (
    (env !== 'live' && env !== 'test') ||
    typeof id !== 'string' ||
    !BASE62_12.test(id) ||
    typeof last4 !== 'string' ||
    !BASE62_4.test(last4)
  ) {
    return INVALID_API_KEY_MASK;
  }
  return `${API_KEY_PREFIX}_${env}_${id}_\u2026${last4}`;
}

// ---------------------------------------------------------------- partner OAuth + webhooks

/** `cli_sandbox_<16 base62>` or `cli_live_<16 base62>`. Not secret. */
export function generateClientId(env: Environment): string {
  if (env !== 'sandbox' && env !== 'live') throw new TypeError("client env must be 'sandbox' or 'live'");
  return `cli_${env}_${randomBase62(CLIENT_ID_RANDOM_LENGTH)}`;
}

/** `cs_<40 base62>` (~238 bits). Store only hashSecret(...) of it. */
export function generateClientSecret(): string {
  return `cs_${randomBase62(CLIENT_SECRET_RANDOM_LENGTH)}`;
}

/** `whsec_<40 base62>` or `phsec_<40 base62>` (~238 bits). Store with encryptSecret: it must be recoverable to sign. */
export function generateWebhookSecret(prefix: WebhookSecretPrefix): string {
  if (prefix !== 'whsec_' && prefix !== 'phsec_') throw new TypeError("prefix must be 'whsec_' or 'phsec_'");
  return prefix + randomBase62(WEBHOOK_SECRET_RANDOM_LENGTH);
}
