import getRawBody from 'raw-body';
import type { Context, Next } from 'koa';
import { ProblemError } from '../errors';

export const BODY_LIMIT_BYTES = 256 * 1024;

declare module 'koa' {
  interface Request {
    rawBody?: string;
    parsedBody?: unknown;
  }
}

const JSON_TYPE = /^application\/([a-z.+-]*\+)?json$/i;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The body as text, up to `limit` bytes: 413 over it, 400 when it cannot be read. */
async function readRaw(ctx: Context, limit: number): Promise<string> {
  try {
    return await getRawBody(ctx.req, { limit, length: ctx.request.length, encoding: 'utf8' });
  } catch (err) {
    if ((err as { type?: string }).type === 'entity.too.large') {
      // The rest of the body stays unread, so this connection cannot carry another request.
      throw new ProblemError('payload_too_large', {
        detail: `The request body exceeds ${limit} bytes.`,
        headers: { Connection: 'close' },
      });
    }
    throw new ProblemError('bad_request', { detail: 'The request body could not be read.', headers: { Connection: 'close' } });
  }
}

/**
 * Reads JSON or form bodies with an explicit size limit, keeping the raw text (idempotency fingerprints use it).
 * 400 for malformed JSON, 413 over the limit, 415 for any other content type.
 */
export function bodyReader(limit = BODY_LIMIT_BYTES) {
  return async (ctx: Context, next: Next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    if (!hasBody || ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    const mediaType = (ctx.request.type || '').toLowerCase();
    const isJson = JSON_TYPE.test(mediaType);
    if (!isJson && mediaType !== FORM_TYPE) {
      throw new ProblemError('unsupported_media_type', {
        detail: `Content-Type ${mediaType || '(none)'} is not supported; send application/json${ctx.path.endsWith('/oauth/token') ? ' or application/x-www-form-urlencoded' : ''}.`,
      });
    }
    const raw = await readRaw(ctx, limit);
    ctx.request.rawBody = raw;
    if (isJson) {
      try {
        ctx.request.parsedBody = raw.length ? JSON.parse(raw) : undefined;
      } catch (err) {
        throw new ProblemError('invalid_json', { detail: `The request body is not valid JSON: ${(err as Error).message}` });
      }
    } else {
      ctx.request.parsedBody = Object.fromEntries(new URLSearchParams(raw));
    }
    return next();
  };
}

export const XML_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
const XML_TYPE = /^(application|text)\/xml$/i;

/**
 * Reads an XML body (a bank file) as text for the operations that take one (`request.bodyContentType` XML): up to
 * 32 MiB, 413 over it, 415 for any other content type. The operation validates it against its schema.
 */
export function xmlBodyReader(limit = XML_BODY_LIMIT_BYTES) {
  return async (ctx: Context, next: Next) => {
    const mediaType = (ctx.request.type || '').toLowerCase();
    if (!XML_TYPE.test(mediaType)) {
      throw new ProblemError('unsupported_media_type', {
        detail: `Content-Type ${mediaType || '(none)'} is not supported; send application/xml.`,
      });
    }
    ctx.request.rawBody = await readRaw(ctx, limit);
    ctx.request.parsedBody = ctx.request.rawBody;
    return next();
  };
}
