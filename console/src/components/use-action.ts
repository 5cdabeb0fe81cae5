import { useCallback, useRef, useState } from 'preact/hooks';
import { IdempotencyKeys } from '../client/idempotency-keys';

/**
 * Runs one user action at a time, keeping its problem to show beside the button. While one runs (`busy`, which
 * disables its buttons) another is ignored, even one fired before the page re-rendered (a fast double click).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}

/** The page's (or form's) Idempotency-Keys, one per action, kept until it succeeds (client/idempotency-keys.ts). */
export function useIdempotencyKeys(): IdempotencyKeys {
  return useState(() => new IdempotencyKeys())[0];
}
