import { ProviderError } from './collection-provider';
import { callProvider, tokenOf, TokenSession } from './provider-http';
import type { AirtelMoneySettings } from './provider-config';

/**
 * The Airtel Africa Open API as our collection and disbursement clients use it
 * (docs/decisions/011-mobile-money-providers.md): one OAuth token (POST /auth/oauth2/token, client
 * credentials in a JSON body), cached, and calls that carry it with X-Country and X-Currency.
 */
export class AirtelSession extends TokenSession {
  constructor(private readonly settings: AirtelMoneySettings) {
    super('airtel', settings.baseUrl, settings.timeoutMs);
  }

  protected headers(token: string): Record<string, string> {
    return {
      Accept: '*/*',
      Authorization: `Bearer ${token}`,
      'X-Country': this.settings.country,
      'X-Currency': this.settings.currency,
    };
  }

  protected async fetchToken(): Promise<{ value: string; lifetimeSeconds: number }> {
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
    return tokenOf('airtel', step, answer);
  }
}

/** Airtel wraps every answer as {data: {transaction}, status: {success, message, response_code}}. */
export interface AirtelEnvelope {
  transaction: Record<string, unknown> | null;
  status: { success?: unknown; message?: unknown; response_code?: unknown };
}

export function airtelEnvelope(body: unknown): AirtelEnvelope {
  const b = (body ?? {}) as { data?: { transaction?: unknown } | null; status?: unknown };
  const transaction = b.data?.transaction;
  return {
    transaction: transaction && typeof transaction === 'object' ? (transaction as Record<string, unknown>) : null,
    status: b.status && typeof b.status === 'object' ? (b.status as AirtelEnvelope['status']) : {},
  };
}

/** Airtel's own id of a transaction, when the answer names one. */
export function airtelMoneyId(transaction: Record<string, unknown> | null): string | null {
  const id = transaction?.airtel_money_id;
  return typeof id === 'string' && id ? id : null;
}
