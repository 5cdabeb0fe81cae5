import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z, type ZodType } from 'zod';
import { ProblemError, type FieldError, type ProblemCode } from './errors';
import type { ApiDeps } from './deps';
import type { Principal } from './auth/principal';
import { xmlBodyReader } from './middleware/body';
import { forbiddenCharacterErrors, textFields } from './request-text';

export type Security =
  /** `clientAuthentication`: the handler itself authenticates an OAuth client (the token endpoint); documented, not enforced here. */
  | { kind: 'none'; clientAuthentication?: 'basic' }
  | { kind: 'partner'; scope: string }
  /** A list: any one of its scopes lets the call in (the operation then shows what each scope reads). */
  | { kind: 'apiKey'; scope: string | readonly string[] }
  /** A fleet unit's driver app (`drv_…` credential); the principal's ownerId is the unit id. */
  | { kind: 'driver' };

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  contentType?: string;
  /** The same answer in another media type, chosen by `Accept` (e.g. a list as `text/csv`). */
  alternative?: { contentType: string; schema: ZodType; example?: string };
}

export interface OperationInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The request headers the operation declares (`request.headers`), validated; lower-case names. */
  headers: Record<string, unknown>;
  principal: Principal;
  ctx: Context;
  deps: ApiDeps;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One API operation: its route, schemas (which also generate OpenAPI), security, errors and handler. */
export interface Operation<B = unknown, Q = unknown, P = unknown> {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** Koa-style path, e.g. `/v1/bookings/:id`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  /**
   * Accepts `Idempotency-Key` and replays the first complete response. `in-handler`: the handler claims the key
   * itself, before its first side effect (api/middleware/idempotency.ts).
   */
  idempotent?: boolean | 'in-handler';
  /** A request without `Idempotency-Key` is refused (400): creating twice by accident must not be possible. */
  idempotencyKeyRequired?: boolean;
  request?: {
    body?: ZodType<B>;
    /** Media type of the body when not JSON: `application/xml` reads the body as text (up to 32 MiB); otherwise documentation. */
    bodyContentType?: string;
    /** A valid request body for the OpenAPI document (a test checks it passes `body`). */
    bodyExample?: unknown;
    /** The body may be left out (every field is optional): documented as not required. */
    bodyOptional?: boolean;
    query?: ZodType<Q>;
    params?: ZodType<P>;
    /** Request headers the operation reads, with lower-case names (documented as header parameters). */
    headers?: z.ZodObject;
  };
  responses: Record<number, ResponseSpec>;
  errors: ProblemCode[];
  handler(input: OperationInput<B, Q, P>): Promise<OperationResult>;
}

export function defineOperation<B = undefined, Q = undefined, P = undefined>(op: Operation<B, Q, P>): Operation<B, Q, P> {
  return op;
}

export type AnyOperation = Operation<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Turns zod issues into the problem's `errors[]`, one entry per failing field, with dotted params. */
export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  const param = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.') || (prefix ?? 'body');
  return error.issues.flatMap((issue): FieldError[] =>
    // zod reports every unknown key of an object in one issue; name each field on its own.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ param: param([...issue.path, key]), code: issue.code, detail: `Unknown field "${key}".` }))
      : [{ param: param(issue.path), code: issue.code, detail: issue.message }],
  );
}

function validationFailed(errors: FieldError[]): ProblemError {
  return new ProblemError('validation_failed', {
    detail: `${errors.length} field${errors.length === 1 ? '' : 's'} failed validation.`,
    errors,
    param: errors.length === 1 ? errors[0].param : undefined,
  });
}

function parseOrThrow<T>(schema: ZodType<T> | undefined, value: unknown, where: 'body' | 'query' | 'path' | 'header'): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A header is named as sent (`X-Sandbox-Scenario`), body fields by their dotted path.
  throw validationFailed(fieldErrors(result.error, where === 'body' || where === 'header' ? undefined : where));
}

/**
 * Refuses a request whose body, query, path or declared headers hold, in a field the operation declares, a character
 * no text may hold (NUL and the other controls, unpaired surrogates, noncharacters; tab and line breaks outside the
 * operation's multi-line fields), before its schemas and handler see it: every operation of every API, one rule
 * (domain/plain-text.ts, docs/errors.md).
 */
function textChecker(op: AnyOperation) {
  const fields = {
    body: textFields(op.request?.body),
    query: textFields(op.request?.query),
    path: textFields(op.request?.params),
    header: textFields(op.request?.headers),
  };
  return (parts: { body: unknown; query: unknown; path: unknown; header: unknown }) => {
    const errors = (['body', 'query', 'path', 'header'] as const).flatMap((where) =>
      forbiddenCharacterErrors(parts[where], where, fields[where]),
    );
    if (errors.length) throw validationFailed(errors);
  };
}

function pickHeaders(ctx: Context, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (ctx.get(name) ? [[name, ctx.get(name)]] : [])));
}

export interface OperationPipeline {
  authenticate(op: AnyOperation): Middleware;
  readBody: Middleware;
  rateLimit(op: AnyOperation): Middleware;
  idempotency(op: AnyOperation): Middleware;
}

/**
 * Mounts operations on the router with the pipeline: authenticate → rate limit → read body → idempotency → validate →
 * handle. Bodies are read only for a matched route and an authenticated caller: an unknown route is a 404 and a
 * missing token a 401, whatever the body.
 */
export function mountOperations(router: Router, operations: AnyOperation[], deps: ApiDeps, pipeline: OperationPipeline): void {
  const readXml = xmlBodyReader();
  for (const op of operations) {
    const checkText = textChecker(op);
    const handle: Middleware = async (ctx) => {
      // No body at all reads as `{}` (an optional body's defaults); a JSON `null` is a body, and validated as one.
      const sent = ctx.request.parsedBody;
      const headerSchema = op.request?.headers;
      const sentHeaders = headerSchema ? pickHeaders(ctx, Object.keys(headerSchema.shape)) : {};
      checkText({ body: sent, query: ctx.query, path: ctx.params, header: sentHeaders });
      const body = parseOrThrow(op.request?.body, sent === undefined ? {} : sent, 'body');
      const query = parseOrThrow(op.request?.query, ctx.query, 'query');
      const params = parseOrThrow(op.request?.params, ctx.params, 'path');
      const headers = headerSchema ? parseOrThrow(headerSchema, sentHeaders, 'header') : {};
      const result = await op.handler({ body, query, params, headers, principal: ctx.state.principal, ctx, deps });
      ctx.status = result.status;
      for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
      if (result.body !== undefined) ctx.body = result.body;
    };
    router[op.method](
      op.operationId,
      op.path,
      pipeline.authenticate(op),
      pipeline.rateLimit(op),
      op.request?.bodyContentType === 'application/xml' ? readXml : pipeline.readBody,
      pipeline.idempotency(op),
      handle,
    );
  }
}
