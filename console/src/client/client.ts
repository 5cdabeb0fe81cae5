import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.gen';

/** The public document's schemas, by name: `Schema<'WebhookDestination'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** An RFC 9457 problem as the hub answers it; the console shows its title, detail and request id. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly requestId: string | null,
    readonly code: string | null,
    readonly fieldErrors: { param: string; detail: string }[] = [],
  ) {
    super(`${title}: ${detail}`);
  }
}

let csrfToken = '';
let onSignedOut: () => void = () => undefined;

/** The login's CSRF token, sent on every unsafe request; and what to do when the login has ended. */
export function configureClient(token: string, signedOut: () => void): void {
  csrfToken = token;
  onSignedOut = signedOut;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method)) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401) onSignedOut();
    return response;
  },
};

/**
 * The typed client of the public API: the browser login's cookie stands in for an API key, so every call is one an
 * integrator could make with a key of the same scopes.
 */
export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(session);

/** Turns any failed answer into a ProblemError (problem+json when the hub sent one, the status line otherwise). */
export async function problemOf(response: Response, body?: unknown): Promise<ProblemError> {
  let problem = body as Record<string, unknown> | undefined;
  if (problem === undefined) {
    try {
      problem = (await response.clone().json()) as Record<string, unknown>;
    } catch {
      problem = undefined;
    }
  }
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const errors = Array.isArray(problem?.errors)
    ? (problem.errors as { param?: unknown; detail?: unknown }[]).map((e) => ({
        param: text(e.param) ?? '',
        detail: text(e.detail) ?? '',
      }))
    : [];
  return new ProblemError(
    response.status,
    text(problem?.title) ?? (response.statusText || `HTTP ${response.status}`),
    text(problem?.detail) ?? 'The hub answered without a problem document.',
    text(problem?.request_id) ?? response.headers.get('X-Request-Id'),
    text(problem?.code),
    errors,
  );
}

/** The data of an openapi-fetch answer, or its problem thrown. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw await problemOf(response, error);
  return data as T;
}

/** A fresh Idempotency-Key; user actions keep theirs until they succeed (`useIdempotencyKeys`). */
export { idempotencyKey } from './idempotency-keys';
