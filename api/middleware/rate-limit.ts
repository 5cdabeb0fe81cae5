import type { Context, Next } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlOf } from '../../db/sql';
import { ProblemError } from '../errors';

const WINDOW_SECONDS = 60;

export interface RateDecision {
  limit: number;
  remaining: number;
  resetAt: number;
  allowed: boolean;
}

/**
 * Fixed one-minute windows counted in PostgreSQL with one atomic upsert, so the limit holds across every API process.
 */
export async function consume(orm: MikroORM, bucket: string, limit: number, now = Date.now()): Promise<RateDecision> {
  const windowStart = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  const rows = await sqlOf(orm)<{ count: number }>(
    `insert into rate_limit_windows (bucket, window_start, count) values ($1, to_timestamp($2), 1)
     on conflict (bucket, window_start) do update set count = rate_limit_windows.count + 1
     returning count`,
    [bucket, windowStart],
  );
  const count = Number(rows[0].count);
  return { limit, remaining: Math.max(0, limit - count), resetAt: windowStart + WINDOW_SECONDS, allowed: count <= limit };
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

export function rateLimit(orm: MikroORM) {
  return async (ctx: Context, next: Next) => {
    const principal = ctx.state.principal;
    if (!principal || principal.kind === 'anonymous') return next();
    const decision = await consume(orm, `${principal.kind}:${principal.credentialId}`, principal.rateLimitPerMinute);
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
