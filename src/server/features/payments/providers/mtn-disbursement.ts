import { kwachaText, ngweeFromKwacha } from './amounts';
import { ProviderError, type PaymentState } from './collection-provider';
import { callProvider, TokenCache, unexpectedAnswer, type ProviderAnswer } from './provider-http';
import type { MtnDisbursementSettings } from './provider-config';
import type { RefundProvider, RefundReading, RefundRequest } from './refund-provider';

/**
 * MTN MoMo Open API, Disbursement product, as read for refunds (docs/decisions/032-refunds-sent-once.md): its own
 * token (POST /disbursement/token/, Basic apiUser:apiKey, the Disbursement subscription key),
 * POST /disbursement/v1_0/refund (202, our UUID in X-Reference-Id; referenceIdToRefund is the collection's
 * X-Reference-Id; MTN takes the payee from that collection), GET /disbursement/v1_0/refund/{reference},
 * GET /disbursement/v1_0/account/balance (the float refunds are paid from).
 */
export class MtnMomoDisbursements implements RefundProvider {
  private readonly tokens: TokenCache;

  constructor(private readonly settings: MtnDisbursementSettings) {
    this.tokens = new TokenCache(() => this.fetchToken());
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
    const answer = await this.withToken((token) =>
      callProvider(
        'mtn',
        step,
        `${this.settings.baseUrl}/disbursement/v1_0/refund`,
        {
          method: 'POST',
          headers: {
            ...this.productHeaders(token),
            'Content-Type': 'application/json',
            'X-Reference-Id': request.reference,
          },
          body,
        },
        this.settings.timeoutMs,
      ),
    );
    // 409 RESOURCE_ALREADY_EXIST: an earlier send with this reference arrived; the read tells what became of it.
    if (answer.status === 202 || answer.status === 409)
      return { state: 'pending', providerTransactionId: null, reason: null };
    throw unexpectedAnswer('mtn', step, answer);
  }

  async readRefund(reference: string): Promise<RefundReading> {
    const step = 'MTN MoMo refund status';
    const answer = await this.withToken((token) =>
      callProvider(
        'mtn',
        step,
        `${this.settings.baseUrl}/disbursement/v1_0/refund/${encodeURIComponent(reference)}`,
        { method: 'GET', headers: this.productHeaders(token) },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status === 404)
      throw new ProviderError('mtn', 'not-found', `${step}: MTN does not know refund ${reference}`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    const b = (answer.body ?? {}) as Record<string, unknown>;
    if (typeof b.status !== 'string') throw new ProviderError('mtn', 'bad-answer', `${step}: no status in the answer`);
    // Anything but SUCCESSFUL or FAILED stays pending: a refund is never ended on a word we do not know.
    const state: PaymentState = b.status === 'SUCCESSFUL' ? 'successful' : b.status === 'FAILED' ? 'failed' : 'pending';
    return {
      state,
      providerTransactionId:
        typeof b.financialTransactionId === 'string' && b.financialTransactionId ? b.financialTransactionId : null,
      reason:
        reasonOf(b.reason) ??
        (state === 'failed'
          ? 'MTN gave no reason'
          : state === 'pending' && b.status !== 'PENDING'
            ? `status ${b.status.slice(0, 40)}`
            : null),
    };
  }

  /** What the Disbursement account holds: refunds are paid from it, not from what collections took in. */
  async readBalance(): Promise<{ availableNgwee: number | null; currency: string | null }> {
    const step = 'MTN MoMo disbursement balance';
    const answer = await this.withToken((token) =>
      callProvider(
        'mtn',
        step,
        `${this.settings.baseUrl}/disbursement/v1_0/account/balance`,
        { method: 'GET', headers: this.productHeaders(token) },
        this.settings.timeoutMs,
      ),
    );
    if (answer.status !== 200) throw unexpectedAnswer('mtn', step, answer);
    const b = (answer.body ?? {}) as Record<string, unknown>;
    return {
      availableNgwee: ngweeFromKwacha(b.availableBalance),
      currency: typeof b.currency === 'string' ? b.currency : null,
    };
  }

  private productHeaders(token: string): Record<string, string> {
    return {
      Authorization: `Bearer ${token}`,
      'X-Target-Environment': this.settings.targetEnvironment,
      'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey,
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
    const step = 'MTN MoMo disbursement token';
    const basic = Buffer.from(`${this.settings.apiUser}:${this.settings.apiKey}`).toString('base64');
    const answer = await callProvider(
      'mtn',
      step,
      `${this.settings.baseUrl}/disbursement/token/`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
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

/** A reason code ("NOT_ENOUGH_FUNDS") or, in older answers, {code, message}. */
function reasonOf(reason: unknown): string | null {
  if (typeof reason === 'string' && reason) return reason.slice(0, 200);
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = [code, message].filter((p) => typeof p === 'string' && p).join(': ');
    return text ? text.slice(0, 200) : null;
  }
  return null;
}
