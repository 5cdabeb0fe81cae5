import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ProblemError } from './client/client';

/** A problem as people read it: its title, its detail, the fields at fault and the request id to quote to support. */
export function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const problem =
    error instanceof ProblemError
      ? error
      : new ProblemError(0, 'The console could not reach the hub', String((error as Error)?.message ?? error), null, null);
  return (
    <div class="problem" role="alert">
      <p class="problem-title">{problem.title}</p>
      <p>{problem.detail}</p>
      {problem.fieldErrors.length > 0 && (
        <ul>
          {problem.fieldErrors.map((field) => (
            <li key={field.param}>
              <code>{field.param}</code>: {field.detail}
            </li>
          ))}
        </ul>
      )}
      {problem.requestId && (
        <p class="muted">
          Request id <code>{problem.requestId}</code>
        </p>
      )}
    </div>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `key` and on reload(); an answer that arrives after a newer request is dropped. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const mine = ++latest.current;
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => mine === latest.current && setState({ data, loading: false }),
      (error: unknown) => mine === latest.current && setState({ error, loading: false }),
    );
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Runs one user action at a time, keeping its problem to show beside the button. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

/** An empty list says what it would hold and what to do next. */
export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

/**
 * Keyset pages: the hub answers `next_cursor`; the console keeps the cursors it came through so "Previous" works, and
 * the current cursor is in the URL so a page can be shared.
 */
export function Pager({
  cursor,
  nextCursor,
  hasMore,
  onCursor,
}: {
  cursor: string | undefined;
  nextCursor: string | null | undefined;
  hasMore: boolean;
  onCursor: (cursor: string | undefined) => void;
}) {
  const trail = useRef<(string | undefined)[]>([]);
  if (!cursor) trail.current = [];
  return (
    <nav class="pager" aria-label="Pages">
      <button
        type="button"
        disabled={!cursor}
        onClick={() => {
          onCursor(trail.current.pop());
        }}
      >
        Previous page
      </button>
      <button
        type="button"
        disabled={!hasMore || !nextCursor}
        onClick={() => {
          trail.current.push(cursor);
          onCursor(nextCursor ?? undefined);
        }}
      >
        Next page
      </button>
    </nav>
  );
}

/**
 * A confirmation as a modal <dialog>: the browser keeps focus inside it, Escape cancels, and focus returns to the
 * button that opened it.
 */
export function Confirm({
  label,
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onOpen,
  disabled = false,
}: {
  label: string;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => Promise<unknown> | void;
  /** Called as the dialog opens, e.g. to read again what it shows. */
  onOpen?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        class={danger ? 'danger' : undefined}
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={undefined} aria-label={title}>
        <h2>{title}</h2>
        {children}
        <div class="actions">
          <button
            type="button"
            class={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                dialog.current?.close();
              }
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}

/** Copies a value to the clipboard and says so to screen readers too. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <span class="copy">
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setSaid('Copied.');
          } catch {
            setSaid('The browser refused the clipboard: select the text and copy it.');
          }
        }}
      >
        {label}
      </button>
      <span role="status" class="muted">
        {said}
      </span>
    </span>
  );
}

/**
 * A secret shown this once, selectable, with its copy button and a warning that it will not be shown again; or, with
 * `note`, a secret revealed on request (a destination's signing secret), with that note instead of the warning.
 */
export function SecretOnce({ name, value, note }: { name: string; value: string; note?: ComponentChildren }) {
  return (
    <div class="secret" role="region" aria-label={note ? name : `New ${name}`}>
      <p>
        {note ?? (
          <>
            <strong>Copy the {name} now:</strong> it is shown this once.
          </>
        )}
      </p>
      <p>
        <code class="secret-value">{value}</code> <CopyButton value={value} label={`Copy ${name}`} />
      </p>
    </div>
  );
}

/** A status word with its colour; the word itself carries the meaning, so colour is never the only cue. */
export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral'; children: ComponentChildren }) {
  return <span class={`badge ${tone}`}>{children}</span>;
}

/** Names (scopes, event types) as a row of code tags that wraps on a narrow screen. */
export function Tags({ names }: { names: readonly string[] }) {
  return (
    <ul class="tags">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}

/** Sets the document title so each page's tab and history entry says what it is. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Console`;
  }, [title]);
}

/**
 * A list page's filters: on "Apply filters" each field is read by name (trimmed; empty is undefined) and handed to
 * `onApply`, which puts them in the page URL or state. `clear` (a link back to the unfiltered list) follows the button.
 */
export function FilterForm(props: {
  onApply: (field: (name: string) => string | undefined) => void;
  clear?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <form
      class="filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        props.onApply((name) => ((form.get(name) as string | null) ?? '').trim() || undefined);
      }}
    >
      {props.children}
      <button type="submit">Apply filters</button>
      {props.clear}
    </form>
  );
}

/** What the last action did, announced to screen readers; nothing while there is none. */
export function Notice({ children }: { children: ComponentChildren }) {
  if (!children) return null;
  return (
    <p class="notice" role="status">
      {children}
    </p>
  );
}
