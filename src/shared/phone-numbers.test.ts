import { describe, expect, it } from 'vitest';
import {
  exampleNumberOf,
  isZambianPhone,
  NOT_A_ZAMBIAN_MOBILE,
  networkPrefixRule,
  readMobileForNetwork,
  readZambianMobile,
} from './phone-numbers';

describe('readZambianMobile', () => {
  it('writes every way a shopper types one number as +260 and nine digits', () => {
    for (const typed of [
      '0971234567',
      '097 123 4567',
      '097-123-4567',
      '+260971234567',
      '+260 97 123 4567',
      '260971234567',
      '00260971234567',
      '971234567',
      ' (097) 123.4567 ',
    ]) {
      const check = readZambianMobile(typed);
      expect(check, typed).toEqual({
        ok: true,
        mobile: { e164: '+260971234567', national: '971234567', network: 'airtel' },
      });
    }
  });

  it('tells the network from the prefix', () => {
    const networkOf = (typed: string) => {
      const check = readZambianMobile(typed);
      return check.ok ? check.mobile.network : check.message;
    };
    expect(networkOf('0961234567')).toBe('mtn');
    expect(networkOf('0761234567')).toBe('mtn');
    expect(networkOf('0971234567')).toBe('airtel');
    expect(networkOf('0771234567')).toBe('airtel');
    expect(networkOf('0571234567')).toBe('airtel');
    expect(networkOf('0951234567')).toBe('zamtel');
    expect(networkOf('0751234567')).toBe('zamtel');
  });

  it('refuses what is not a Zambian mobile number, with one clear message', () => {
    for (const typed of [
      '',
      '097123456',
      '09712345678',
      '+254712345678',
      '0211234567',
      '0981234567',
      '097123456a',
      '+2600971234567',
      '++260971234567',
    ]) {
      expect(readZambianMobile(typed), typed).toEqual({ ok: false, message: NOT_A_ZAMBIAN_MOBILE });
    }
  });
});

describe('readMobileForNetwork', () => {
  it('accepts a number of the chosen network', () => {
    expect(readMobileForNetwork('096 123 4567', 'mtn')).toMatchObject({ ok: true, mobile: { e164: '+260961234567' } });
    expect(readMobileForNetwork('+260 57 123 4567', 'airtel')).toMatchObject({
      ok: true,
      mobile: { e164: '+260571234567' },
    });
  });

  it('says which network a number is and which prefixes the chosen method needs', () => {
    expect(readMobileForNetwork('0971234567', 'mtn')).toEqual({
      ok: false,
      message: 'This is not an MTN number. MTN numbers start with 096 or 076; this one is Airtel.',
    });
    expect(readMobileForNetwork('0951234567', 'airtel')).toEqual({
      ok: false,
      message: 'This is not an Airtel number. Airtel numbers start with 097, 077 or 057; this one is Zamtel.',
    });
    expect(readMobileForNetwork('12345', 'mtn')).toEqual({ ok: false, message: NOT_A_ZAMBIAN_MOBILE });
  });
});

describe("isZambianPhone (the shop's contact phone)", () => {
  it('takes a mobile of any network or a fixed line 0211 to 0218', () => {
    for (const typed of ['097 123 4567', '+260 95 123 4567', '0211 234 567', '+260 213 320 100', '260218123456'])
      expect(isZambianPhone(typed), typed).toBe(true);
  });

  it('refuses anything else', () => {
    for (const typed of ['', 'abc', '12345', '0219 123 456', '0210 123 456', '0211 23456', '+27 82 123 4567'])
      expect(isZambianPhone(typed), typed).toBe(false);
  });
});

describe('what a message says of a network', () => {
  it('names its prefixes and an example', () => {
    expect(networkPrefixRule('mtn')).toBe('MTN numbers start with 096 or 076');
    expect(networkPrefixRule('airtel')).toBe('Airtel numbers start with 097, 077 or 057');
    expect(exampleNumberOf('mtn')).toBe('096 123 4567');
    expect(exampleNumberOf('airtel')).toBe('097 123 4567');
  });
});
