import type { Context, Next } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from '../../db/sql';
import type { Principal } from '../auth/principal';
import { ProblemError } from '../errors';

const WINDOW_SECONDS = 60;

export interface RateDecision {
  limit: number;
  remaining: number;
  resetAt: number;
  allowed: boolean;
}

declare module 'koa' {
  interface DefaultState {
    /** Set by an authentication that already counted the request in the statement that read its credential. */
    rateDecision?: RateDecision;
  }
}

/** The start, in epoch seconds, of the window a request made at `now` counts in. */
export function windowStartOf(now = Date.now()): number {
  return Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
}

/**
 * The upsert that counts one request in its window and returns the window's count. Its bucket and window start are
 * the parameters `$first` and `$first + 1`; `from` may make the count conditional (`from <cte> where …`).
 */
export function countRequest(first: number, from = ''): string {
  return `insert into rate_limit_windows (bucket, window_start, count) select $${first}, to_timestamp($${first + 1}), 1 ${from}
     on conflict (bucket, window_start) do update set count = rate_limit_windows.count + 1
     returning count`;
}

export function decide(count: number, limit: number, windowStart: number): RateDecision {
  return { limit, remaining: Math.max(0, limit - count), resetAt: windowStart + WINDOW_SECONDS, allowed: count <= limit };
}

/**
 * Fixed one-minute windows counted in PostgreSQL with one atomic upsert, so the limit holds across every API process.
 */
export async function consume(orm: MikroORM, bucket: string, limit: number, now = Date.now()): Promise<RateDecision> {
  const windowStart = windowStartOf(now);
  const rows = await sqlOf(orm)<{ count: number }>(countRequest(1), [bucket, windowStart]);
  return decide(Number(rows[0].count), limit, windowStart);
}

/** Seconds until the window ends: the RateLimit `t` and, over the limit, Retry-After. */
function secondsToReset(d: RateDecision, now = Date.now()): number {
  return Math.max(1, d.resetAt - Math.floor(now / 1000));
}

/** IETF RateLimit fields (draft -10) and the X-RateLimit-* trio; X-RateLimit-Reset is epoch seconds, as GitHub's. */
export function rateLimitHeaders(d: RateDecision, t: number): Record<string, string> {
  return {
    'RateLimit-Policy': `"default";q=${d.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"default";r=${d.remaining};t=${t}`,
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.resetAt),
  };
}

/** Each credential has its own windows. */
export function rateBucket(principal: Pick<Principal, 'kind' | 'credentialId'>): string {
  return `${principal.kind}:${principal.credentialId}`;
}

export function rateLimit(orm: MikroORM) {
  return async (ctx: Context, next: Next) => {
    const principal = ctx.state.principal;
    if (!principal || principal.kind === 'anonymous') return next();
    const decision = ctx.state.rateDecision ?? (await consume(orm, rateBucket(principal), principal.rateLimitPerMinute));
    const t = secondsToReset(decision);
    const headers = rateLimitHeaders(decision, t);
    ctx.set(headers);
    if (!decision.allowed) {
      const retryAfter = String(t);
      throw new ProblemError('rate_limited', {
        detail: `More than ${decision.limit} requests in a minute; retry after ${retryAfter} s.`,
        headers: { ...headers, 'Retry-After': retryAfter },
      });
    }
    return next();
  };
}

export async function purgeEndedWindows(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute(`delete from rate_limit_windows where window_start < now() - interval '2 minutes'`);
}
