import { callProvider, tokenOf, TokenSession } from './provider-http';
import type { MtnMomoSettings } from './provider-config';

/** What each MTN product (Collection, Disbursement) has of its own: the same fields, other values. */
export type MtnProductSettings = Pick<
  MtnMomoSettings,
  'baseUrl' | 'apiUser' | 'apiKey' | 'subscriptionKey' | 'targetEnvironment' | 'timeoutMs'
>;

export type MtnProduct = 'collection' | 'disbursement';

/**
 * How each product's token is asked for. The disbursement token goes as an OAuth client-credentials form,
 * the collection one bare (docs/decisions/011-mobile-money-providers.md,
 * docs/decisions/032-refunds-sent-once.md); each is kept as it was built and tested.
 */
const TOKEN_REQUESTS: Record<MtnProduct, { step: string; form: boolean }> = {
  collection: { step: 'MTN MoMo token', form: false },
  disbursement: { step: 'MTN MoMo disbursement token', form: true },
};

/**
 * One MTN MoMo Open API product as our clients use it: its token (POST /{product}/token/, Basic
 * apiUser:apiKey and the product's subscription key), cached, and its calls, each with the Bearer token,
 * X-Target-Environment and the subscription key.
 */
export class MtnProductSession extends TokenSession {
  constructor(
    private readonly settings: MtnProductSettings,
    private readonly product: MtnProduct,
  ) {
    super('mtn', `${settings.baseUrl}/${product}`, settings.timeoutMs);
  }

  protected headers(token: string): Record<string, string> {
    return {
      Authorization: `Bearer ${token}`,
      'X-Target-Environment': this.settings.targetEnvironment,
      'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey,
    };
  }

  protected async fetchToken(): Promise<{ value: string; lifetimeSeconds: number }> {
    const { step, form } = TOKEN_REQUESTS[this.product];
    const basic = Buffer.from(`${this.settings.apiUser}:${this.settings.apiKey}`).toString('base64');
    const headers = { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': this.settings.subscriptionKey };
    const answer = await callProvider(
      'mtn',
      step,
      `${this.settings.baseUrl}/${this.product}/token/`,
      form
        ? {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'grant_type=client_credentials',
          }
        : { method: 'POST', headers },
      this.settings.timeoutMs,
    );
    return tokenOf('mtn', step, answer);
  }
}

/** MTN gives a reason as a code ("APPROVAL_REJECTED", "NOT_ENOUGH_FUNDS") or, in older answers, as {code, message}. */
export function mtnReason(reason: unknown): string | null {
  if (typeof reason === 'string' && reason) return reason.slice(0, 200);
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = [code, message].filter((p) => typeof p === 'string' && p).join(': ');
    return text ? text.slice(0, 200) : null;
  }
  return null;
}
