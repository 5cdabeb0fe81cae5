import type { ComponentChildren } from 'preact';
import type { Loaded } from './use-load';
import { DataTable, type Column } from './data-table';
import { Empty } from './empty';
import { Loading } from './loading';
import { Pager } from './pager';
import { Problem } from './problem';

/** One keyset page as every list operation of the public API answers it. */
export interface ListPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor?: string | null;
}

/**
 * The list of every list page: the problem of the load (title, detail, request id), "Loading …" on the first load, an
 * empty state that says what to do next, the table (caption and column headers for screen readers; rows stack with
 * their labels on a narrow screen, see `.list` in styles.css), a detail row under a row when `detail` answers one, and
 * the keyset pager when there is more than one page.
 */
export function ListTable<T>({
  caption,
  what,
  list,
  columns,
  rowKey,
  empty,
  cursor,
  onCursor,
  detail,
}: {
  /** The table's caption, for screen readers. */
  caption: string;
  /** What is loading, as in "Loading {what}…". */
  what: string;
  list: Loaded<ListPage<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** The empty state: what the list would hold and what to do next. */
  empty: ComponentChildren;
  /** The cursor of this page (from the URL), undefined on the first page. */
  cursor: string | undefined;
  onCursor: (cursor: string | undefined) => void;
  /** A row's opened detail, shown under it across the table, or nothing. */
  detail?: (row: T) => ComponentChildren;
}) {
  const page = list.data;
  return (
    <>
      <Problem error={list.error} />
      {list.loading && !page && <Loading what={what} />}
      {page && page.data.length === 0 && <Empty>{empty}</Empty>}
      {page && page.data.length > 0 && <DataTable caption={caption} rows={page.data} columns={columns} rowKey={rowKey} detail={detail} />}
      {page && (page.has_more || cursor) && (
        <Pager cursor={cursor} nextCursor={page.next_cursor} hasMore={page.has_more} onCursor={onCursor} />
      )}
    </>
  );
}
