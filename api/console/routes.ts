import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { consoleCsrfToken, consoleTokenHash, isConsoleToken, lookAtConsoleLink, openConsoleLink } from '../../app/console-logins';
import { endConsoleSession, findConsoleSession } from '../../db/console-logins';
import { CONSOLE_ABSOLUTE_TIMEOUT_MS, consoleIdleExpiry, consoleLoginState } from '../../domain/console-login';
import { checkConsoleCsrf, consoleCookie, consoleLogin, consoleNow, isSameOriginRequest, setConsoleCookie } from '../auth/console-session';
import type { ApiDeps } from '../deps';
import { escapeHtml } from '../html';
import { limitPassengerLink } from '../middleware/rate-limit';

/**
 * The web console's own routes (docs/console.md): the sign-in link `/console/login/<token>`, the login's description
 * and sign-out (`/console/session`, `/console/sign-out`), and the built single-page app from HUB_CONSOLE_DIR for every
 * other path under `/console`. Everything else the console does goes through `/api/public/v1`.
 */

/** Long-cached: the build names these files by their content's hash. */
const HASHED_ASSETS = 'assets/';
/** Path names under /console that are routes here, never pages of the app. */
export const CONSOLE_RESERVED = ['login', 'session', 'sign-out'];

/** The console's Content-Security-Policy: nothing inline, nothing from elsewhere; framed only by the hub and HUB_CONSOLE_EMBED_ORIGINS. */
export function consoleCsp(embedOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...embedOrigins].join(' ')}`,
  ].join('; ');
}

function securityHeaders(ctx: Context, deps: ApiDeps) {
  ctx.set({
    'Content-Security-Policy': consoleCsp(deps.console.embedOrigins),
    'X-Content-Type-Options': 'nosniff',
    // The sign-in URL carries a token: no page of the console tells another site where it came from.
    'Referrer-Policy': 'no-referrer',
  });
}

/** A plain page of the hub's own (no script): a title, a paragraph, and any more HTML the caller has escaped. */
function page(ctx: Context, deps: ApiDeps, status: number, title: string, text: string, moreHtml = '') {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  securityHeaders(ctx, deps);
  ctx.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  ctx.body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)}</title>
</head>
<body>
  <main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${moreHtml}</main>
</body>
</html>
`;
}

const LINK_PAGES = {
  used: [410, 'This sign-in link was already used', 'A console sign-in link opens one login, once. Ask for a new link.'],
  expired: [410, 'This sign-in link has expired', 'A console sign-in link is valid for 10 minutes. Ask for a new link.'],
  unknown: [404, 'This sign-in link is not valid', 'Check that the whole link was copied, or ask for a new one.'],
} as const;

