/**
 * CSV as Excel and LibreOffice open it right: UTF-8 with a byte order mark (without it Excel reads the
 * file as the PC's old code page and breaks names like "Mwaba Ng'andu"), fields quoted per RFC 4180,
 * lines ended by CRLF.
 */
export const UTF8_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula: a customer
 * named '=HYPERLINK("http://evil","Click")' would be a live link in the admin's sheet. Such text gets a
 * leading apostrophe (OWASP's advice), so it is shown as text. Numbers are written as they are, and so is
 * a plain negative amount ('-139.20', a month's net after refunds), which is a number, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NEGATIVE = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) && !PLAIN_NEGATIVE.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
