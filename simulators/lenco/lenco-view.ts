import { createHash, createHmac } from 'node:crypto';
import { kwachaText, type SimPayment, type SimStatus, type SimulatorState } from '../state';

/** Lenco's collection statuses (docs/providers/lenco-api.md §4): expired prompts read as failed. */
const LENCO_STATUS: Record<SimStatus, string> = {
  PENDING: 'pay-offline',
  SUCCESSFUL: 'successful',
  FAILED: 'failed',
  EXPIRED: 'failed',
};

/** The collection object of Lenco's status read, create answer and webhooks (amount as a decimal string). */
export function lencoCollection(state: SimulatorState, payment: SimPayment) {
  const reported = payment.amountNgwee + state.behaviourFor(payment.phone).amountDeltaNgwee;
  const card = payment.card;
  return {
    id: payment.lencoId ?? payment.reference,
    initiatedAt: payment.receivedAt,
    completedAt: payment.status === 'PENDING' ? null : payment.endedAt,
    amount: kwachaText(reported),
    fee: payment.status === 'SUCCESSFUL' ? '0.00' : null,
    bearer: 'merchant',
    currency: payment.currency,
    reference: payment.reference,
    lencoReference: payment.providerTransactionId ?? payment.lencoReference ?? '',
    type: card ? 'card' : 'mobile-money',
    status: card && payment.status === 'PENDING' && card.threeDs ? '3ds-auth-required' : LENCO_STATUS[payment.status],
    source: 'api',
    reasonForFailure: payment.reason,
    settlementStatus: payment.status === 'SUCCESSFUL' ? 'pending' : null,
    settlement: null,
    mobileMoneyDetails: card
      ? null
      : {
          country: 'zm',
          phone: `0${payment.phone.slice(-9)}`,
          operator: payment.operator ?? null,
          accountName: null,
          operatorTransactionId: null,
        },
    bankAccountDetails: null,
    cardDetails: card
      ? {
          firstName: null,
          lastName: null,
          bin: card.number.slice(0, 6),
          last4: card.number.slice(-4),
          cardType: 'visa',
        }
      : null,
  };
}

/** X-Lenco-Signature: HMAC-SHA512 of the body keyed with the hex SHA-256 of the API token, lowercase hex. */
export function lencoSignature(apiToken: string, body: string): string {
  const key = createHash('sha256').update(apiToken).digest('hex');
  return createHmac('sha512', key).update(body).digest('hex');
}

/** The webhook body Lenco sends when a collection ends: collection.successful or collection.failed. */
export function lencoWebhookBody(state: SimulatorState, payment: SimPayment): string {
  const event = payment.status === 'SUCCESSFUL' ? 'collection.successful' : 'collection.failed';
  return JSON.stringify({ event, data: lencoCollection(state, payment) });
}
