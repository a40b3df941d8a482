import { kwachaText, ngweeFromKwacha } from './amounts';
import { ProviderError, type PaymentState } from './collection-provider';
import { unexpectedAnswer, type ProviderAnswer } from './provider-http';
import type { MtnDisbursementSettings } from './provider-config';
import { mtnReason, MtnProductSession } from './mtn-session';
import type { RefundProvider, RefundReading, RefundRequest } from './refund-provider';

/**
 * MTN MoMo Open API, Disbursement product, as read for refunds (docs/decisions/032-refunds-sent-once.md): its own
 * token (POST /disbursement/token/, Basic apiUser:apiKey, the Disbursement subscription key),
 * POST /disbursement/v1_0/refund (202, our UUID in X-Reference-Id; referenceIdToRefund is the collection's
 * X-Reference-Id; MTN takes the payee from that collection), GET /disbursement/v1_0/refund/{reference},
 * GET /disbursement/v1_0/account/balance (the float refunds are paid from).
 */
export class MtnMomoDisbursements implements RefundProvider {
  private readonly session: MtnProductSession;

  constructor(settings: MtnDisbursementSettings) {
    this.session = new MtnProductSession(settings, 'disbursement');
  }

  async sendRefund(request: RefundRequest): Promise<RefundReading> {
    const step = 'MTN MoMo refund';
    // MTN refuses messages over 160 characters and apostrophes (research, 400 rows).
    const note = `Refund for order ${request.orderNumber}`.slice(0, 160);
    const body = JSON.stringify({
      amount: kwachaText(request.amountNgwee),
      currency: request.currency,
      // Our refund reference comes back in the read and the callback, as for collections.
      externalId: request.reference,
      payerMessage: note,
      payeeNote: note,
      referenceIdToRefund: request.collectionReference,
    });
    const answer = await this.session.call(step, '/v1_0/refund', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Reference-Id': request.reference },
      body,
    });
    // 409 RESOURCE_ALREADY_EXIST: an earlier send with this reference arrived; the read tells what became of it.
    if (answer.status === 202 || answer.status === 409)
      return { state: 'pending', providerTransactionId: null, reason: null };
    throw unexpectedAnswer('mtn', step, answer);
  }

  async readRefund(reference: string): Promise<RefundReading> {
    const step = 'MTN MoMo refund status';
    const answer = await this.session.call(step, `/v1_0/refund/${encodeURIComponent(reference)}`, { method: 'GET' });
    return mtnDisbursementReading(step, answer, `refund ${reference}`);
  }

  /** What the Disbursement account holds: refunds are paid from it, not from what collections took in. */
  async readBalance(): Promise<{ availableNgwee: number | null; currency: string | null }> {
    const step = 'MTN MoMo disbursement balance';
    const answer = await this.session.call(step, '/v1_0/account/balance', { method: 'GET' });
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    const b = (answer.body ?? {}) as Record<string, unknown>;
    return {
      availableNgwee: ngweeFromKwacha(b.availableBalance),
      currency: typeof b.currency === 'string' ? b.currency : null,
    };
  }
}

/**
 * A Disbursement status read (refund or transfer: the same body, docs/providers/refund-apis.md):
 * SUCCESSFUL and FAILED end it, anything else stays pending (never ended on a word we do not know); 404 is
 * not-found.
 */
export function mtnDisbursementReading(step: string, answer: ProviderAnswer, what: string): RefundReading {
  if (answer.status === 404) throw new ProviderError('mtn', 'not-found', `${step}: MTN does not know ${what}`, 404);
  if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
  const b = (answer.body ?? {}) as Record<string, unknown>;
  if (typeof b.status !== 'string') throw new ProviderError('mtn', 'bad-answer', `${step}: no status in the answer`);
  const state: PaymentState = b.status === 'SUCCESSFUL' ? 'successful' : b.status === 'FAILED' ? 'failed' : 'pending';
  return {
    state,
    providerTransactionId:
      typeof b.financialTransactionId === 'string' && b.financialTransactionId ? b.financialTransactionId : null,
    reason:
      mtnReason(b.reason) ??
      (state === 'failed'
        ? 'MTN gave no reason'
        : state === 'pending' && b.status !== 'PENDING'
          ? `status ${b.status.slice(0, 40)}`
          : null),
  };
}
