import { problemOf } from './client';

/** The browser login, as `GET /console/session` describes it (outside the public document: it is the console's own). */
export interface Session {
  account: { id: string; name: string; kind: 'corporate' | 'operator' };
  livemode: boolean;
  scopes: string[];
  /** The API key that opened this login (null when ops opened it with the CLI): it cannot be revoked from here. */
  api_key_id: string | null;
  csrf_token: string;
  idle_expires_at: string;
  expires_at: string;
}

/** The current login, or null when there is none (401). */
export async function loadSession(): Promise<Session | null> {
  const response = await fetch('/console/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as Session;
}

export async function signOut(csrfToken: string): Promise<void> {
  await fetch('/console/sign-out', { method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-Token': csrfToken } });
}
