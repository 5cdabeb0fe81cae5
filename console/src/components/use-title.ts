import { useEffect } from 'preact/hooks';

/** Sets the document title so each page's tab and history entry says what it is. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Console`;
  }, [title]);
}
