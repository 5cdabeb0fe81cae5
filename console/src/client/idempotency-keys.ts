/** A fresh Idempotency-Key. */
export function idempotencyKey(): string {
  return `console-${crypto.randomUUID()}`;
}

/**
 * The Idempotency-Key of each user action (a form, a button), kept until the action succeeds: a double click, or a
 * retry after a failure or a lost answer, sends the same key and the hub answers the first request again instead of
 * acting twice. A changed request (the person edited the form) is a new request and gets a new key: the hub refuses
 * a key sent again with another body (`422 idempotency_key_reused`).
 */
export class IdempotencyKeys {
  private readonly kept = new Map<string, { key: string; request: string }>();

  constructor(private readonly fresh: () => string = idempotencyKey) {}

  /** The key of `action` for `request` (its path and body): the kept one while the request is the same. */
  keyFor(action: string, request: unknown): string {
    const sent = JSON.stringify(request ?? null);
    const kept = this.kept.get(action);
    if (kept && kept.request === sent) return kept.key;
    const key = this.fresh();
    this.kept.set(action, { key, request: sent });
    return key;
  }

  /** Sends `action` with its key; once it succeeds the key is let go (the next click is a new request), after a failure it is kept. */
  async send<T>(action: string, request: unknown, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(action, request);
    const result = await call(key);
    if (this.kept.get(action)?.key === key) this.kept.delete(action);
    return result;
  }
}
