import { Fragment, type ComponentChildren } from 'preact';
import { Empty, Loading, Pager, Problem, type Loaded } from './ui';

/** One keyset page as every list operation of the public API answers it. */
export interface ListPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor?: string | null;
}

/** A column as data: its header (also the cell's label when rows stack at 390 px) and how a row fills the cell. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned figures. */
  number?: boolean;
  /** A header read by screen readers only (an actions column). */
  hideHeader?: boolean;
  /** Class of the cell (`url` breaks long addresses). */
  class?: string;
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

/**
 * The table itself, for a list on one page too (an invoice's tax buckets, lines and payments): caption and column
 * headers for screen readers, each cell labelled by its header so rows stack readably at 390 px (`.list` in
 * styles.css), and a row's opened detail under it across the table.
 */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  detail,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  detail?: (row: T) => ComponentChildren;
}) {
  return (
    <table class="list">
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" class={column.number ? 'number' : undefined}>
              {column.hideHeader ? <span class="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const opened = detail?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <tr>
                {columns.map((column) => (
                  <td key={column.header} data-label={column.header} class={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
              {opened != null && opened !== false && (
                <tr class="detail-row">
                  <td colSpan={columns.length}>{opened}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

function cellClass<T>(column: Column<T>): string | undefined {
  return [column.number ? 'number' : '', column.class ?? ''].filter(Boolean).join(' ') || undefined;
}
