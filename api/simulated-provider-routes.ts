import Router from '@koa/router';
import type { Context } from 'koa';
import { providerPaymentChanged } from '../app/payments';
import { simulatedPaymentStore } from '../db/simulated-payments';
import { answerChallenge, CardRefusal, tokenizeCard } from '../infra/payments/simulated';
import type { ApiDeps } from './deps';
import { bodyReader } from './middleware/body';
import { escapeHtml } from './html';

function issuerPage(paymentId: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Simulated issuer: authenticate the payment</title>
</head>
<body>
  <main data-payment="${escapeHtml(paymentId)}">
    <p><strong>Simulated bank</strong> (test mode)</p>
    ${body}
  </main>
</body>
</html>
`;
}

/**
 * The simulated payment provider's own routes, standing in for a real provider's servers (infra/payments/simulated.ts): its card endpoint,
 * which takes the card number from the payment page's form and answers a token, and the issuer's 3-D Secure challenge
 * page with **Complete** and **Fail**, which then tells the hub (as a PSP's webhook would) that the payment changed.
 * Nothing here logs a request body.
 */
export function simulatedProviderRouter(deps: ApiDeps): Router {
  const router = new Router({ prefix: '/psp-sim' });
  const store = simulatedPaymentStore(deps.orm);
  const csp = (ctx: Context) =>
    ctx.set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'",
    });

  router.post('/v1/payment_methods', bodyReader(), async (ctx) => {
    const card = (ctx.request.parsedBody ?? {}) as { number?: string; exp_month?: number; exp_year?: number; cvc?: string };
    try {
      ctx.body = await tokenizeCard(store, {
        number: String(card.number ?? ''),
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
        cvc: String(card.cvc ?? ''),
      });
    } catch (err) {
      if (!(err instanceof CardRefusal)) throw err;
      ctx.status = 402;
      ctx.body = { error: { type: 'card_error', code: err.code, message: err.message } };
    }
    ctx.set('Cache-Control', 'no-store');
  });

  router.get('/challenge/:id', async (ctx) => {
    csp(ctx);
    ctx.type = 'text/html; charset=utf-8';
    const id = ctx.params.id!;
    const payment = await store.payment({ id });
    if (!payment) {
      ctx.status = 404;
      ctx.body = issuerPage(id, '<p>No such payment.</p>');
      return;
    }
    ctx.body = issuerPage(
      id,
      payment.status === 'requires_action'
        ? `<p>Confirm the payment of ${escapeHtml(payment.amount_minor)} (minor units) ${escapeHtml(payment.currency)}.</p>
    <form method="post" action="/psp-sim/challenge/${escapeHtml(id)}">
      <button name="answer" value="complete" type="submit">Complete</button>
      <button name="answer" value="fail" type="submit">Fail</button>
    </form>`
        : '<p id="done">Authentication finished. You can return to the payment page.</p>',
    );
  });

  router.post('/challenge/:id', bodyReader(), async (ctx) => {
    csp(ctx);
    ctx.type = 'text/html; charset=utf-8';
    const answer = (ctx.request.parsedBody as { answer?: string } | undefined)?.answer;
    const id = ctx.params.id!;
    const payment = answer === 'complete' || answer === 'fail' ? await answerChallenge(store, id, answer) : null;
    if (!payment) {
      ctx.status = 400;
      ctx.body = issuerPage(id, '<p>Answer complete or fail.</p>');
      return;
    }
    await providerPaymentChanged(deps, payment.id);
    ctx.body = issuerPage(id, '<p id="done">Authentication finished. You can return to the payment page.</p>');
  });
  return router;
}
