import type { ComponentChildren } from 'preact';

/** An empty list says what it would hold and what to do next. */
export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}
