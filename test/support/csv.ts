/** Reads an RFC 4180 document (quoted fields, doubled quotes, CRLF records) into rows of fields: the tests' reader. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && !(c === '\r' && text[i + 1] === '\n'))) {
      field += c;
    } else {
      row.push(field);
      field = '';
      if (c === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last record is not ended by CRLF');
  return rows;
}
