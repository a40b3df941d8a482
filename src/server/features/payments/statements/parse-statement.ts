import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';
import { STATEMENT_MAX_ROWS, type StatementLine } from '../../../../shared/schemas/statements';
import { shopDayOf } from '../../../../shared/shop-time';
import { CsvSyntaxError, parseCsv } from '../../../lib/csv-parse';
import { BadRequest } from '../../../lib/http-errors';
import { findStatementColumns, type StatementColumns } from './statement-columns';

/** Title lines an export may put above its header ("Statement for ...", "Period: ..."). */
const HEADER_WITHIN_ROWS = 10;

/**
 * Statuses that say no money came in. Any other status (or none) counts as money in: a status worded in a
 * way we do not know then shows as a difference for a person to look at, rather than being left out unseen.
 */
const NOT_MONEY_IN = /fail|reject|cancel|declin|pend|expir|revers|time ?out|timed out|error|initiat|refund/i;

/** Text a spreadsheet saves never holds control characters; a workbook or a picture read as text does. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export interface ParsedStatement {
  /** Money in: lines with a positive amount. */
  lines: StatementLine[];
  /** Money out: lines with a negative amount, the amount as what left (> 0). Payouts and refunds are among them. */
  outLines: StatementLine[];
  columns: Partial<Record<string, string>>;
  /** Rows left out, by why. */
  skipped: Map<string, number>;
}

/** Kwacha as a statement writes it ("1,234.50", "K 1 234.50", "ZMW1234.5", "1.234,50") in ngwee; null when not an amount. */
export function parseAmountNgwee(text: string): number | null {
  let value = text
    .trim()
    .replace(/^(zmw|zk|k)\s*/i, '')
    .replace(/\s*(zmw)$/i, '')
    .replace(/[\s\u00a0']/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = true;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  // A comma is the decimal mark only when it comes last and has one or two digits after it (1.234,50 or 12,5).
  const decimalComma =
    lastComma > lastDot && /,\d{1,2}$/.test(value) && (lastDot >= 0 || !/^\d{1,3}(,\d{3})+$/.test(value));
  const plain = decimalComma ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const ngwee = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(ngwee)) return null;
  return negative ? -ngwee : ngwee;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = String.raw`(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?)?\s*(Z|[+-]\d{2}:?\d{2})?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`);
const MONTH_NAME = new RegExp(String.raw`^(\d{1,2})[ -]([A-Za-z]{3})[A-Za-z]*[ ,-]+(\d{4})${TIME}$`);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The shop day of a statement date: 2026-11-27 14:03, 27/11/2026 14:03 (day first, as in Zambia),
 * 27-Nov-2026, with an optional time and zone. Without a zone the time is the shop's (Africa/Lusaka).
 */
export function parseStatementDay(text: string): string | null {
  const value = text.trim();
  let year: number, month: number, day: number, rest: string[];
  let m = YEAR_FIRST.exec(value);
  if (m) [year, month, day, rest] = [Number(m[1]), Number(m[2]), Number(m[3]), m.slice(4)];
  else if ((m = DAY_FIRST.exec(value)))
    [year, month, day, rest] = [Number(m[3]), Number(m[2]), Number(m[1]), m.slice(4)];
  else if ((m = MONTH_NAME.exec(value)) && MONTHS.includes(m[2].toLowerCase())) {
    [year, month, day, rest] = [Number(m[3]), MONTHS.indexOf(m[2].toLowerCase()) + 1, Number(m[1]), m.slice(4)];
  } else return null;
  const written = `${year}-${pad(month)}-${pad(day)}`;
  const check = new Date(`${written}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== written) return null;
  const [hours, minutes, seconds, meridiem, zone] = rest;
  if (!zone) return written;
  let hour = Number(hours ?? 0);
  if (meridiem) hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const at = new Date(`${written}T${pad(hour)}:${minutes ?? '00'}:${seconds ?? '00'}${offset}`);
  return Number.isNaN(at.getTime()) ? null : shopDayOf(at);
}

function findHeader(provider: MobileMoneyProvider, rows: string[][]): { at: number; columns: StatementColumns } {
  let firstProblem: string | null = null;
  for (const [at, row] of rows.slice(0, HEADER_WITHIN_ROWS).entries()) {
    const found = findStatementColumns(provider, row);
    if (!('missing' in found)) return { at, columns: found };
    firstProblem ??= found.missing;
  }
  throw BadRequest(firstProblem ?? 'The file has no rows.');
}

const count = (skipped: Map<string, number>, why: string) => skipped.set(why, (skipped.get(why) ?? 0) + 1);

/**
 * The money-in and money-out lines of a statement file. Refuses (400) a file that is not CSV text, too long,
 * without a column the per-provider table needs, or with a line whose amount or date cannot be read (naming
 * it). Lines without a transaction id (totals, blank lines), of no amount, and statuses that say no money
 * moved are counted. A negative amount is the only mark of money out the parser knows: an export that writes
 * money out as a positive amount gives its payouts as money-in lines (decision 066 matches them by reference).
 */
export function parseStatement(provider: MobileMoneyProvider, csv: string): ParsedStatement {
  if (BINARY.test(csv)) {
    throw BadRequest(
      'This is not a CSV text file (it holds control characters such as NUL bytes): export the statement as CSV, or save it from Excel as "CSV UTF-8".',
    );
  }
  let rows: string[][];
  try {
    rows = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw BadRequest(`The file could not be read as CSV. ${error.message}`);
    throw error;
  }
  const { at: headerAt, columns } = findHeader(provider, rows);
  const body = rows.slice(headerAt + 1);
  if (body.length > STATEMENT_MAX_ROWS) {
    throw BadRequest(
      `The statement has ${body.length.toLocaleString('en-US')} rows; at most ${STATEMENT_MAX_ROWS.toLocaleString('en-US')} are read at once: export a shorter period.`,
    );
  }
  const cell = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
  const lines: StatementLine[] = [];
  const outLines: StatementLine[] = [];
  const skipped = new Map<string, number>();
  for (const [i, row] of body.entries()) {
    const rowNumber = headerAt + i + 2;
    const transactionId = cell(row, columns.transactionId);
    if (!transactionId) {
      count(skipped, 'no transaction id (a title or totals line)');
      continue;
    }
    const status = cell(row, columns.status) || null;
    if (status && NOT_MONEY_IN.test(status)) {
      count(skipped, `status "${status.slice(0, 40)}"`);
      continue;
    }
    const amountText = cell(row, columns.amount);
    const amountNgwee = parseAmountNgwee(amountText);
    if (amountNgwee === null)
      throw BadRequest(`Row ${rowNumber}: the amount "${amountText.slice(0, 40)}" is not an amount in kwacha.`);
    if (amountNgwee === 0) {
      count(skipped, 'no amount');
      continue;
    }
    const date = cell(row, columns.date);
    const day = parseStatementDay(date);
    if (day === null)
      throw BadRequest(
        `Row ${rowNumber}: the date "${date.slice(0, 40)}" is not a date (2026-11-27 14:03 or 27/11/2026 14:03).`,
      );
    (amountNgwee > 0 ? lines : outLines).push({
      row: rowNumber,
      transactionId: transactionId.slice(0, 200),
      reference: cell(row, columns.reference).slice(0, 200) || null,
      amountNgwee: Math.abs(amountNgwee),
      date: date.slice(0, 40),
      day,
      status: status?.slice(0, 40) ?? null,
      phone: cell(row, columns.phone).slice(0, 40) || null,
    });
  }
  return { lines, outLines, columns: columns.headers, skipped };
}
