import { useRef } from 'preact/hooks';

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
