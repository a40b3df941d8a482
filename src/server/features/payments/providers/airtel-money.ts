import { kwachaNumber } from './amounts';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
} from './collection-provider';
import { callProvider, describe, TokenCache, unexpectedAnswer, type ProviderAnswer } from './provider-http';
import type { AirtelMoneySettings } from './provider-config';

/**
 * Airtel Africa Open API, Collection (docs/decisions/011-mobile-money-providers.md):
 * POST /auth/oauth2/token (client credentials in a JSON body), POST /merchant/v1/payments/ (USSD push,
 * our id in transaction.id, the number without country code), GET /standard/v1/payments/{id}
 * (TS successful, TF/TE failed, TIP/TA still open). Payment calls carry X-Country ZM and X-Currency ZMW.
 */
export class AirtelMoneyCollections implements CollectionProvider {
  readonly name = 'airtel' as const;
  private readonly tokens: TokenCache;

  constructor(private readonly settings: AirtelMoneySettings) {
    this.tokens = new TokenCache(() => this.fetchToken());
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
    const answer = await this.withToken((token) =>
      callProvider(
        'airtel',
        step,
        `${this.settings.baseUrl}/merchant/v1/payments/`,
        { method: 'POST', headers: { ...this.paymentHeaders(token), 'Content-Type': 'application/json' }, body },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
    // Airtel answers 200 with status.success false for a request it refuses (duplicate id, bad number ...).
    const status = envelopeStatus(answer.body);
    if (status.success !== true) {
      const kind = /duplicate/i.test(String(status.message ?? '')) ? 'duplicate' : 'refused';
      throw new ProviderError('airtel', kind, `${step}: Airtel refused the request${describe(answer.body)}`, 200);
    }
  }

  async readPayment(reference: string): Promise<PaymentReading> {
    const step = 'Airtel Money transaction enquiry';
    const answer = await this.withToken((token) =>
      callProvider(
        'airtel',
        step,
        `${this.settings.baseUrl}/standard/v1/payments/${encodeURIComponent(reference)}`,
        { method: 'GET', headers: this.paymentHeaders(token) },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status === 404)
      throw new ProviderError('airtel', 'not-found', `${step}: Airtel does not know id ${reference}`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
    const transaction = ((answer.body as { data?: { transaction?: unknown } } | null)?.data?.transaction ??
      null) as Record<string, unknown> | null;
    if (!transaction || typeof transaction.status !== 'string') {
      if (envelopeStatus(answer.body).success === false) {
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
      providerTransactionId:
        typeof transaction.airtel_money_id === 'string' && transaction.airtel_money_id
          ? transaction.airtel_money_id
          : null,
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

  private paymentHeaders(token: string): Record<string, string> {
    return {
      Accept: '*/*',
      Authorization: `Bearer ${token}`,
      'X-Country': this.settings.country,
      'X-Currency': this.settings.currency,
    };
  }

  private async withToken(call: (token: string) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    const token = await this.tokens.get();
    const answer = await call(token);
    if (answer.status !== 401) return answer;
    this.tokens.forget(token);
    return call(await this.tokens.get());
  }

  private async fetchToken(): Promise<{ value: string; lifetimeSeconds: number }> {
    const step = 'Airtel Money token';
    const answer = await callProvider(
      'airtel',
      step,
      `${this.settings.baseUrl}/auth/oauth2/token`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*' },
        body: JSON.stringify({
          client_id: this.settings.clientId,
          client_secret: this.settings.clientSecret,
          grant_type: 'client_credentials',
        }),
      },
      this.settings.timeoutMs,
    );
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw new ProviderError(
        'airtel',
        'credentials',
        `${step}: Airtel refused our client id or secret (${answer.status}); check the settings`,
        answer.status,
      );
    }
    if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
    // expires_in comes as a string ("180") in Airtel's documentation.
    const { access_token: value, expires_in: expiresIn } = (answer.body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    const lifetimeSeconds = Number(expiresIn);
    if (typeof value !== 'string' || !value || !(lifetimeSeconds > 0))
      throw new ProviderError('airtel', 'bad-answer', `${step}: no access_token in the answer`);
    return { value, lifetimeSeconds };
  }
}

const STATES: Record<string, PaymentState> = {
  TS: 'successful',
  TF: 'failed',
  TE: 'failed',
  TIP: 'pending',
  TA: 'pending',
};

function envelopeStatus(body: unknown): { success?: unknown; message?: unknown } {
  const status = (body as { status?: unknown } | null)?.status;
  return status && typeof status === 'object' ? (status as { success?: unknown; message?: unknown }) : {};
}
