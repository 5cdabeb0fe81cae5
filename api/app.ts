import Koa from 'koa';
import Router from '@koa/router';
import { authenticateApiKey } from './auth/api-key-auth';
import { authenticatePartner } from './auth/partner-auth';
import { ANONYMOUS } from './auth/principal';
import type { ApiDeps } from './deps';
import { docsRouter } from './docs-routes';
import { bodyReader } from './middleware/body';
import { idempotency } from './middleware/idempotency';
import { rateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { mountOperations, type AnyOperation, type OperationPipeline } from './operation';
import { OPERATIONS } from './operations';

/** The hub's HTTP API as a Koa app; it never listens (api/server.ts binds the port, tests use `app.callback()`). */
export function createApp(deps: ApiDeps, operations: AnyOperation[] = OPERATIONS): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const router = new Router();
  const limit = rateLimit(deps.orm);
  const idem = idempotency(deps.orm);
  const pass: Koa.Middleware = (_ctx, next) => next();

  const pipeline: OperationPipeline = {
    authenticate: (op) => async (ctx, next) => {
      const security = op.security;
      ctx.state.principal =
        security.kind === 'partner'
          ? await authenticatePartner(ctx, deps, security.scope)
          : security.kind === 'apiKey'
            ? await authenticateApiKey(ctx, deps, security.scope)
            : ANONYMOUS;
      return next();
    },
    rateLimit: (op) => (op.security.kind === 'none' ? pass : limit),
    readBody: bodyReader(),
    idempotency: (op) => (op.idempotent ? idem : pass),
  };
  mountOperations(router, operations, deps, pipeline);

  app.use(requestContext(deps.logger, deps.publicBaseUrl));
  app.use(docsRouter(deps.publicBaseUrl).routes());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
