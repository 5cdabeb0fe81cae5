import type { ComponentChildren } from 'preact';

/** A status word with its colour; the word itself carries the meaning, so colour is never the only cue. */
export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral'; children: ComponentChildren }) {
  return <span class={`badge ${tone}`}>{children}</span>;
}
