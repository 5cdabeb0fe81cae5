import type { Context, Next } from 'koa';
import { recordIdempotentReplay, recordRequest, type ApiName } from '../../infra/metrics';
import type { AnyOperation } from '../operation';

/** Which API an operation belongs to, from its path: the label on every request metric. */
export function apiOf(path: string): ApiName {
  if (path.startsWith('/api/public/')) return 'public';
  if (path.startsWith('/v1/') || path === '/v1') return 'partner';
  if (path.startsWith('/driver/')) return 'driver';
  return 'other';
}

/**
 * The outermost middleware: counts and times every request by API and operation id (the router's route name, never
 * the raw path), and counts 429 refusals and idempotent replays. Two Map lookups and three prom-client updates per
 * request.
 */
export function requestMetrics(operations: AnyOperation[]) {
  const apis = new Map(operations.map((op) => [op.operationId, apiOf(op.path)]));
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const name = ctx._matchedRouteName;
      const operation = name ?? (typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : 'unmatched');
      const api = (name && apis.get(name)) || 'other';
      recordRequest(api, operation, ctx.status, (performance.now() - started) / 1000);
      if (ctx.response.get('Idempotent-Replayed') === 'true') recordIdempotentReplay(api, operation);
    }
  };
}
