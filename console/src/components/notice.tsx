import type { ComponentChildren } from 'preact';

/** What the last action did, announced to screen readers; nothing while there is none. */
export function Notice({ children }: { children: ComponentChildren }) {
  if (!children) return null;
  return (
    <p class="notice" role="status">
      {children}
    </p>
  );
}
