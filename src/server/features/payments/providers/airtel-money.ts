import { kwachaNumber } from './amounts';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
} from './collection-provider';
import { airtelEnvelope, airtelMoneyId, AirtelSession } from './airtel-session';
import { describe, unexpectedAnswer } from './provider-http';
import type { AirtelMoneySettings } from './provider-config';

/**
 * Airtel Africa Open API, Collection (docs/decisions/011-mobile-money-providers.md):
 * POST /auth/oauth2/token (client credentials in a JSON body), POST /merchant/v1/payments/ (USSD push,
 * our id in transaction.id, the number without country code), GET /standard/v1/payments/{id}
 * (TS successful, TF/TE failed, TIP/TA still open). Payment calls carry X-Country ZM and X-Currency ZMW.
 */
export class AirtelMoneyCollections implements CollectionProvider {
  readonly name = 'airtel' as const;
  private readonly session: AirtelSession;

  constructor(private readonly settings: AirtelMoneySettings) {
    this.session = new AirtelSession(settings);
  }

  async requestPayment(request: PaymentRequest): Promise<void> {
    const step = 'Airtel Money USSD push';
    if (request.currency !== this.settings.currency) {
      throw new ProviderError(
        'airtel',
        'refused',
        `${step}: Airtel Money Zambia collects ${this.settings.currency}, not ${request.currency}`,
      );
    }
    const { country, currency } = this.settings;
    const body = JSON.stringify({
      reference: `Order ${request.orderNumber}`.slice(0, 64),
      subscriber: { country, currency, msisdn: request.phone.replace(/^\+260/, '') },
      transaction: { amount: kwachaNumber(request.amountNgwee), country, currency, id: request.reference },
    });
    const answer = await this.session.call(step, '/merchant/v1/payments/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
    // Airtel answers 200 with status.success false for a request it refuses (duplicate id, bad number ...).
    const { status } = airtelEnvelope(answer.body);
    if (status.success !== true) {
      const kind = /duplicate/i.test(String(status.message ?? '')) ? 'duplicate' : 'refused';
      throw new ProviderError('airtel', kind, `${step}: Airtel refused the request${describe(answer.body)}`, 200);
    }
  }

  async readPayment(reference: string): Promise<PaymentReading> {
    const step = 'Airtel Money transaction enquiry';
    const answer = await this.session.call(step, `/standard/v1/payments/${encodeURIComponent(reference)}`, {
      method: 'GET',
    });
    if (answer.status === 404)
      throw new ProviderError('airtel', 'not-found', `${step}: Airtel does not know id ${reference}`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
    const { transaction, status } = airtelEnvelope(answer.body);
    if (!transaction || typeof transaction.status !== 'string') {
      if (status.success === false) {
        throw new ProviderError(
          'airtel',
          'not-found',
          `${step}: Airtel has no transaction ${reference}${describe(answer.body)}`,
          200,
        );
      }
      throw new ProviderError('airtel', 'bad-answer', `${step}: no transaction status in the answer`);
    }
    const state = STATES[transaction.status] ?? 'pending';
    const message =
      typeof transaction.message === 'string' && transaction.message ? transaction.message.slice(0, 200) : null;
    return {
      state,
      // Airtel's enquiry does not repeat the amount or currency: the caller knows what it asked for.
      amountNgwee: null,
      currency: null,
      providerTransactionId: airtelMoneyId(transaction),
      reason:
        state === 'successful'
          ? null
          : (message ?? (STATES[transaction.status] ? null : `unknown status ${transaction.status.slice(0, 40)}`)),
    };
  }

  referenceInCallback(body: unknown): string | null {
    const id = (body as { transaction?: { id?: unknown } } | null)?.transaction?.id;
    return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : null;
  }
}

const STATES: Record<string, PaymentState> = {
  TS: 'successful',
  TF: 'failed',
  TE: 'failed',
  TIP: 'pending',
  TA: 'pending',
};
