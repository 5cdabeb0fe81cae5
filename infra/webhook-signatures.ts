import { createHmac } from 'node:crypto';

/** Partner scheme, as GitHub's X-Hub-Signature-256: `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export function partnerSignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * Public scheme, byte-compatible with Stripe's `Stripe-Signature`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed by the whole `whsec_…` string. With several secrets (a rotation's overlap) one `v1=` per secret, newest first.
 */
export function publicSignature(rawBody: string, secrets: string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${rawBody}`;
  return [`t=${unixSeconds}`, ...secrets.map((s) => `v1=${createHmac('sha256', s).update(signed).digest('hex')}`)].join(',');
}
