/**
 * What a public delivery attempt keeps of the receiver's answer (docs/public-webhooks.md "What the receiver answered"):
 * its headers and the first RESPONSE_CAPTURE_BYTES of its body, bytes as received, with anything that looks like a
 * secret replaced by REDACTED — and never the destination's own signing secret, whatever the receiver echoes.
 */
export const RESPONSE_CAPTURE_BYTES = 4096;
export const REDACTED = '[redacted]';
/** Days an attempt keeps the answer; the retention sweep clears it after (activities/retention.ts). */
export const RESPONSE_RETENTION_DAYS = 30;

const MAX_HEADERS = 64;
const MAX_HEADER_VALUE = 1024;

/** Header names whose value is a credential, whatever it looks like. */
const SECRET_HEADER =
  /^(set-cookie|cookie|authorization|proxy-authorization|www-authenticate|proxy-authenticate)$|token|secret|passw|session|signature|credential|auth|api-?key|private|jwt/i;

/**
 * Secret-looking spans of text (ASCII patterns; bytes outside ASCII are never touched): signing secrets, API keys of
 * this hub and of the common providers, bearer tokens, JWTs, and the value after a secret-named key in JSON, a form or
 * a query (`"token": "…"`, `password=…`).
 */
const SECRET_SPANS: [RegExp, string][] = [
  [/\bwhsec_[A-Za-z0-9+/=_-]{6,}/g, REDACTED],
  [/\bhub_(?:test|live)_[A-Za-z0-9_]{6,}/g, REDACTED],
  [/\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{6,}/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [
    /([A-Za-z0-9_-]*(?:passw|secret|token|api[_-]?key|apikey|authorization|session|cookie|signature|credential)[A-Za-z0-9_-]*"?\s*[:=]\s*"?)([^"&\s,;}<]+)/gi,
    `$1${REDACTED}`,
  ],
];

/** Redacts the secret-looking spans of a text and every occurrence of `secrets` (a value cut at the end of `text` too). */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    out = out.split(secret).join(REDACTED);
    // A capture cut inside the secret still ends with its first characters.
    for (let n = secret.length - 1; n >= 8; n--) {
      if (out.endsWith(secret.slice(0, n))) {
        out = out.slice(0, out.length - n) + REDACTED;
        break;
      }
    }
  }
  for (const [pattern, replacement] of SECRET_SPANS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * The body bytes kept: read as latin1 (one character per byte, so non-ASCII and binary bytes come back unchanged)
 * and redacted with the ASCII patterns above.
 */
export function redactBody(body: Buffer, secrets: readonly string[]): Buffer {
  const text = body.toString('latin1');
  const redacted = redactText(text, secrets);
  return redacted === text ? body : Buffer.from(redacted, 'latin1');
}

/** The headers kept, names lowercased: secret-named ones redacted whole, the others' secret-looking spans; bounded. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, secrets: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers).slice(0, MAX_HEADERS)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    const lower = name.toLowerCase();
    kept[lower] = SECRET_HEADER.test(lower)
      ? REDACTED
      : redactText(value.length > MAX_HEADER_VALUE ? `${value.slice(0, MAX_HEADER_VALUE)}…` : value, secrets);
  }
  return kept;
}

/**
 * The body as the API shows it: text when the bytes are UTF-8 (a character cut by the 4 KB limit left out), otherwise
 * base64, so a binary answer reaches the client byte for byte.
 */
export function bodyForDisplay(body: Buffer, truncated: boolean): { body: string; body_encoding: 'utf8' | 'base64' } {
  const strict = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= (truncated ? 3 : 0) && cut <= body.length; cut++) {
    try {
      return { body: strict.decode(body.subarray(0, body.length - cut)), body_encoding: 'utf8' };
    } catch {
      // not UTF-8 (yet): a truncated body may end inside a character
    }
  }
  return { body: body.toString('base64'), body_encoding: 'base64' };
}
