/** The CSV could not be read (an unclosed quote, text after a closing quote): the message says where. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
}

/**
 * Rows of CSV text as RFC 4180 has them, and as Excel, LibreOffice and Google Sheets save them: a byte
 * order mark at the start is dropped, fields may be quoted ("" is a quote inside), quoted fields may hold
 * commas and line breaks, lines end in CRLF or LF. Blank lines are left out. Excel in some locales saves
 * with semicolons: the separator is the one of the header line, comma unless it has semicolons only.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  while (i < source.length) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = source[i];
        if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') {
          throw new CsvSyntaxError(
            `Line ${line}: text after a closing quote. Put quotes around the whole value, and write a quote inside it as "".`,
          );
        }
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (c === separator) {
      endField();
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(`A quoted value that starts on or before line ${line} is never closed.`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
