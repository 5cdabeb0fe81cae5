/** Where a partner may receive webhooks: https anywhere; plain http only to this machine, and only from the sandbox. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export const WEBHOOK_URL_RULE =
  'an https:// URL without user or password; http://localhost, http://127.0.0.1 or http://[::1] only with sandbox credentials';

/** Why `url` may not be a partner's webhook URL when set with `environment` credentials, or null when it may. */
export function webhookUrlProblem(url: string, environment: 'sandbox' | 'live'): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `expected ${WEBHOOK_URL_RULE}`;
  }
  if (url.length > 2048) return 'at most 2048 characters';
  if (parsed.username || parsed.password) return `expected ${WEBHOOK_URL_RULE}`;
  if (parsed.protocol === 'https:') return null;
  const loopback = (LOOPBACK_HOSTS as readonly string[]).includes(parsed.hostname);
  if (parsed.protocol === 'http:' && loopback && environment === 'sandbox') return null;
  return `expected ${WEBHOOK_URL_RULE}`;
}
