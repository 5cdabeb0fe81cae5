import { Fragment, type ComponentChildren } from 'preact';

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
