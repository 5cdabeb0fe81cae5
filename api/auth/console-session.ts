import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { consoleCsrfToken, consoleTokenHash, isConsoleToken } from '../../app/console-logins';
import {
  endConsoleSession,
  findConsoleSession,
  findConsoleSessionById,
  touchConsoleSession,
  type ConsoleSessionRow,
} from '../../db/console-logins';
import { CONSOLE_TOUCH_RESOLUTION_MS, consoleLoginState } from '../../domain/console-login';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { authenticateApiKey, insufficientScope, keyExpired } from './api-key-auth';
import type { Principal } from './principal';

/**
 * The web console's login (docs/console.md): a cookie that stands in for an API key of the login's account,
 * environment and scopes on every `/api/public/v1` operation. Unsafe methods with the cookie need the login's CSRF
 * token in `X-CSRF-Token` and a same-origin request, so another site's form or script cannot act with it.
 */

/**
 * The cookie's name: `__Host-hub_console` (Secure, Path=/, no Domain: no other host, not even a subdomain, can set or
 * shadow it), or `hub_console` where the hub's public address is plain http on this machine (`npm start`), which a
 * `__Host-` cookie cannot be sent over.
 */
export const consoleCookieName = (deps: Pick<ApiDeps, 'publicBaseUrl'>) => (secureCookies(deps) ? '__Host-hub_console' : 'hub_console');

