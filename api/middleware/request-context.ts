import { randomUUID } from 'node:crypto';
import { isGrpcServiceError, NamespaceNotFoundError, ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import type { Context, Next } from 'koa';
import type { Logger } from '../../infra/logger';
import { PROBLEMS, ProblemError, problemBody, serviceUnavailable, type ProblemCode, type ProblemOptions } from '../errors';
import { loggedPath } from './request-log';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    /** This request's logger: every line carries `requestId`, and `workflowId` once `bindWorkflow` names one. */
    logger: Logger;
    workflowId?: string;
  }
}

/** Names the workflow this request starts or drives: the access log and every later line of `ctx.state.logger` carry it. */
export function bindWorkflow(ctx: Context, workflowId: string): void {
  ctx.state.workflowId = workflowId;
  ctx.state.logger = ctx.state.logger.child({ workflowId });
}

/** gRPC codes of a Temporal that is out of reach (UNAVAILABLE), too slow (DEADLINE_EXCEEDED) or shedding load (RESOURCE_EXHAUSTED). */
const TEMPORAL_BUSY_CODES = new Set([14, 4, 8]);

/**
 * Temporal out of reach, too slow to answer or over its limits: a 503 the client may retry, not a bug. A namespace
 * "not found" is one too: a frontend whose persistence was just cut or restarted answers it for a namespace that exists
 * until its namespace cache refills (seen when PostgreSQL under the production server restarts); a namespace that is
 * really missing fails the API's start and its readiness check instead.
 */
function temporalUnavailable(err: unknown): boolean {
  const grpc = isGrpcServiceError(err) ? err : err instanceof ServiceError && isGrpcServiceError(err.cause) ? err.cause : undefined;
  return (
    err instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
    err instanceof NamespaceNotFoundError ||
    (grpc !== undefined && TEMPORAL_BUSY_CODES.has(grpc.code))
  );
}

/** PostgreSQL out of reach (down, restarting, the connection cut): a 503 the client may retry, not a bug. */
const DATABASE_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && DATABASE_GONE.has(e.code)) return true;
  return typeof e?.message === 'string' && /^Connection terminated|^terminating connection/.test(e.message);
}

/** A dependency out of reach, as the 503 the client retries after `Retry-After`; undefined for any other error. */
function outage(err: unknown): ProblemError | undefined {
  if (temporalUnavailable(err)) return serviceUnavailable('The dispatch service did not answer in time; retry shortly.');
  if (databaseUnavailable(err)) return serviceUnavailable('The database is not reachable; retry shortly.');
  return undefined;
}

/** Maps errors thrown by Koa and its helpers (http-errors) onto our problem codes. */
function fromHttpError(err: { status?: number; expose?: boolean; type?: string; message?: string }): [ProblemCode, ProblemOptions] {
  switch (err.status) {
    case 400:
      return err.type === 'entity.parse.failed'
        ? ['invalid_json', { detail: 'The request body is not valid JSON.' }]
        : ['bad_request', { detail: err.expose ? err.message : undefined }];
    case 404:
      return ['not_found', { detail: 'No such resource.' }];
    case 413:
      return ['payload_too_large', { detail: err.message }];
    case 415:
      return ['unsupported_media_type', { detail: err.message }];
    default:
      return ['internal_error', {}];
  }
}

/**
 * The first middleware: a request id on every response, one access-log line per request, and every error as
 * RFC 9457 problem+json. Nothing internal reaches the client; every 5xx is logged with its request id. A line names the
 * path as `loggedPath` writes it: never a link's token or a secret query value.
 */
export function requestContext(logger: Logger, docsBase: string) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = VALID_REQUEST_ID.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ProblemError('not_found', { detail: `No route for ${ctx.method} ${ctx.path}.` });
        if (ctx.status === 405 || ctx.status === 501) {
          const allow = ctx.response.get('Allow');
          throw new ProblemError('method_not_allowed', {
            detail: `${ctx.method} is not allowed on ${ctx.path}.`,
            headers: allow ? { Allow: allow } : undefined,
          });
        }
      }
    } catch (err) {
      const problem = err instanceof ProblemError ? err : outage(err);
      const [code, options]: [ProblemCode, ProblemOptions] = problem ? [problem.code, problem.options] : fromHttpError(err as never);
      if (PROBLEMS[code].status >= 500)
        ctx.state.logger.error({ err, method: ctx.method, path: loggedPath(ctx), status: PROBLEMS[code].status }, 'request failed');
      ctx.status = PROBLEMS[code].status;
      for (const [name, value] of Object.entries(options.headers ?? {})) ctx.set(name, value);
      ctx.type = 'application/problem+json';
      ctx.body = problemBody(code, options, requestId, ctx.path, docsBase);
    } finally {
      ctx.state.logger.debug(
        { method: ctx.method, path: loggedPath(ctx), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
