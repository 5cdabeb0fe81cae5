import { plainText } from './plain-text';

/** One CSV cell's value: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (or DDE) when they lead it: OWASP's list. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * One cell of RFC 4180: a text loses the characters no document may hold (domain/plain-text.ts: a NUL or another
 * control character breaks many readers); one that a spreadsheet would run as a formula gets a leading apostrophe
 * (it then shows as typed); a cell holding a comma, a quote or a line break is quoted, its quotes doubled. Numbers
 * are written as they are (a negative amount stays a number).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = plainText(value);
  const safe = FORMULA_LEAD.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record of RFC 4180, ended by CRLF. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV document as a stream of text: the header, then each record as the pages arrive. `pages` yields the rows one
 * page at a time (a keyset read), so memory holds one page whatever the length of the export.
 */
export async function* csvLines<T>(
  header: readonly string[],
  pages: AsyncIterable<T[]>,
  cells: (row: T) => CsvCell[],
): AsyncGenerator<string> {
  yield csvRow(header);
  for await (const page of pages) {
    if (page.length > 0) yield page.map((row) => csvRow(cells(row))).join('');
  }
}
