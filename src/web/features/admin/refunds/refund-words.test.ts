import { describe, expect, it } from 'vitest';
import type { RefundSource } from '../../../../shared/schemas/refunds';
import { amountText, readRefundAmount } from './refund-amount';
import { localMobile, refundConsequence, routeInWords, sourceInWords } from './refund-words';

const mtn: RefundSource = {
  attemptId: 'a1',
  provider: 'mtn',
  phone: '+260971234567',
  route: 'mtn-refund',
  collectedNgwee: 12_000,
  refundableNgwee: 12_000,
  refundDue: false,
  wholeOnly: false,
};
const byHand: RefundSource = { ...mtn, attemptId: null, provider: null, phone: null, route: 'by-hand' };

describe('refund words', () => {
  it('reads a stored number as the shopper writes it, and leaves others alone', () => {
    expect(localMobile('+260971234567')).toBe('097 123 4567');
    expect(localMobile('12345')).toBe('12345');
  });

  it('names the route with its network and number, or by hand', () => {
    expect(routeInWords(mtn)).toBe('To MTN 097 123 4567 (MTN refund)');
    expect(routeInWords({ route: 'airtel-refund', provider: 'airtel', phone: '+260771234567' })).toBe(
      'To Airtel 077 123 4567 (Airtel refund of the whole payment)',
    );
    expect(routeInWords(byHand)).toBe('By hand');
  });

  it('says what is left of a source', () => {
    expect(sourceInWords({ ...mtn, refundableNgwee: 2_000, refundDue: true })).toMatch(
      /^MTN payment from 097 123 4567, collected after the attempt ended \(K\s20\.00 of K\s120\.00 left\)$/,
    );
    expect(sourceInWords(byHand)).toMatch(/^By hand \(K\s120\.00 of K\s120\.00 left\)$/);
  });

  it('says whether a second admin must approve, by the rule', () => {
    expect(refundConsequence(mtn, 12_000, { kind: 'always' })).toMatch(
      /^K\s120\.00 goes back to 097 123 4567 by MTN\. Another admin must approve it\.$/,
    );
    expect(refundConsequence(mtn, 12_000, { kind: 'off' })).toMatch(/It is sent at once\.$/);
    expect(refundConsequence(mtn, 50_000, { kind: 'above', aboveNgwee: 50_000 })).toMatch(/It is sent at once\.$/);
    expect(refundConsequence(mtn, 50_001, { kind: 'above', aboveNgwee: 50_000 })).toMatch(
      /Another admin must approve it\.$/,
    );
    expect(refundConsequence(byHand, 100, { kind: 'off' })).toMatch(/recorded as sent back by hand at once/);
  });
});

describe('the refund amount', () => {
  it('reads kwacha as people type it', () => {
    expect(readRefundAmount('120', 12_000)).toEqual({ ngwee: 12_000 });
    expect(readRefundAmount('K 1,0.5', 12_000)).toEqual({ ngwee: 1_050 });
    expect(readRefundAmount('0.1', 12_000)).toEqual({ ngwee: 10 });
    expect(amountText(12_000)).toBe('120.00');
  });

  it('refuses what is not an amount, nothing, and more than may go back (in the server words)', () => {
    expect(readRefundAmount('', 100)).toEqual({ error: 'Enter the amount to send back' });
    expect(readRefundAmount('1.234', 100_000)).toEqual({ error: 'Enter an amount in kwacha, for example 120.50' });
    expect(readRefundAmount('-5', 100_000)).toEqual({ error: 'Enter an amount in kwacha, for example 120.50' });
    expect(readRefundAmount('0.00', 100)).toEqual({ error: 'The amount must be more than K 0.00' });
    expect(readRefundAmount('120.01', 12_000)).toMatchObject({
      error: expect.stringMatching(/^At most K\s120\.00 can go back for this order$/),
    });
    expect(readRefundAmount('20.01', 2_000, 'through this payment')).toMatchObject({
      error: expect.stringMatching(/^At most K\s20\.00 can go back through this payment$/),
    });
  });
});
