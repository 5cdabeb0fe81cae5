import { useRef } from 'preact/hooks';

/** The cursors of the pages behind the current one, oldest first (`undefined`: the first page). */
export type Trail = (string | undefined)[];

/** "Next page" from `cursor`: the trail gains the page left behind. */
export const nextPage = (trail: Trail, cursor: string | undefined, next: string): { trail: Trail; cursor: string } => ({
  trail: [...trail, cursor],
  cursor: next,
});

/** "Previous page": back to the last page left behind (the first page when the trail is empty). */
export const previousPage = (trail: Trail): { trail: Trail; cursor: string | undefined } => ({
  trail: trail.slice(0, -1),
  cursor: trail.at(-1),
});

/** The trail as the address leaves it: on the first page (no cursor: a new search, a link) nothing is behind. */
export const trailAt = (trail: Trail, cursor: string | undefined): Trail => (cursor ? trail : []);

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
  const trail = useRef<Trail>([]);
  trail.current = trailAt(trail.current, cursor);
  const go = (step: { trail: Trail; cursor: string | undefined }) => {
    trail.current = step.trail;
    onCursor(step.cursor);
  };
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={!cursor} onClick={() => go(previousPage(trail.current))}>
        Previous page
      </button>
      <button
        type="button"
        disabled={!hasMore || !nextCursor}
        onClick={() => nextCursor && go(nextPage(trail.current, cursor, nextCursor))}
      >
        Next page
      </button>
    </nav>
  );
}
