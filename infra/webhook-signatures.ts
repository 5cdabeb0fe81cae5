import { createHmac } from 'node:crypto';

/** Partner scheme, as GitHub's X-Hub-Signature-256: `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export function partnerSignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** How old a partner delivery's `X-Signature-V2` timestamp may be when it arrives (docs/webhooks.md). */
export const PARTNER_REPLAY_WINDOW_SECONDS = 300;

/**
 * A partner delivery's signature headers. `X-Signature`: today's scheme with the current secret, and
 * `X-Signature-Previous` with the previous one during a rotation's overlap. `X-Signature-V2`: Stripe's timestamped
 * scheme (`t=<unix>,v1=<hex HMAC of "t.body">`, one `v1=` per signing secret) that lets a receiver refuse replays older
 * than PARTNER_REPLAY_WINDOW_SECONDS; a receiver that knows only `X-Signature` ignores it.
 */
export function partnerSignatureHeaders(rawBody: string, secrets: string[], sentAt: Date): Record<string, string> {
  const headers: Record<string, string> = {
    'x-signature': partnerSignature(rawBody, secrets[0]!),
    'x-signature-v2': publicSignature(rawBody, secrets, Math.floor(sentAt.getTime() / 1000)),
  };
  if (secrets[1]) headers['x-signature-previous'] = partnerSignature(rawBody, secrets[1]);
  return headers;
}

/**
 * Public scheme, byte-compatible with Stripe's `Stripe-Signature`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed by the whole `whsec_…` string. With several secrets (a rotation's overlap) one `v1=` per secret, newest first.
 */
export function publicSignature(rawBody: string, secrets: string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${rawBody}`;
  return [`t=${unixSeconds}`, ...secrets.map((s) => `v1=${createHmac('sha256', s).update(signed).digest('hex')}`)].join(',');
}
