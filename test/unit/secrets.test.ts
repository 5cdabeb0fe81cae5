import { randomBytes } from 'node:crypto';
import { DECRYPT_FAILED_MESSAGE, decryptSecret, encryptSecret, hashSecret, parseKeyMaterial, secretMatches } from '../../infra/secrets';

const key = randomBytes(32);
const otherKey = randomBytes(32);

/** Replaces the character at `index` of a base64url string with a different one. */
function flipChar(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

function withPart(token: string, index: number, change: (part: string) => string): string {
  const parts = token.split('.');
  parts[index] = change(parts[index]!);
  return parts.join('.');
}

describe('encryptSecret / decryptSecret', () => {
  it.each([
    ['ascii', 'whsec_abc123'],
    ['empty', ''],
    ['unicode', 'clé secrète — 秘密 🚕'],
    ['pem', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n'],
  ])('round-trips %s plaintext', (_label, plaintext) => {
    expect(decryptSecret(encryptSecret(plaintext, key), key)).toBe(plaintext);
  });

  it('produces v1.<iv>.<tag>.<ciphertext> with a 12-byte iv and 16-byte tag', () => {
    const token = encryptSecret('hello', key);
    const parts = token.split('.');
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe('v1');
    for (const part of parts.slice(1)) expect(part).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(Buffer.from(parts[1]!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(parts[2]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[3]!, 'base64url')).toHaveLength(5);
  });

  it('uses a fresh iv each time', () => {
    const a = encryptSecret('same', key);
    const b = encryptSecret('same', key);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('rejects a wrong key', () => {
    const token = encryptSecret('secret', key);
    expect(() => decryptSecret(token, otherKey)).toThrow(new Error(DECRYPT_FAILED_MESSAGE));
  });

  it.each([
    ['iv', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ])('rejects tampering with the %s', (_label, index) => {
    const token = encryptSecret('a webhook signing secret', key);
    const part = token.split('.')[index]!;
    for (let i = 0; i < part.length; i++) {
      // The last character of an unpadded part may carry unused bits; flipping
      // it either changes the bytes or makes the encoding non-canonical.
      const tampered = withPart(token, index, (p) => flipChar(p, i));
      expect(() => decryptSecret(tampered, key)).toThrow(DECRYPT_FAILED_MESSAGE);
    }
  });

  it('rejects a swapped ciphertext from another token', () => {
    const a = encryptSecret('first secret', key);
    const b = encryptSecret('other secret', key);
    const spliced = withPart(a, 3, () => b.split('.')[3]!);
    expect(() => decryptSecret(spliced, key)).toThrow(DECRYPT_FAILED_MESSAGE);
  });

  it.each([
    ['empty string', ''],
    ['garbage', 'not a token'],
    ['wrong version', 'v2.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
    ['too few parts', 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['too many parts', 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA.AAAA'],
    ['non-base64url characters', 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA+/'],
    ['short iv', 'v1.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
    ['truncated tag', 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAA.AAAA'],
  ])('rejects a malformed token: %s', (_label, token) => {
    expect(() => decryptSecret(token, key)).toThrow(new Error(DECRYPT_FAILED_MESSAGE));
  });

  it('rejects a truncated tag cut from a real token', () => {
    const token = encryptSecret('secret', key);
    const truncated = withPart(token, 2, (tag) => Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url'));
    expect(() => decryptSecret(truncated, key)).toThrow(DECRYPT_FAILED_MESSAGE);
  });

  it('binds optional associated data', () => {
    const token = encryptSecret('secret', key, 'webhook-endpoint:42');
    expect(decryptSecret(token, key, 'webhook-endpoint:42')).toBe('secret');
    expect(() => decryptSecret(token, key, 'webhook-endpoint:43')).toThrow(DECRYPT_FAILED_MESSAGE);
    expect(() => decryptSecret(token, key)).toThrow(DECRYPT_FAILED_MESSAGE);
    expect(() => decryptSecret(encryptSecret('secret', key), key, 'webhook-endpoint:42')).toThrow(DECRYPT_FAILED_MESSAGE);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret('x', randomBytes(16))).toThrow(/32 bytes/);
    expect(() => decryptSecret(encryptSecret('x', key), randomBytes(31))).toThrow(/32 bytes/);
  });
});

describe('hashSecret / secretMatches', () => {
  const pepper = randomBytes(32);

  it('is the hex HMAC-SHA256 of the secret under the pepper (RFC 4231 case 2)', () => {
    expect(hashSecret('what do ya want for nothing?', Buffer.from('Jefe'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('depends on the pepper', () => {
    expect(hashSecret('s', pepper)).not.toBe(hashSecret('s', randomBytes(32)));
  });

  it('matches the right secret and not a wrong one', () => {
    const stored = hashSecret('cs_correct', pepper);
    expect(secretMatches('cs_correct', stored, pepper)).toBe(true);
    expect(secretMatches('cs_correct', stored.toUpperCase(), pepper)).toBe(true);
    expect(secretMatches('cs_wrong', stored, pepper)).toBe(false);
    expect(secretMatches('cs_correct', stored, randomBytes(32))).toBe(false);
  });

  it('returns false without throwing for stored values of another length or alphabet', () => {
    const stored = hashSecret('cs_correct', pepper);
    for (const bad of ['', stored.slice(0, -1), stored + '0', stored + stored, 'zz' + stored.slice(2), 'not hex']) {
      expect(() => secretMatches('cs_correct', bad, pepper)).not.toThrow();
      expect(secretMatches('cs_correct', bad, pepper)).toBe(false);
    }
  });

  it('refuses an empty pepper', () => {
    expect(() => hashSecret('s', Buffer.alloc(0))).toThrow(/pepper/);
  });
});

describe('parseKeyMaterial', () => {
  const bytes = randomBytes(32);

  it.each([
    ['base64', bytes.toString('base64')],
    ['base64 without padding', bytes.toString('base64').replace(/=$/, '')],
    ['base64url', bytes.toString('base64url')],
    ['hex', bytes.toString('hex')],
    ['upper-case hex', bytes.toString('hex').toUpperCase()],
    ['base64 with a trailing newline', `${bytes.toString('base64')}\n`],
  ])('accepts %s', (_label, value) => {
    expect(parseKeyMaterial(value, 'SECRETS_KEY').equals(bytes)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['31 bytes base64', randomBytes(31).toString('base64')],
    ['33 bytes base64', randomBytes(33).toString('base64')],
    ['31 bytes hex', randomBytes(31).toString('hex')],
    ['33 bytes hex', randomBytes(33).toString('hex')],
    ['a passphrase', 'correct horse battery staple, really long enough'],
    ['base64 with an invalid character', `${bytes.toString('base64').slice(0, 42)}!=`],
  ])('rejects %s, naming the variable and how to generate a key', (_label, value) => {
    let error: unknown;
    try {
      parseKeyMaterial(value, 'WEBHOOK_SECRETS_KEY');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('WEBHOOK_SECRETS_KEY');
    expect(message).toContain('openssl rand -base64 32');
    if (value.length > 8) expect(message).not.toContain(value);
  });

  it('rejects a non-canonical base64 spelling', () => {
    // 43 characters carry 258 bits; the last two must be zero.
    const canonical = bytes.toString('base64url');
    const last = canonical[42]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sloppy = canonical.slice(0, 42) + alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(() => parseKeyMaterial(sloppy, 'K')).toThrow(/openssl rand -base64 32/);
  });
});
