import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

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