function secureCookies(deps: Pick<ApiDeps, 'publicBaseUrl'>): boolean {
  const base = new URL(deps.publicBaseUrl);
  return !(base.protocol === 'http:' && LOOPBACK_HOSTS.has(base.hostname));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const consoleNow = (deps: Pick<ApiDeps, 'now'>) => deps.now?.() ?? new Date();

/** The cookie's value, if the request carries one. */
export function consoleCookie(ctx: Context, deps: Pick<ApiDeps, 'publicBaseUrl'>): string | undefined {
  const name = consoleCookieName(deps);
  for (const part of (ctx.get('cookie') || '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Sets (or, with `maxAgeMs` 0, clears) the cookie: HttpOnly, Path=/, Secure unless the hub's public address is plain
 * http on this machine (`npm start`). Written by hand: Koa's cookies refuse `Secure` behind a TLS-terminating proxy.
 */
export function setConsoleCookie(
  ctx: Context,
  deps: Pick<ApiDeps, 'publicBaseUrl'>,
  value: string,
  sameSite: 'Lax' | 'Strict',
  maxAgeMs: number,
) {
  const parts = [
    `${consoleCookieName(deps)}=${value}`,
    'Path=/',
    'HttpOnly',
    `SameSite=${sameSite}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
  ];
  if (secureCookies(deps)) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

const loginRequired = (detail: string) => new ProblemError('console_login_required', { detail });

const ENDED: Record<string, string> = {
  ended: 'This console login has ended (signed out or revoked). Open a new sign-in link.',
  idle_timeout: 'This console login was idle for an hour and has ended. Open a new sign-in link.',
  absolute_timeout: 'This console login is twelve hours old and has ended. Open a new sign-in link.',
  key_revoked: 'The API key that opened this console login was revoked. Open a new sign-in link.',
  key_expired: 'The API key that opened this console login has expired (or was rolled). Open a new sign-in link.',
};

export interface ConsoleLogin {
  row: ConsoleSessionRow;
  token: string;
  /** The login's scopes, never more than its key holds now. */
  scopes: string[];
}

/**
 * The open login of the request's cookie, or `401 console_login_required`. A login past a timeout, or whose key was
 * revoked, is ended on the spot. Moves the idle clock (at most one write a minute).
 */
export async function consoleLogin(ctx: Context, deps: ApiDeps): Promise<ConsoleLogin> {
  const token = consoleCookie(ctx, deps);
  if (!token || !isConsoleToken(token)) throw loginRequired('No console login: open a sign-in link first.');
  const now = consoleNow(deps);
  const row = await findConsoleSession(deps.orm, consoleTokenHash(token, deps.hashPepper));
  if (!row) throw loginRequired('No such console login. Open a new sign-in link.');
  const standing = await consoleStanding(deps, row, now);
  if (standing.ended !== null) throw loginRequired(ENDED[standing.ended]);
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= CONSOLE_TOUCH_RESOLUTION_MS) {
    await touchConsoleSession(deps.orm, row.id, now);
    row.last_seen_at = now;
  }
  return { row, token, scopes: standing.scopes };
}

/**
 * Whether a login still stands at `now` (ending on the spot one past a timeout or whose key was revoked or has
 * expired), and its scopes, never more than its key holds now (a login ops opened: than its account's ceiling).
 */
async function consoleStanding(
  deps: ApiDeps,
  row: ConsoleSessionRow,
  now: Date,
): Promise<{ ended: keyof typeof ENDED } | { ended: null; scopes: string[] }> {
  const state = consoleLoginState(
    { lastSeenAt: new Date(row.last_seen_at), expiresAt: new Date(row.expires_at), endedAt: row.ended_at && new Date(row.ended_at) },
    now,
  );
  if (state !== 'open') {
    if (state !== 'ended') await endConsoleSession(deps.orm, row.id, now, state);
    return { ended: state };
  }
  if (!row.api_key_id) return { ended: null, scopes: row.scopes.filter((s) => row.scope_ceiling.includes(s)) };
  const key = await deps.apiKeys.get(row.api_key_id);
  if (!key || key.revoked || keyExpired(key, now)) {
    const reason = key && !key.revoked ? 'key_expired' : 'key_revoked';
    await endConsoleSession(deps.orm, row.id, now, reason);
    return { ended: reason };
  }
  return { ended: null, scopes: row.scopes.filter((s) => key.scopes.includes(s)) };
}

/**
 * Whether the credential behind a long request (a live stream) still stands: its API key not revoked, or its console
 * login open (not signed out, revoked, idle or past its 12 hours). Live streams ask this while they run.
 */
export async function principalStillStands(deps: ApiDeps, principal: Principal): Promise<boolean> {
  if (principal.console) {
    const row = await findConsoleSessionById(deps.orm, principal.console.sessionId);
    // A stream is not a person at the console: it does not move the idle clock, but the idle timeout ends it.
    return row !== undefined && (await consoleStanding(deps, row, consoleNow(deps))).ended === null;
  }
  if (principal.kind !== 'integrator') return true;
  const key = await deps.apiKeys.get(principal.credentialId);
  return key !== undefined && !key.revoked && !keyExpired(key, consoleNow(deps));
}

/**
 * A request a browser sent from the hub's own origin: `Origin` is the hub's, or the browser withheld it (`null` under
 * the no-referrer policy of the console's pages, or absent) and says `Sec-Fetch-Site: same-origin`. A request with
 * neither header is not taken as same-origin.
 */
export function isSameOriginRequest(ctx: Context, deps: Pick<ApiDeps, 'publicBaseUrl'>): boolean {
  const origin = ctx.get('origin');
  const site = ctx.get('sec-fetch-site');
  const own = new URL(deps.publicBaseUrl).origin;
  if (origin && origin !== 'null') return origin === own && (!site || site === 'same-origin');
  return site === 'same-origin';
}

/** Refuses an unsafe request with the cookie unless it carries the login's CSRF token and comes from the hub's own origin. */
export function checkConsoleCsrf(ctx: Context, deps: Pick<ApiDeps, 'publicBaseUrl' | 'hashPepper'>, token: string): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const sent = Buffer.from(ctx.get('x-csrf-token'));
  const expected = Buffer.from(consoleCsrfToken(token, deps.hashPepper));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new ProblemError('csrf_token_invalid', {
      detail: 'A console request that changes something needs X-CSRF-Token: the csrf_token of GET /console/session.',
      param: 'X-CSRF-Token',
    });
  }
  if (!isSameOriginRequest(ctx, deps)) {
    const own = new URL(deps.publicBaseUrl).origin;
    throw new ProblemError('cross_site_request', {
      detail: `A console request that changes something must come from ${own} (Origin or Sec-Fetch-Site: same-origin).`,
      param: ctx.get('origin') ? 'Origin' : 'Sec-Fetch-Site',
    });
  }
}

/** The principal of a console login: its account, environment, scopes and rate, as a key of the same would be. */
export function consolePrincipal(login: ConsoleLogin): Principal {
  const { row } = login;
  return {
    kind: 'integrator',
    credentialId: row.id,
    ownerId: row.account_id,
    livemode: row.environment === 'live',
    scopes: login.scopes,
    rateLimitPerMinute: row.rate_per_minute,
    accountKind: row.account_kind,
    console: { sessionId: row.id, apiKeyId: row.api_key_id, expiresAt: new Date(row.expires_at) },
  };
}

/**
 * A Public Integration API caller: `Authorization: Bearer` with an API key, or else the console's cookie (with the
 * CSRF rules above). Neither: the API key's `401 invalid_api_key`.
 */
export async function authenticateKeyOrConsole(ctx: Context, deps: ApiDeps, scope: string | readonly string[]): Promise<Principal> {
  if (ctx.get('authorization') || consoleCookie(ctx, deps) === undefined) return authenticateApiKey(ctx, deps, scope);
  const login = await consoleLogin(ctx, deps);
  checkConsoleCsrf(ctx, deps, login.token);
  const principal = consolePrincipal(login);
  ctx.state.identified = principal;
  const accepted = typeof scope === 'string' ? [scope] : scope;
  if (!accepted.some((s) => login.scopes.includes(s))) throw insufficientScope(accepted);
  return principal;
}
