import {
  API_KEY_LENGTH,
  BASE62_ALPHABET,
  INVALID_API_KEY_MASK,
  crc32,
  encodeBase62,
  generateApiKey,
  generateClientId,
  generateClientSecret,
  generateWebhookSecret,
  lastFour,
  maskApiKey,
  parseApiKey,
  randomBase62,
  type ApiKeyEnv,
} from '../../infra/credentials';

const BASE62 = /^[0-9A-Za-z]*$/;
const ENVS: ApiKeyEnv[] = ['live', 'test'];

function replaceAt(text: string, index: number, char: string): string {
  return text.slice(0, index) + char + text.slice(index + 1);
}

/** A base62 character other than `char` (cycles through the alphabet by offset). */
function otherBase62(char: string, offset: number): string {
  const at = BASE62_ALPHABET.indexOf(char);
  return BASE62_ALPHABET[(Math.max(at, 0) + 1 + (offset % 61)) % 62]!;
}

describe('crc32', () => {
  it('matches the IEEE check value', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('matches other known values', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('a')).toBe(0xe8b7be43);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });
});

describe('base62 helpers', () => {
  it('encodes and pads', () => {
    expect(encodeBase62(0, 6)).toBe('000000');
    expect(encodeBase62(61)).toBe('z');
    expect(encodeBase62(62)).toBe('10');
    expect(encodeBase62(0xffffffff, 6)).toBe('4gfFC3');
  });

  it('generates the requested length from the base62 alphabet', () => {
    for (const length of [0, 1, 12, 32, 100]) {
      const value = randomBase62(length);
      expect(value).toHaveLength(length);
      expect(value).toMatch(BASE62);
    }
  });

  it('uses the whole alphabet roughly uniformly', () => {
    const sample = randomBase62(62 * 400);
    const counts = new Map<string, number>();
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 400 each; a modulo-biased generator would skew the first 8 characters by ~+25%.
    let chiSquare = 0;
    for (const count of counts.values()) chiSquare += (count - 400) ** 2 / 400;
    // 61 degrees of freedom: p(chi2 > 130) is about 1e-7.
    expect(chiSquare).toBeLessThan(130);
  });
});

describe('generateApiKey / parseApiKey', () => {
  it.each(ENVS)('round-trips a %s key', (env) => {
    const generated = generateApiKey(env);
    expect(generated.key).toHaveLength(API_KEY_LENGTH);
    expect(generated.key).toMatch(new RegExp(`^hub_${env}_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$`));
    expect(generated.id).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(generated.secret).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(generated.env).toBe(env);
    expect(generated.last4).toBe(generated.key.slice(-4));
    expect(generated.key.startsWith(`hub_${env}_${generated.id}_${generated.secret}`)).toBe(true);
    expect(parseApiKey(generated.key)).toEqual({ env, id: generated.id, secret: generated.secret });
  });

  it('ends with the base62 CRC32 of the rest, padded to 6', () => {
    const { key } = generateApiKey('live');
    expect(key.slice(-6)).toBe(encodeBase62(crc32(key.slice(0, -6)), 6));
  });

  it('generates distinct keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey('test').key));
    expect(keys.size).toBe(200);
  });

  it('refuses every single-character substitution', () => {
    for (let round = 0; round < 5; round++) {
      const { key } = generateApiKey(round % 2 ? 'live' : 'test');
      const idStart = 'hub_live_'.length;
      for (let i = idStart; i < key.length; i++) {
        if (key[i] === '_') continue;
        // Several different replacement characters per position, including the
        // six checksum positions at the end.
        for (const offset of [0, 7, 25, 36, 60]) {
          const typo = replaceAt(key, i, otherBase62(key[i]!, offset));
          expect(typo).not.toBe(key);
          expect(parseApiKey(typo)).toBeNull();
        }
      }
    }
  });

  it('refuses every adjacent transposition', () => {
    const { key } = generateApiKey('live');
    for (let i = 'hub_live_'.length; i < key.length - 1; i++) {
      if (key[i] === key[i + 1]) continue;
      const swapped = key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
      expect(parseApiKey(swapped)).toBeNull();
    }
  });

  it('refuses a key whose env prefix was changed', () => {
    const { key } = generateApiKey('live');
    expect(parseApiKey(key.replace(/^hub_live_/, 'hub_test_'))).toBeNull();
    const test = generateApiKey('test').key;
    expect(parseApiKey(test.replace(/^hub_test_/, 'hub_live_'))).toBeNull();
  });

  it('refuses unknown envs and prefixes even with a valid checksum', () => {
    const { id, secret } = generateApiKey('live');
    const withChecksum = (body: string) => body + encodeBase62(crc32(body), 6);
    expect(parseApiKey(withChecksum(`hub_prod_${id}_${secret}`))).toBeNull();
    expect(parseApiKey(withChecksum(`hub_LIVE_${id}_${secret}`))).toBeNull();
    expect(parseApiKey(withChecksum(`sk_live_${id}_${secret}`))).toBeNull();
    expect(parseApiKey(withChecksum(`HUB_live_${id}_${secret}`))).toBeNull();
    // Sanity check: the helper does build valid keys.
    expect(parseApiKey(withChecksum(`hub_live_${id}_${secret}`))).toEqual({ env: 'live', id, secret });
  });

  it('refuses wrong lengths, shapes and characters', () => {
    const { key } = generateApiKey('live');
    const bad: unknown[] = [
      '',
      'hub_live_',
      key.slice(0, -1),
      key + 'a',
      ` ${key}`,
      `${key}\n`,
      key.replace(/_/g, '-'),
      replaceAt(key, 20, '_'),
      replaceAt(key, 30, '-'),
      replaceAt(key, 30, 'é'),
      replaceAt(key, 21, 'x'), // the '_' between id and secret
      key.toUpperCase(),
      'x'.repeat(10_000),
      undefined,
      null,
      42,
      {},
    ];
    for (const value of bad) expect(parseApiKey(value as string)).toBeNull();
  });
});

