import { describe, expect, it } from 'vitest';
import { failureInPlainWords, providerWordsBeyond } from './payment-failure';

const failed = (failureReason: string | null) => failureInPlainWords({ state: 'failed', failureReason });

describe('failureInPlainWords', () => {
  it("words MTN's codes as sentences", () => {
    expect(failed('APPROVAL_REJECTED')).toBe('The payment was declined on the phone.');
    expect(failed('NOT_ENOUGH_FUNDS')).toBe('There was not enough money in the mobile money account.');
  });

  it('does not show a code it does not know', () => {
    expect(failed('INTERNAL_PROCESSING_ERROR')).toBe('The mobile money service could not take the payment.');
  });

  it("keeps Airtel's sentence, ending it with a full stop", () => {
    expect(failed('Transaction declined by the subscriber')).toBe('Transaction declined by the subscriber.');
    expect(failed('Incorrect PIN entered')).toBe('Incorrect PIN entered.');
  });

  it("keeps the server's own sentences and leaves out the technical detail of a silent provider", () => {
    expect(failureInPlainWords({ state: 'expired', failureReason: 'The payment was not approved in time' })).toBe(
      'The payment was not approved in time.',
    );
    expect(
      failureInPlainWords({
        state: 'expired',
        failureReason: 'No answer from the provider in time: timeout after 15000 ms',
      }),
    ).toBe('The mobile money service did not answer in time.');
  });

  it('says something when no reason was given', () => {
    expect(failureInPlainWords({ state: 'expired', failureReason: null })).toBe(
      'The payment was not approved in time.',
    );
    expect(failed('')).toBe('The payment did not go through.');
  });

  it("gives admins the provider's own words only when they say more than the plain ones", () => {
    expect(providerWordsBeyond({ state: 'failed', failureReason: 'APPROVAL_REJECTED' })).toBe('APPROVAL_REJECTED');
    expect(
      providerWordsBeyond({
        state: 'expired',
        failureReason: 'No answer from the provider in time: timeout after 15000 ms',
      }),
    ).toBe('No answer from the provider in time: timeout after 15000 ms');
    expect(
      providerWordsBeyond({ state: 'failed', failureReason: 'Transaction declined by the subscriber' }),
    ).toBeNull();
    expect(providerWordsBeyond({ state: 'failed', failureReason: 'Declined.' })).toBeNull();
    expect(providerWordsBeyond({ state: 'expired', failureReason: null })).toBeNull();
  });
});
