import { kwachaText, ngweeFromKwacha } from './amounts';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
} from './collection-provider';
import { unexpectedAnswer } from './provider-http';
import type { MtnMomoSettings } from './provider-config';
import { mtnReason, MtnProductSession } from './mtn-session';

/**
 * MTN MoMo Open API, Collection product (docs/decisions/011-mobile-money-providers.md):
 * POST /collection/token/ (Basic apiUser:apiKey), POST /collection/v1_0/requesttopay (202, our UUID in
 * X-Reference-Id), GET /collection/v1_0/requesttopay/{referenceId}. Every call carries the
 * Ocp-Apim-Subscription-Key; request and read carry X-Target-Environment.
 */
export class MtnMomoCollections implements CollectionProvider {
  readonly name = 'mtn' as const;
  private readonly session: MtnProductSession;

  constructor(private readonly settings: MtnMomoSettings) {
    this.session = new MtnProductSession(settings, 'collection');
  }

  async requestPayment(request: PaymentRequest): Promise<void> {
    const step = 'MTN MoMo request-to-pay';
    const body = JSON.stringify({
      amount: kwachaText(request.amountNgwee),
      currency: request.currency,
      // externalId is ours to choose and comes back in the status read and the callback: our reference
      // there lets a callback name the attempt it is about (MTN's callback body has no X-Reference-Id).
      externalId: request.reference,
      payer: { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') },
      payerMessage: `Order ${request.orderNumber}`.slice(0, 160),
      payeeNote: `Order ${request.orderNumber}`.slice(0, 160),
    });
    const answer = await this.session.call(step, '/v1_0/requesttopay', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Reference-Id': request.reference,
        ...(this.settings.callbackUrl ? { 'X-Callback-Url': this.settings.callbackUrl } : {}),
      },
      body,
    });
    if (answer.status === 202) return;
    if (answer.status === 409)
      throw new ProviderError('mtn', 'duplicate', `${step}: reference ${request.reference} was used before`, 409);
    throw unexpectedAnswer('mtn', step, answer);
  }

  async readPayment(reference: string): Promise<PaymentReading> {
    const step = 'MTN MoMo request-to-pay status';
    const answer = await this.session.call(step, `/v1_0/requesttopay/${encodeURIComponent(reference)}`, {
      method: 'GET',
    });
    if (answer.status === 404)
      throw new ProviderError('mtn', 'not-found', `${step}: MTN does not know reference ${reference}`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    return readingOf(answer.body, step);
  }

  referenceInCallback(body: unknown): string | null {
    const externalId = (body as { externalId?: unknown } | null)?.externalId;
    return typeof externalId === 'string' && externalId.length > 0 && externalId.length <= 100 ? externalId : null;
  }
}

const STATES: Record<string, PaymentState> = {
  PENDING: 'pending',
  ONGOING: 'pending',
  SUCCESSFUL: 'successful',
  FAILED: 'failed',
  REJECTED: 'failed',
  TIMEOUT: 'failed',
  EXPIRED: 'failed',
};

function readingOf(body: unknown, step: string): PaymentReading {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.status !== 'string') throw new ProviderError('mtn', 'bad-answer', `${step}: no status in the answer`);
  // An unknown status is not a failure we can trust: stay pending, say what came, let expiry end it.
  const state = STATES[b.status] ?? 'pending';
  const amountNgwee = ngweeFromKwacha(b.amount);
  const reason = mtnReason(b.reason) ?? (STATES[b.status] ? null : `unknown status ${b.status.slice(0, 40)}`);
  return {
    state,
    amountNgwee,
    currency: typeof b.currency === 'string' ? b.currency : null,
    providerTransactionId:
      typeof b.financialTransactionId === 'string' && b.financialTransactionId ? b.financialTransactionId : null,
    reason,
  };
}
