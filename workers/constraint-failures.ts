import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/** The SQLSTATE of a PostgreSQL error (node-postgres's `code`, MikroORM's `sqlState`), if it is one. */
function sqlState(err: unknown): string | undefined {
  const e = err as { sqlState?: unknown; code?: unknown } | null;
  const state = e?.sqlState ?? e?.code;
  return typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) ? state : undefined;
}

/**
 * An activity whose database write breaks an integrity constraint (SQLSTATE class 23: unique, foreign key, check, not
 * null) would break it the same way on every retry: it fails for good at once, as a `ConstraintViolation` the workflow
 * and ops see, instead of retrying forever. Every other error keeps its retry policy.
 */
export const constraintFailuresStopRetrying: ActivityInterceptorsFactory = () => ({
  inbound: {
    async execute(input, next) {
      try {
        return await next(input);
      } catch (err) {
        const state = sqlState(err);
        if (state?.startsWith('23')) {
          throw ApplicationFailure.nonRetryable(`${(err as Error).message} (SQLSTATE ${state})`, 'ConstraintViolation');
        }
        throw err;
      }
    },
  },
});
