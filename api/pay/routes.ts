import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  cancelChallenge,
  payableInvoice,
  payInvoice,
  paymentAction,
  PaymentRefusal,
  providerPaymentChanged,
  type PayableInvoice,
  type PaymentDeps,
} from '../../app/payments';
import { verifyPaymentToken } from '../../infra/passenger-links';
import type { ApiDeps } from '../deps';
import { ProblemError } from '../errors';
import { bodyReader } from '../middleware/body';
import { limitPassengerLink } from '../middleware/rate-limit';
import { localeOf, payErrorPage, payPage, payPageCsp, type PayPageMode } from './page';

const ASSETS: Record<string, { file: string; type: string }> = {
  'pay-common.js': { file: join(__dirname, 'assets', 'pay-common.js'), type: 'text/javascript; charset=utf-8' },
  'pay.js': { file: join(__dirname, 'assets', 'pay.js'), type: 'text/javascript; charset=utf-8' },
  'pay-stripe.js': { file: join(__dirname, 'assets', 'pay-stripe.js'), type: 'text/javascript; charset=utf-8' },
  'pay.css': { file: join(__dirname, 'assets', 'pay.css'), type: 'text/css; charset=utf-8' },
};
const cache = new Map<string, Buffer>();

const PayBody = z.object({ payment_method: z.string().min(1).max(200), save_card: z.boolean().default(false) }).strict();

const REFUSALS: Record<PaymentRefusal['code'], 'conflict' | 'not_found' | 'validation_failed' | 'amount_not_supported'> = {
  amount_not_supported: 'amount_not_supported',
  already_paid: 'conflict',
  in_progress: 'conflict',
  not_payable: 'conflict',
  refund_refused: 'conflict',
  not_found: 'not_found',
  unknown_card: 'validation_failed',
};

/**
 * The hosted payment page of an invoice, `/pay/:token` (a signed link: infra/passenger-links.ts), and the calls its
 * script makes: the payment's state, paying with a card token from the PSP, cancelling a challenge.
 */
export function payRouter(deps: ApiDeps): Router {
  const router = new Router();
  const payments: PaymentDeps = {
    orm: deps.orm,
    temporal: deps.temporal,
    challengeTimeoutMs: deps.paymentChallengeTimeoutMs,
    provider: deps.paymentProvider,
  };
  const mode: PayPageMode = deps.stripe ? { provider: 'stripe', publishableKey: deps.stripe.publishableKey } : { provider: 'simulated' };
  const limit = (ctx: Context) => limitPassengerLink(ctx, deps.rateLimiter, 'pay');
  /** The invoice the link names, or the reason it names none. */
  const resolve = async (ctx: Context): Promise<{ error: 'invalid' | 'expired' } | { invoice: PayableInvoice }> => {
    await limit(ctx);
    const check = verifyPaymentToken(deps.decryptionKeys, ctx.params.token ?? '');
    if (!check.ok) return { error: check.reason };
    const invoice = await payableInvoice(deps.orm, check.documentId);
    return invoice ? { invoice } : { error: 'invalid' };
  };
  const noStore = (ctx: Context) => ctx.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' });
  const refused = (err: unknown) =>
    err instanceof PaymentRefusal ? new ProblemError(REFUSALS[err.code], { detail: err.message, extensions: { reason: err.code } }) : err;

  router.get('/pay/:token', async (ctx) => {
    const found = await resolve(ctx);
    noStore(ctx);
    ctx.set('Content-Security-Policy', payPageCsp(mode));
    ctx.type = 'text/html; charset=utf-8';
    if ('error' in found) {
      ctx.status = found.error === 'expired' ? 410 : 404;
      ctx.body = payErrorPage(found.error);
      return;
    }
    ctx.body = payPage(ctx.params.token!, found.invoice, localeOf(ctx.get('accept-language')), mode, deps.invoiceSeller);
  });

  router.get('/pay/:token/state', async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found) throw new ProblemError('not_found', { detail: 'No such payment link.' });
    const p = found.invoice.payment;
    noStore(ctx);
    ctx.body = {
      invoice: found.invoice.number,
      status: found.invoice.status,
      payment: p && { id: p.id, status: p.status, reason: p.reason, challenge_url: p.challenge_url, method: p.method },
    };
  });

  router.post('/pay/:token/payments', bodyReader(), async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found) throw new ProblemError('not_found', { detail: 'No such payment link.' });
    const body = PayBody.safeParse(ctx.request.parsedBody ?? {});
    if (!body.success) throw new ProblemError('validation_failed', { detail: 'Send {"payment_method": "<token from the card form>"}.' });
    const payment = await payInvoice(payments, {
      documentId: found.invoice.id,
      paymentMethod: body.data.payment_method,
      saveCard: body.data.save_card,
    }).catch((err: unknown) => {
      throw refused(err);
    });
    noStore(ctx);
    ctx.status = 201;
    ctx.body = { payment_id: payment.id, status: payment.status };
  });

  router.post('/pay/:token/payments/:id/cancel', async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found || found.invoice.payment?.id !== ctx.params.id)
      throw new ProblemError('not_found', { detail: 'No such payment.' });
    await cancelChallenge(payments, ctx.params.id!);
    ctx.status = 202;
    ctx.body = { payment_id: ctx.params.id };
  });

  /** What the provider's script needs to take the cardholder through the challenge (Stripe.js: the client secret). */
  router.get('/pay/:token/payments/:id/action', async (ctx) => {
    const found = await resolve(ctx);
    if ('error' in found || found.invoice.payment?.id !== ctx.params.id)
      throw new ProblemError('not_found', { detail: 'No such payment.' });
    const action = await paymentAction(payments, ctx.params.id!);
    if (!action)
      throw new ProblemError('conflict', {
        detail: 'This payment is not waiting for the cardholder.',
        extensions: { reason: 'no_action' },
      });
    noStore(ctx);
    ctx.body = { payment_id: ctx.params.id, client_secret: action.clientSecret, payment_method: action.paymentMethod };
  });

  /** The provider's script finished the challenge: the payment's workflow reads the payment again (not waiting for the webhook). */
  router.post('/pay/:token/payments/:id/refresh', async (ctx) => {
    const found = await resolve(ctx);
    const payment = 'error' in found ? null : found.invoice.payment;
    if (!payment || payment.id !== ctx.params.id) throw new ProblemError('not_found', { detail: 'No such payment.' });
    if (payment.provider_payment_id) await providerPaymentChanged(payments, payment.provider_payment_id);
    ctx.status = 202;
    ctx.body = { payment_id: payment.id };
  });

  router.get('/assets/pay/:file', (ctx) => {
    const asset = ASSETS[ctx.params.file ?? ''];
    if (!asset) throw new ProblemError('not_found', { detail: 'No such asset.' });
    let body = cache.get(asset.file);
    if (!body) cache.set(asset.file, (body = readFileSync(asset.file)));
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = body;
  });
  return router;
}
