import { ServiceError, isGrpcServiceError } from '@temporalio/client';

/** gRPC FAILED_PRECONDITION. */
const FAILED_PRECONDITION = 9;

/**
 * The server refuses an Update that lands while a workflow task is being completed: FAILED_PRECONDITION
 * ("unexpected workflow task failure", `UnhandledCommand`). The workflow is fine and the next try is admitted.
 */
export function isRacedUpdate(err: unknown): boolean {
  if (!(err instanceof ServiceError)) return false;
  const cause = err.cause;
  return (
    (isGrpcServiceError(cause) && cause.code === FAILED_PRECONDITION) || /unexpected workflow task failure/.test(String(cause?.message))
  );
}

/** Sends an Update again (up to `attempts` times, 50 ms more each wait) while the server refuses it as raced. */
export async function retryingRacedUpdate<T>(update: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await update();
    } catch (err) {
      if (!isRacedUpdate(err) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