/** The file of `relative` inside `dir`, or null (absent, a folder, or outside it). */
function fileIn(dir: string, relative: string): string | null {
  const path = resolve(dir, relative);
  if (path !== dir && !path.startsWith(dir + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/** The open login this browser already has, if any (its cookie), without moving its idle clock. */
async function currentLogin(ctx: Context, deps: ApiDeps) {
  const token = consoleCookie(ctx, deps);
  if (!token || !isConsoleToken(token)) return undefined;
  const row = await findConsoleSession(deps.orm, consoleTokenHash(token, deps.hashPepper));
  const login = row && {
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    endedAt: row.ended_at && new Date(row.ended_at),
  };
  return login && consoleLoginState(login, consoleNow(deps)) === 'open' ? row : undefined;
}

export function consoleRouter(deps: ApiDeps): Router {
  const router = new Router();

  // Opening the link shows what it signs into and one button; only that button's same-origin POST uses it. Mail
  // scanners and chat previews fetch links (HEAD, GET) before the person clicks: they must leave it unused.
  router.get('/console/login/:token', async (ctx) => {
    await limitPassengerLink(ctx, deps.rateLimiter, 'link');
    const now = consoleNow(deps);
    const token = ctx.params.token ?? '';
    const look = await lookAtConsoleLink(deps.orm, deps.hashPepper, token, now);
    if (look.outcome !== 'valid') {
      const [status, title, text] = LINK_PAGES[look.outcome];
      return page(ctx, deps, status, title, text);
    }
    const mode = look.environment === 'live' ? 'live mode' : 'test mode';
    const current = await currentLogin(ctx, deps);
    const replaces =
      current &&
      `You are signed in to ${current.account_name} (${current.environment === 'live' ? 'live' : 'test'} mode) in this browser. ` +
        'Signing in ends that login.';
    const form =
      (replaces ? `<p><strong>${escapeHtml(replaces)}</strong></p>` : '') +
      `<form method="post" action="/console/login/${encodeURIComponent(token)}"><button type="submit">Sign in</button></form>`;
    return page(
      ctx,
      deps,
      200,
      `Sign in to ${look.accountName}`,
      `This link signs this browser into the console of ${look.accountName} (${look.accountId}), ${mode}. It works once.`,
      form,
    );
  });

  router.post('/console/login/:token', async (ctx) => {
    await limitPassengerLink(ctx, deps.rateLimiter, 'link');
    if (!isSameOriginRequest(ctx, deps)) {
      return page(ctx, deps, 403, 'Open the link to sign in', 'Sign in with the button on the page the sign-in link opens.');
    }
    const now = consoleNow(deps);
    const previous = await currentLogin(ctx, deps);
    const opened = await openConsoleLink(deps.orm, deps.hashPepper, ctx.params.token ?? '', now);
    if (opened.outcome !== 'opened') {
      const [status, title, text] = LINK_PAGES[opened.outcome];
      return page(ctx, deps, status, title, text);
    }
    if (previous) await endConsoleSession(deps.orm, previous.id, now, 'replaced');
    // Lax for this redirect only (the person may have come from another site: mail, chat, the operator's portal);
    // the console's first request sets it again Strict.
    setConsoleCookie(ctx, deps, opened.sessionToken, 'Lax', opened.expiresAt.getTime() - now.getTime());
    securityHeaders(ctx, deps);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303; // kept by redirect(): the browser follows with a GET
    ctx.redirect('/console/');
  });

  router.get('/console/session', async (ctx) => {
    const login = await consoleLogin(ctx, deps);
    const { row } = login;
    const expiresAt = new Date(row.expires_at);
    setConsoleCookie(ctx, deps, login.token, 'Strict', expiresAt.getTime() - consoleNow(deps).getTime());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      account: { id: row.account_id, name: row.account_name, kind: row.account_kind },
      livemode: row.environment === 'live',
      scopes: login.scopes,
      // The key that opened this login: the console does not offer to revoke it (the API refuses: api_key_in_use).
      api_key_id: row.api_key_id,
      csrf_token: consoleCsrfToken(login.token, deps.hashPepper),
      idle_expires_at: consoleIdleExpiry({ lastSeenAt: new Date(row.last_seen_at), expiresAt }).toISOString(),
      expires_at: expiresAt.toISOString(),
    };
  });

  router.post('/console/sign-out', async (ctx) => {
    const login = await consoleLogin(ctx, deps);
    checkConsoleCsrf(ctx, deps, login.token);
    await endConsoleSession(deps.orm, login.row.id, consoleNow(deps), 'signed_out');
    setConsoleCookie(ctx, deps, '', 'Strict', 0);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  router.get('/console{/*path}', async (ctx, next) => {
    const relative = ctx.path === '/console' ? '' : ctx.path.slice('/console/'.length);
    if (CONSOLE_RESERVED.includes(relative.split('/')[0]!)) return next();
    const dir = resolve(deps.console.dir);
    const index = join(dir, 'index.html');
    if (!existsSync(index)) {
      return page(
        ctx,
        deps,
        503,
        'The console is not built',
        `No built console in ${dir}. Run npm ci (it builds console/ into console/dist), or set HUB_CONSOLE_DIR to a built console.`,
      );
    }
    const file = relative && relative !== 'index.html' ? fileIn(dir, relative) : null;
    securityHeaders(ctx, deps);
    if (file) {
      ctx.type = extname(file);
      ctx.set('Cache-Control', relative.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
      ctx.body = createReadStream(file);
      return;
    }
    if (relative.startsWith(HASHED_ASSETS)) return page(ctx, deps, 404, 'Not found', `No console file ${relative}.`);
    // A page of the app (a bookmark, a shared link): the app routes it. Its first load turns the login's cookie Strict.
    const token = consoleCookie(ctx, deps);
    if (token && isConsoleToken(token)) setConsoleCookie(ctx, deps, token, 'Strict', CONSOLE_ABSOLUTE_TIMEOUT_MS);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(index);
  });

  return router;
}
