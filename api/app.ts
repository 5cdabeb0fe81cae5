import Koa from 'koa';
import Router from '@koa/router';
import { authenticateKeyOrConsole } from './auth/console-session';
import { authenticateDriver } from './auth/driver-auth';
import { authenticatePartner } from './auth/partner-auth';
import { ANONYMOUS } from './auth/principal';
import type { ApiDeps } from './deps';
import { codecRouter } from './codec-routes';
import { docsRouter } from './docs-routes';
import { ProblemError } from './errors';
import { bodyReader } from './middleware/body';
import { idempotency } from './middleware/idempotency';
import { requestMetrics } from './middleware/metrics';
import { rateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { requestLog } from './middleware/request-log';
import { opsRouter } from './ops-routes';
import { mountOperations, type AnyOperation, type OperationPipeline } from './operation';
import { OPERATIONS } from './operations';
import { trackingRouter } from './tracking/routes';
import { consoleRouter } from './console/routes';
import { payRouter } from './pay/routes';
import { simulatedProviderRouter } from './simulated-provider-routes';
import { stripeWebhookRouter } from './psp-stripe-routes';

/** The hub's HTTP API as a Koa app; it never listens (api/server.ts binds the port, tests use `app.callback()`). */
export function createApp(deps: ApiDeps, operations: AnyOperation[] = OPERATIONS): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const router = new Router();
  const limit = rateLimit(deps.rateLimiter);
  const claimedFirst = idempotency(deps.orm, deps.lifeline, deps);
  const claimedInHandler = idempotency(deps.orm, deps.lifeline, deps, 'in-handler');
  const pass: Koa.Middleware = (_ctx, next) => next();
  const keyRequired =
    (claim: Koa.Middleware): Koa.Middleware =>
    (ctx, next) => {
      if (ctx.headers['idempotency-key'] !== undefined) return claim(ctx, next);
      throw new ProblemError('bad_request', {
        detail: 'This call needs an Idempotency-Key header (a random UUID will do), so that a retry cannot book twice.',
        param: 'Idempotency-Key',
      });
    };

  const pipeline: OperationPipeline = {
    authenticate: (op) => async (ctx, next) => {
      const security = op.security;
      ctx.state.principal =
        security.kind === 'partner'
          ? await authenticatePartner(ctx, deps, security.scope)
          : security.kind === 'apiKey'
            ? await authenticateKeyOrConsole(ctx, deps, security.scope)
            : security.kind === 'driver'
              ? await authenticateDriver(ctx, deps)
              : ANONYMOUS;
      return next();
    },
    rateLimit: (op) => (op.security.kind === 'none' ? pass : limit),
    readBody: bodyReader(),
    idempotency: (op) => {
      const claim = op.idempotent === 'in-handler' ? claimedInHandler : op.idempotent ? claimedFirst : pass;
      return op.idempotencyKeyRequired ? keyRequired(claim) : claim;
    },
  };
  mountOperations(router, operations, deps, pipeline);

  // While the process drains (api/server.ts), every answer ends its connection: kept-alive clients reconnect elsewhere.
  // On https every answer tells browsers to keep to https (a year); plain http (npm start) sends nothing.
  const hsts = new URL(deps.publicBaseUrl).protocol === 'https:';
  app.use((ctx, next) => {
    if (deps.lifecycle.draining) ctx.set('Connection', 'close');
    if (hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    return next();
  });
  if (deps.tracing) app.use(deps.tracing.middleware);
  app.use(requestMetrics(operations));
  if (deps.requestLog) app.use(requestLog(deps.requestLog));
  app.use(requestContext(deps.logger, deps.publicBaseUrl));
  app.use(opsRouter(deps).routes());
  app.use(codecRouter(deps.codecServer).routes());
  app.use(docsRouter(deps.publicBaseUrl).routes());
  app.use(trackingRouter(deps).routes());
  app.use(payRouter(deps).routes());
  app.use(consoleRouter(deps).routes());
  if (deps.simulatedProviderRoutes) app.use(simulatedProviderRouter(deps).routes());
  if (deps.stripe) app.use(stripeWebhookRouter({ ...deps, stripe: deps.stripe }).routes());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
