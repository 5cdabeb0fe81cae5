import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pingDatabase } from '../db/orm';
import { scrape } from '../infra/metrics';
import { serviceUnavailable } from './errors';

/** How long each readiness check may take; both run at once, so `/readyz` answers within a second. */
export const READINESS_TIMEOUT_MS = 800;

export type CheckResult = { status: 'up' } | { status: 'down'; error: string };

async function withTimeout(check: () => Promise<unknown>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'up' };
  } catch (err) {
    // A short reason for ops, never a connection string: driver messages name hosts, not credentials.
    const message = (err as { code?: string; message?: string }).code ?? (err as Error).message ?? 'failed';
    return { status: 'down', error: String(message).slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PostgreSQL answers a query and Temporal describes our namespace, each within `timeoutMs`. Only PostgreSQL decides
 * readiness: every request the process serves needs it, while only the operations that start or drive a
 * workflow need Temporal, and those answer 503 themselves when it is out of reach. Taking every API process out of
 * rotation for a Temporal blip would refuse the reads PostgreSQL alone answers; Temporal's check is reported only.
 */
export async function readiness(deps: { orm: MikroORM; temporal: Client }, timeoutMs = READINESS_TIMEOUT_MS) {
  const [postgresql, temporal] = await Promise.all([
    withTimeout(() => pingDatabase(deps.orm), timeoutMs),
    withTimeout(
      () =>
        deps.temporal.connection.withDeadline(Date.now() + timeoutMs, () =>
          deps.temporal.workflowService.describeNamespace({ namespace: deps.temporal.options.namespace }),
        ),
      timeoutMs,
    ),
  ]);
  return { postgresql, temporal };
}

/**
 * Platform routes for load balancers, orchestrators and Prometheus: unauthenticated, not rate limited, and not in
 * the OpenAPI document (they are not part of either API's contract with partners or integrators; docs/operations.md
 * documents them).
 *   GET /healthz  200 while the process serves HTTP (liveness).
 *   GET /readyz   200 when PostgreSQL answers (Temporal's state reported, not required); 503 problem+json while
 *                 PostgreSQL is out of reach, or once the process shuts down (readiness).
 *   GET /metrics  Prometheus exposition of this process's registry (infra/metrics.ts).
 */
export function opsRouter(deps: { orm: MikroORM; temporal: Client; lifecycle?: { draining: boolean } }): Router {
  const router = new Router();
  router.get('healthz', '/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('readyz', '/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (deps.lifecycle?.draining) {
      throw serviceUnavailable('Not ready: this process is shutting down.', { headers: { 'Cache-Control': 'no-store' } });
    }
    const checks = await readiness(deps);
    if (checks.postgresql.status === 'down') {
      throw serviceUnavailable(`Not ready: postgresql is down (${checks.postgresql.error}).`, {
        headers: { 'Cache-Control': 'no-store' },
        extensions: { checks },
      });
    }
    ctx.body = { status: 'ready', checks };
  });
  router.get('metrics', '/metrics', async (ctx) => {
    const { contentType, body } = await scrape();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
