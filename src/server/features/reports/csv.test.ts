import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('Choma, Southern')).toBe('"Choma, Southern"');
    expect(csvCell('Mama "Chipo"')).toBe('"Mama ""Chipo"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=1+2', '+260971234567', '-5+cmd', "-2+3+cmd|' /C calc'!A0", '-', '-5e3', '@SUM(A1)', '\t=1', '\r=1'])(
    'writes %j as text with a leading apostrophe',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('leaves numbers and text that starts harmlessly as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    // A plain negative amount (a month's net after refunds) stays a number for the spreadsheet.
    expect(csvCell('-139.20')).toBe('-139.20');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('1234.50')).toBe('1234.50');
    expect(csvCell("Ng'andu")).toBe("Ng'andu");
    expect(csvCell(' =not a formula')).toBe(' =not a formula');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
