/** How long console sign-in links and logins last (docs/console.md); pure, so the CLI, the API and tests agree. */

/** A sign-in link opens a login once, within this time. */
export const CONSOLE_LINK_TTL_MS = 10 * 60_000;
/** A login ends after this long without a request… */
export const CONSOLE_IDLE_TIMEOUT_MS = 60 * 60_000;
/** …and this long after it began, whatever happens. */
export const CONSOLE_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** The idle clock moves at most once per this interval (a write), so its resolution is a minute. */
export const CONSOLE_TOUCH_RESOLUTION_MS = 60_000;

export type ConsoleLoginState = 'open' | 'ended' | 'idle_timeout' | 'absolute_timeout';

/** Whether a login still lets its browser in at `now`, and why not. */
export function consoleLoginState(login: { lastSeenAt: Date; expiresAt: Date; endedAt: Date | null }, now: Date): ConsoleLoginState {
  if (login.endedAt) return 'ended';
  if (now.getTime() >= login.expiresAt.getTime()) return 'absolute_timeout';
  if (now.getTime() - login.lastSeenAt.getTime() >= CONSOLE_IDLE_TIMEOUT_MS) return 'idle_timeout';
  return 'open';
}

/** When the idle timeout ends a login, the absolute one permitting. */
export function consoleIdleExpiry(login: { lastSeenAt: Date; expiresAt: Date }): Date {
  return new Date(Math.min(login.lastSeenAt.getTime() + CONSOLE_IDLE_TIMEOUT_MS, login.expiresAt.getTime()));
}

/** The scopes `requested` that `held` lacks: a login never gets more than the key that asked for it. */
export function scopesBeyond(requested: readonly string[], held: readonly string[]): string[] {
  return requested.filter((s) => !held.includes(s));
}
