import Router from '@koa/router';
import getRawBody from 'raw-body';
import Stripe from 'stripe';
import { receiveStripeEvent } from '../app/card-events';
import { meaningOfEvent, verifyStripeEvent } from '../infra/payments/stripe';
import type { ApiDeps } from './deps';
import { ProblemError } from './errors';
import { BODY_LIMIT_BYTES } from './middleware/body';

/**
 * Stripe's webhooks in (PAYMENT_PROVIDER=stripe): `POST /psp/stripe/webhooks`, the endpoint registered in the Stripe
 * dashboard. The raw body is verified against `Stripe-Signature` with the endpoint's secret (STRIPE_WEBHOOK_SECRET,
 * 300 s tolerance) before anything is read from it; a bad or stale signature is `400`. A verified event is handled once
 * by its id (app/payments.ts) and answered `200`, whatever its type, so Stripe stops sending it.
 */
export function stripeWebhookRouter(deps: ApiDeps & { stripe: NonNullable<ApiDeps['stripe']> }): Router {
  const router = new Router();
  router.post('/psp/stripe/webhooks', async (ctx) => {
    let raw: Buffer;
    try {
      raw = await getRawBody(ctx.req, { limit: BODY_LIMIT_BYTES, length: ctx.request.length });
    } catch {
      throw new ProblemError('bad_request', { detail: 'The request body could not be read.', headers: { Connection: 'close' } });
    }
    let event: Stripe.Event;
    try {
      event = verifyStripeEvent(raw, ctx.get('stripe-signature'), deps.stripe.webhookSecret);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) throw err;
      throw new ProblemError('bad_request', {
        detail: `The Stripe-Signature header does not sign this body with the endpoint's secret within 300 seconds.`,
        param: 'Stripe-Signature',
      });
    }
    const outcome = await receiveStripeEvent(
      { orm: deps.orm, temporal: deps.temporal, provider: deps.paymentProvider },
      { id: event.id, type: event.type, meaning: meaningOfEvent(event) },
    );
    deps.logger.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { received: true, event: event.id, outcome };
  });
  return router;
}
