import { kwachaText, ngweeFromKwacha } from './amounts';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type PaymentRequest,
  type PaymentState,
} from './collection-provider';
import { callProvider, TokenCache, unexpectedAnswer, type ProviderAnswer } from './provider-http';
import type { MtnMomoSettings } from './provider-config';

/**
 * MTN MoMo Open API, Collection product (docs/decisions/011-mobile-money-providers.md):
 * POST /collection/token/ (Basic apiUser:apiKey), POST /collection/v1_0/requesttopay (202, our UUID in
 * X-Reference-Id), GET /collection/v1_0/requesttopay/{referenceId}. Every call carries the
 * Ocp-Apim-Subscription-Key; request and read carry X-Target-Environment.
 */
export class MtnMomoCollections implements CollectionProvider {
  readonly name = 'mtn' as const;
  private readonly tokens: TokenCache;

  constructor(private readonly settings: MtnMomoSettings) {
    this.tokens = new TokenCache(() => this.fetchToken());
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
    const answer = await this.withToken(step, (token) =>
      callProvider(
        'mtn',
        step,
        `${this.settings.baseUrl}/collection/v1_0/requesttopay`,
        {
          method: 'POST',
          headers: {
            ...this.productHeaders(token),
            'Content-Type': 'application/json',
            'X-Reference-Id': request.reference,
            ...(this.settings.callbackUrl ? { 'X-Callback-Url': this.settings.callbackUrl } : {}),
          },
          body,
        },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status === 202) return;
    if (answer.status === 409)
      throw new ProviderError('mtn', 'duplicate', `${step}: reference ${request.reference} was used before`, 409);
    throw unexpectedAnswer('mtn', step, answer);
  }

  async readPayment(reference: string): Promise<PaymentReading> {
    const step = 'MTN MoMo request-to-pay status';
    const answer = await this.withToken(step, (token) =>
      callProvider(
        'mtn',
        step,
        `${this.settings.baseUrl}/collection/v1_0/requesttopay/${encodeURIComponent(reference)}`,
        { method: 'GET', headers: this.productHeaders(token) },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status === 404)
      throw new ProviderError('mtn', 'not-found', `${step}: MTN does not know reference ${reference}`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    return readingOf(answer.body, step);
  }

  referenceInCallback(body: unknown): string | null {
    const externalId = (body as { externalId?: unknown } | null)?.externalId;
    return typeof externalId === 'string' && externalId.length > 0 && externalId.length <= 100 ? externalId : null;
  }

  private productHeaders(token: string): Record<string, string> {
    return {
      Authorization: `Bearer ${token}`,
      'X-Target-Environment': this.settings.targetEnvironment,
      'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey,
    };
  }

  /** A 401 on a cached token (revoked, expired early) costs one fresh token and one more try. */
  private async withToken(step: string, call: (token: string) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    const token = await this.tokens.get();
    const answer = await call(token);
    if (answer.status !== 401) return answer;
    this.tokens.forget(token);
    return call(await this.tokens.get());
  }

  private async fetchToken(): Promise<{ value: string; lifetimeSeconds: number }> {
    const step = 'MTN MoMo token';
    const basic = Buffer.from(`${this.settings.apiUser}:${this.settings.apiKey}`).toString('base64');
    const answer = await callProvider(
      'mtn',
      step,
      `${this.settings.baseUrl}/collection/token/`,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey },
      },
      this.settings.timeoutMs,
    );
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    const { access_token: value, expires_in: expiresIn } = (answer.body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    const lifetimeSeconds = Number(expiresIn);
    if (typeof value !== 'string' || !value || !(lifetimeSeconds > 0))
      throw new ProviderError('mtn', 'bad-answer', `${step}: no access_token in the answer`);
    return { value, lifetimeSeconds };
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
  const reason = reasonOf(b.reason) ?? (STATES[b.status] ? null : `unknown status ${b.status.slice(0, 40)}`);
  return {
    state,
    amountNgwee,
    currency: typeof b.currency === 'string' ? b.currency : null,
    providerTransactionId:
      typeof b.financialTransactionId === 'string' && b.financialTransactionId ? b.financialTransactionId : null,
    reason,
  };
}

/** MTN gives the reason as a code ("APPROVAL_REJECTED") or, in older answers, as {code, message}. */
function reasonOf(reason: unknown): string | null {
  if (typeof reason === 'string' && reason) return reason.slice(0, 200);
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = [code, message].filter((p) => typeof p === 'string' && p).join(': ');
    return text ? text.slice(0, 200) : null;
  }
  return null;
}
