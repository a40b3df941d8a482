import type { PaymentAttempt } from './schemas/payments';

/**
 * Why a payment did not go through, in plain words, for the shopper's pay panel and the back office alike.
 * MTN answers a code (decision 011 lists the ones its sources give), Airtel a sentence, and our own server
 * a sentence when the attempt ran out of time; codes become sentences, sentences stay, and technical
 * detail after a colon is left out (the back office shows the provider's own words beside these).
 */
const MTN_CODES: Record<string, string> = {
  APPROVAL_REJECTED: 'The payment was declined on the phone.',
  PAYMENT_NOT_APPROVED: 'The payment was not approved on the phone.',
  EXPIRED: 'The payment prompt expired before it was approved.',
  TRANSACTION_CANCELED: 'The payment was cancelled.',
  PAYER_NOT_FOUND: 'This number has no MTN Mobile Money account.',
  NOT_ENOUGH_FUNDS: 'There was not enough money in the mobile money account.',
  PAYER_LIMIT_REACHED: 'The mobile money account has reached its limit.',
  NOT_ALLOWED: 'The mobile money account cannot make this payment.',
};

/** The reasons our own server gives when an attempt ends without the provider's word (payments/service.ts). */
export const OWN_FAILURE_REASONS = {
  notApprovedInTime: 'The payment was not approved in time',
  noAnswer: 'No answer from the provider in time',
} as const;

const TIMED_OUT = `${OWN_FAILURE_REASONS.notApprovedInTime}.`;
const NO_ANSWER = 'The mobile money service did not answer in time.';

export function failureInPlainWords(attempt: Pick<PaymentAttempt, 'state' | 'failureReason'>): string {
  const reason = attempt.failureReason?.trim() ?? '';
  if (!reason) return attempt.state === 'expired' ? TIMED_OUT : 'The payment did not go through.';
  const code = MTN_CODES[reason];
  if (code) return code;
  if (/^[A-Z_]+$/.test(reason)) return 'The mobile money service could not take the payment.';
  if (reason.startsWith(OWN_FAILURE_REASONS.noAnswer)) return NO_ANSWER;
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/** The provider's own words when they say more than the plain ones (a code, a technical detail): admins see both. */
export function providerWordsBeyond(attempt: Pick<PaymentAttempt, 'state' | 'failureReason'>): string | null {
  const reason = attempt.failureReason?.trim() ?? '';
  if (!reason) return null;
  const plain = failureInPlainWords(attempt);
  return plain === reason || plain === `${reason}.` ? null : reason;
}
