import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { leaseRateLimitWindow } from '../../db/rate-limit-windows';
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
    /** Set by an authentication that counted the request itself, so that its own refusals (IP, scope) count too. */
    rateDecision?: RateDecision;
  }
}

/** The start, in epoch seconds, of the window a request made at `now` counts in. */
export function windowStartOf(now = Date.now()): number {
  return Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
}

export function decide(count: number, limit: number, windowStart: number): RateDecision {
  return { limit, remaining: Math.max(0, limit - count), resetAt: windowStart + WINDOW_SECONDS, allowed: count <= limit };
}

/** A process takes a client's limit in slices of this share (at least one request), so it asks PostgreSQL rarely. */
const LEASE_SHARE = 20;

interface Lease {
  windowStart: number;
  /** The limit it was leased under: a changed limit leases anew. */
  limit: number;
  /** Requests asked for, and granted (fewer once the window's limit is reached). */
  size: number;
  granted: number;
  used: number;
  /** The window's count before this lease: what every process had leased before. */
  before: number;
}

/**
 * Fixed one-minute windows whose counts live in PostgreSQL, shared by every API process. Instead of a round trip per
 * request, a process leases a slice of a bucket's window (a twentieth of its limit) with one atomic upsert and counts
 * requests against it locally; the next slice is leased when it is spent. Leases never add up to more than the limit,
 * so no process admits a request over it; a slice another process has not used up yet may, near the end of a window,
 * refuse a request early (at most a twentieth of the limit per other process). A limit under 40 leases one request at
 * a time, which is exactly a count per request.
 */
export class RateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly leasing = new Map<string, Promise<void>>();
  /** Leases of ended windows are dropped once per window, by the first lease of the next. */
  private sweptWindow = 0;

  constructor(private readonly orm: MikroORM) {}

  async take(bucket: string, limit: number): Promise<RateDecision> {
    for (;;) {
      const windowStart = windowStartOf();
      const lease = this.leases.get(bucket);
      if (lease?.windowStart === windowStart) {
        if (lease.used < lease.granted) return decide(lease.before + ++lease.used, limit, windowStart);
        // Granted less than asked: the window's limit is spent.
        if (lease.granted < lease.size && lease.limit === limit) return decide(limit + 1, limit, windowStart);
      }
      let leasing = this.leasing.get(bucket);
      if (!leasing) {
        leasing = this.lease(bucket, limit, windowStart).finally(() => this.leasing.delete(bucket));
        this.leasing.set(bucket, leasing);
      }
      await leasing;
    }
  }

  private async lease(bucket: string, limit: number, windowStart: number): Promise<void> {
    const size = Math.max(1, Math.floor(limit / LEASE_SHARE));
    const before = (await leaseRateLimitWindow(this.orm, bucket, windowStart, size)) - size;
    if (windowStart !== this.sweptWindow) {
      this.sweptWindow = windowStart;
      for (const [key, ended] of this.leases) if (ended.windowStart < windowStart) this.leases.delete(key);
    }
    this.leases.set(bucket, { windowStart, limit, size, granted: Math.min(size, Math.max(0, limit - before)), used: 0, before });
  }
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

/** Sets the rate-limit headers of `decision` and refuses the request (429, Retry-After) when it is over the limit. */
function apply(ctx: Context, decision: RateDecision): void {
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
}

export function rateLimit(limiter: RateLimiter) {
  return async (ctx: Context, next: Next) => {
    const principal = ctx.state.principal;
    if (!principal || principal.kind === 'anonymous') return next();
    apply(ctx, ctx.state.rateDecision ?? (await limiter.take(rateBucket(principal), principal.rateLimitPerMinute)));
    return next();
  };
}

/**
 * Limits of the routes no credential authenticates (docs/security.md): the token endpoint per client id and address
 * (guessing a secret) and per address (many clients from one host), the passenger pages per link (a leaked link polled
 * hard).
 */
export const ANONYMOUS_LIMITS = { tokenPerClient: 60, tokenPerAddress: 600, perPassengerLink: 120 } as const;

/** Counts a request of an unauthenticated route in `bucket` (e.g. `token-address:<ip>`) and refuses it over `limit`. */
export async function limitAnonymous(ctx: Context, limiter: RateLimiter, bucket: string, limit: number): Promise<void> {
  apply(ctx, await limiter.take(`anonymous:${bucket}`, limit));
}

/**
 * Counts a request of a signed passenger link (`link` for tracking and receipts, `pay` for the payment page) against
 * that link's own limit, keyed by the link's hash: a leaked link polled hard, or one guessed at, stops at it.
 */
export function limitPassengerLink(ctx: Context, limiter: RateLimiter, kind: 'link' | 'pay'): Promise<void> {
  const link = createHash('sha256')
    .update(ctx.params.token ?? '')
    .digest('base64url');
  return limitAnonymous(ctx, limiter, `${kind}:${link}`, ANONYMOUS_LIMITS.perPassengerLink);
}