describe('maskApiKey / lastFour', () => {
  it('shows prefix, id, an ellipsis and the last four characters', () => {
    const { key, id, env, last4 } = generateApiKey('live');
    const masked = maskApiKey(key);
    expect(masked).toBe(`hub_live_${id}_\u2026${key.slice(-4)}`);
    expect(lastFour(key)).toBe(key.slice(-4));
    expect(maskApiKey({ env, id, last4 })).toBe(masked);
  });

  it('never contains the secret beyond the last four characters of the key', () => {
    for (let i = 0; i < 200; i++) {
      const { key, secret, env } = generateApiKey(i % 2 ? 'live' : 'test');
      const masked = maskApiKey(key);
      const hidden = masked.slice(`hub_${env}_`.length + 12 + 1 + 1, -4);
      expect(hidden).toBe('');
      expect(masked.length).toBe(`hub_${env}_`.length + 12 + 1 + 1 + 4);
      // What is shown apart from prefix and id is only the key's final four characters.
      expect(masked.endsWith(`\u2026${key.slice(-4)}`)).toBe(true);
      expect(masked).not.toContain(secret);
      expect(masked).not.toContain(secret.slice(0, 8));
      expect(masked).not.toContain(secret.slice(-8));
      expect(masked).not.toContain(key.slice(-6));
    }
  });

  it('still masks a key-shaped string with a bad checksum', () => {
    const { key, id } = generateApiKey('test');
    const typo = replaceAt(key, 30, otherBase62(key[30]!, 3));
    expect(parseApiKey(typo)).toBeNull();
    expect(maskApiKey(typo)).toBe(`hub_test_${id}_\u2026${typo.slice(-4)}`);
  });

  it('returns a fixed placeholder for anything else, without echoing it', () => {
    const { id } = generateApiKey('live');
    expect(maskApiKey('sk_live_abcdefghijklmnop')).toBe(INVALID_API_KEY_MASK);
    expect(maskApiKey('')).toBe(INVALID_API_KEY_MASK);
    expect(maskApiKey({ env: 'prod' as ApiKeyEnv, id, last4: 'abcd' })).toBe(INVALID_API_KEY_MASK);
    expect(maskApiKey({ env: 'live', id: 'short', last4: 'abcd' })).toBe(INVALID_API_KEY_MASK);
    expect(maskApiKey({ env: 'live', id, last4: 'abcdef' })).toBe(INVALID_API_KEY_MASK);
    expect(maskApiKey(null as unknown as string)).toBe(INVALID_API_KEY_MASK);
  });

  it('lastFour refuses strings that are not keys', () => {
    expect(() => lastFour('abc')).toThrow(TypeError);
    expect(() => lastFour('hub_live_short')).toThrow(TypeError);
  });
});

describe('partner credentials', () => {
  it('generates client ids per env', () => {
    expect(generateClientId('sandbox')).toMatch(/^cli_sandbox_[0-9A-Za-z]{16}$/);
    expect(generateClientId('live')).toMatch(/^cli_live_[0-9A-Za-z]{16}$/);
    expect(() => generateClientId('test' as 'live')).toThrow(TypeError);
  });

  it('generates client secrets', () => {
    const secret = generateClientSecret();
    expect(secret).toMatch(/^cs_[0-9A-Za-z]{40}$/);
    expect(generateClientSecret()).not.toBe(secret);
  });

  it('generates webhook secrets with either prefix', () => {
    expect(generateWebhookSecret('whsec_')).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(generateWebhookSecret('phsec_')).toMatch(/^phsec_[0-9A-Za-z]{40}$/);
    expect(() => generateWebhookSecret('sk_' as 'whsec_')).toThrow(TypeError);
  });

  it('refuses an unknown API key env', () => {
    expect(() => generateApiKey('prod' as ApiKeyEnv)).toThrow(TypeError);
  });
});
