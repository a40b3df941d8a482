import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv-parse';

describe('parseCsv', () => {
  it('reads plain, quoted and empty fields, CRLF and LF, and drops the byte order mark and blank lines', () => {
    expect(
      parseCsv('\uFEFFsku,name,price\r\nA-1,Baobab oil,95\r\n\r\nB-2,,12.5\nC-3,"Nuts, roasted","1,200"\n'),
    ).toEqual([
      ['sku', 'name', 'price'],
      ['A-1', 'Baobab oil', '95'],
      ['B-2', '', '12.5'],
      ['C-3', 'Nuts, roasted', '1,200'],
    ]);
  });

  it('keeps quotes and line breaks inside quoted values', () => {
    expect(parseCsv('name,description\n"Mwaba ""Gold"" oil","Line one\r\nLine two"')).toEqual([
      ['name', 'description'],
      ['Mwaba "Gold" oil', 'Line one\r\nLine two'],
    ]);
  });

  it('reads the semicolons some Excel locales save with', () => {
    expect(parseCsv('sku;name;price\nA-1;Baobab oil;95,50')).toEqual([
      ['sku', 'name', 'price'],
      ['A-1', 'Baobab oil', '95,50'],
    ]);
  });

  it('says where an unclosed quote or text after a closing quote is', () => {
    expect(() => parseCsv('sku,name\nA-1,"Baobab oil\nB-2,x')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('sku,name\nA-1,"Baobab" oil')).toThrow(/Line 2: text after a closing quote/);
  });

  it('answers no rows for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });
});
