import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Every page lives under /console; the rest of the path and the query string are the page's bookmarkable state. */
export const BASE = '/console';

export interface Location {
  /** The path inside the console, always starting with "/" ("/webhooks/whd_…"). */
  path: string;
  query: URLSearchParams;
}

function current(): Location {
  const full = window.location.pathname;
  const path = full.startsWith(BASE) ? full.slice(BASE.length) || '/' : '/';
  return { path, query: new URLSearchParams(window.location.search) };
}

const listeners = new Set<() => void>();

/** Goes to a console path ("/deliveries?status=failed") without reloading; `replace` keeps the history entry. */
export function navigate(to: string, { replace = false } = {}): void {
  const url = `${BASE}${to}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

/** The same path with its query string changed: filters write themselves into the URL so they can be shared. */
export function withQuery(path: string, values: Record<string, string | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return location;
}

/** Matches "/bookings/:ref" against a path; answers the decoded parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.replace(/\/$/, '').split('/');
  if (pattern === '/') return path === '/' || path === '' ? {} : null;
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

interface AnchorProps {
  to: string;
  children: ComponentChildren;
  class?: string;
  id?: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
}

/** A real link (open in a new tab works) that moves inside the console without a reload on a plain click. */
export function Link({ to, children, ...rest }: AnchorProps) {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`${BASE}${to}`} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
