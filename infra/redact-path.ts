import { REDACTED, redactText } from '../domain/webhook-response';

/**
 * A request's path and query as every log line writes it (the access and error lines, the request log, trace spans;
 * the balancer's log does the same in HAProxy's terms: stack/haproxy.ts). The path segment after a prefix whose links
 * are bearer secrets is replaced by REDACTED, and so is the value of a secret-named query parameter, so a log can be
 * read, shipped and kept without becoming a list of working sign-in, tracking, receipt and payment links.
 */

/** Routes whose next path segment is the secret itself: a console sign-in link, a tracking page, a receipt, a payment page. */
export const SECRET_PATH_PREFIXES = ['/console/login/', '/track/', '/receipts/', '/pay/'] as const;

/** One of those prefixes (repeated slashes and any case too: a mistyped link still carries a working token). */
const SECRET_SEGMENT = /^(\/+(?:console\/+login|track|receipts|pay)\/+)[^/]+/i;

/**
 * A query parameter whose value is a credential, by its name (`token`, `access_token`, `api_key`, `sig`, `code`…); a
 * bare `key` is the request log's filter by key id, not a secret (a secret value is caught by its look: redactText).
 */
export const SECRET_QUERY_NAME =
  /token|secret|passw|signature|^sig$|^code$|(?:api|access|private)[_-]?key|session|credential|auth|jwt|otp/i;

const MAX_LOGGED = 2048;

/** The path with the secret segment after a SECRET_PATH_PREFIXES prefix redacted (`/pay/<token>/state` → `/pay/[redacted]/state`). */
const redactSegments = (path: string): string => path.replace(SECRET_SEGMENT, `$1${REDACTED}`);

/** Each `name=value` of a query with a secret-named parameter's value redacted, and any secret-looking value (a key, a JWT). */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return redactText(pair, []);
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : redactText(pair, []);
    })
    .join('&');
}

/** `/console/login/abc?next=x&token=y` → `/console/login/[redacted]?next=x&token=[redacted]`; cut to 2 KiB. */
export function redactPath(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = redactSegments(q === -1 ? pathAndQuery : pathAndQuery.slice(0, q));
  const logged = q === -1 ? path : `${path}?${redactQuery(pathAndQuery.slice(q + 1))}`;
  return logged.length > MAX_LOGGED ? `${logged.slice(0, MAX_LOGGED)}…` : logged;
}
