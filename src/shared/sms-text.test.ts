import { describe, expect, it } from 'vitest';
import { firstThatFits, fitsOneSms, isGsm7, smsLength, toGsmText } from './sms-text';

describe('sms text', () => {
  it('counts GSM-7 characters, extension characters twice, and splits long texts into 153-character parts', () => {
    expect(smsLength('Hello')).toEqual({ encoding: 'GSM-7', units: 5, parts: 1 });
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsLength('a'.repeat(159) + '€')).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsLength('[x]^{}|~\\')).toMatchObject({ units: 17 });
    expect(smsLength('a'.repeat(307)).parts).toBe(3);
  });

  it('counts a text with one character outside GSM-7 as UCS-2, 70 to a message', () => {
    expect(isGsm7('Chitenge “wrap”')).toBe(false);
    expect(smsLength('Chitenge “wrap”')).toEqual({ encoding: 'UCS-2', units: 15, parts: 1 });
    expect(smsLength('a'.repeat(70) + 'ā').parts).toBe(2);
    expect(smsLength('😀'.repeat(35)).units).toBe(70);
    expect(isGsm7('Café à Lusaka £5 ¿Qué?')).toBe(true);
    expect(isGsm7('Sí')).toBe(false);
  });

  it('turns typographic quotes, dashes, ellipses and odd spaces into GSM-7', () => {
    expect(toGsmText('‘Mama’s’ “baskets” – big… K\u00a01,234.50')).toBe(`'Mama's' "baskets" - big... K 1,234.50`);
    expect(isGsm7(toGsmText('‘’“”–—…\u00a0'))).toBe(true);
  });

  it('picks the first wording that fits one message, else the last', () => {
    expect(firstThatFits(['a'.repeat(161), 'short “one”'])).toBe('short "one"');
    expect(firstThatFits(['fits  well '])).toBe('fits well');
    expect(fitsOneSms(firstThatFits(['x'.repeat(200), 'y'.repeat(170)]))).toBe(false);
  });
});
