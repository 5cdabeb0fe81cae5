import type { Context, Next } from 'koa';
import type { RequestLogWriter } from '../../app/request-log';
import { testOrLive, environmentOf } from '../../domain/environment';
import { redactPath } from '../../infra/redact-path';

/** The path as every line of the API logs it: the query kept (a cursor, a filter help debugging), secrets redacted. */
export const loggedPath = (ctx: Context): string => redactPath(ctx.querystring ? `${ctx.path}?${ctx.querystring}` : ctx.path);

/**
 * Outside the error handler (so the status is the one sent): appends one row per public API request made with a key
 * or a console login to the request log's buffer. Nothing is awaited here.
 */
export function requestLog(writer: RequestLogWriter) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const caller = ctx.state.principal ?? ctx.state.identified;
      if (caller?.kind === 'integrator') {
        writer.record({
          accountId: caller.ownerId,
          environment: testOrLive(environmentOf(caller.livemode)),
          keyId: caller.console ? (caller.console.apiKeyId ?? caller.console.sessionId) : caller.credentialId,
          console: Boolean(caller.console),
          method: ctx.method,
          path: loggedPath(ctx),
          status: ctx.status,
          requestId: ctx.state.requestId,
          latencyMs: Math.round(performance.now() - started),
          at: new Date(),
        });
      }
    }
  };
}
