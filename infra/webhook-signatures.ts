import { createHmac } from 'node:crypto';

/** Partner scheme, as GitHub's X-Hub-Signature-256: `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export function partnerSignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}
