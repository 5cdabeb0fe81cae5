import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import Router from '@koa/router';
import type { Payload, PayloadCodec } from '@temporalio/common';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { ProblemError } from './errors';

/**
 * Who may use the codec server: `open` only on `npm start`'s API on this machine; otherwise a bearer token
 * (HUB_CODEC_TOKEN) that ops give the Temporal CLI (`--codec-auth`) or the SSO proxy in front of the Temporal UI.
 * Absent, the routes do not exist.
 */
export type CodecAccess = 'open' | { token: string };

export interface CodecServerDeps {
  codec: PayloadCodec;
  access?: CodecAccess;
  /** Origins whose browsers may call it: the Temporal UI's. */
  origins: string[];
}

const MAX_BODY = '4mb';
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');
const Payloads = z.object({
  payloads: z.array(z.object({ metadata: z.record(z.string(), base64).nullish(), data: base64.nullish() })).max(10_000),
});
type JsonPayload = z.infer<typeof Payloads>['payloads'][number];

const fromJson = (p: JsonPayload): Payload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64')])),
  data: Buffer.from(p.data ?? '', 'base64'),
});
const toJson = (p: Payload) => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? []).toString('base64')])),
  data: Buffer.from(p.data ?? []).toString('base64'),
});

function authorized(access: CodecAccess, header: string | undefined): boolean {
  if (access === 'open') return true;
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(access.token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Temporal's remote codec protocol, so the Temporal UI and CLI show the payloads the hub encrypts
 * (infra/payload-codec.ts): `POST /codec/decode` and `POST /codec/encode` take and answer
 * `{"payloads": [{"metadata": {k: base64}, "data": base64}]}`, with CORS for the UI's origin.
 */
export function codecRouter(deps: CodecServerDeps): Router {
  const router = new Router({ prefix: '/codec' });
  const { access } = deps;
  if (!access) return router;
  const cors: Koa.Middleware = async (ctx, next) => {
    const origin = ctx.get('origin');
    if (origin && deps.origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.set('Vary', 'Origin');
    }
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
  router.options(['/decode', '/encode'], cors, (ctx) => {
    ctx.set('Access-Control-Allow-Methods', 'POST');
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Namespace');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
  });
  for (const direction of ['decode', 'encode'] as const) {
    router.post(`/${direction}`, cors, async (ctx) => {
      if (!authorized(access, ctx.get('authorization') || undefined)) {
        ctx.set('WWW-Authenticate', 'Bearer realm="codec"');
        throw new ProblemError('unauthorized', { detail: 'The codec server needs the ops bearer token (HUB_CODEC_TOKEN).' });
      }
      let raw: string;
      try {
        raw = await getRawBody(ctx.req, { limit: MAX_BODY, encoding: 'utf8' });
      } catch {
        throw new ProblemError('payload_too_large', { detail: `At most ${MAX_BODY} of payloads per call.` });
      }
      let parsed: z.infer<typeof Payloads>;
      try {
        parsed = Payloads.parse(JSON.parse(raw));
      } catch {
        throw new ProblemError('bad_request', { detail: 'Expected {"payloads": [{"metadata": {…base64}, "data": base64}]}.' });
      }
      let payloads: Payload[];
      try {
        payloads = await deps.codec[direction](parsed.payloads.map(fromJson));
      } catch (err) {
        throw new ProblemError('validation_failed', { detail: (err as Error).message });
      }
      ctx.body = { payloads: payloads.map(toJson) };
    });
  }
  return router;
}
