import { readZambianMobile } from '../../../../../shared/phone-numbers';
import { kwachaNumber } from '../amounts';
import { ProviderError } from '../collection-provider';
import type { PayoutProvider, PayoutReading, PayoutRequest } from '../payout-provider';
import { callProvider, describe, unexpectedAnswer, type ProviderAnswer } from '../provider-http';
import type { LencoSettings } from './lenco-settings';

/**
 * Lenco API v2 transfers to a mobile-money wallet (docs/providers/payout-apis.md §3): POST
 * /transfers/mobile-money {accountId (ours, debited), amount in kwacha as a number, reference, narration,
 * phone 0XXXXXXXXX, operator mtn|airtel|zamtel, country zm}, GET /transfers/status/{reference}. Lenco
 * answers 200 whenever it took a transfer; data.status (pending, successful, failed) says the rest. A
 * duplicate reference (400, errorCode 04) means an earlier send arrived.
 */
export class LencoTransfers implements PayoutProvider {
  constructor(private readonly settings: LencoSettings & { payoutAccountId: string }) {}

  async sendPayout(request: PayoutRequest): Promise<PayoutReading> {
    const step = 'Lenco mobile-money transfer';
    if (request.currency !== 'ZMW')
      throw new ProviderError('lenco', 'refused', `${step}: Lenco pays out ZMW in Zambia, not ${request.currency}`);
    const mobile = readZambianMobile(request.phone);
    if (!mobile.ok) throw new ProviderError('lenco', 'refused', `${step}: not a Zambian mobile number`);
    const answer = await this.call(step, '/transfers/mobile-money', {
      method: 'POST',
      body: JSON.stringify({
        accountId: this.settings.payoutAccountId,
        amount: kwachaNumber(request.amountNgwee),
        reference: request.reference,
        narration: request.note.slice(0, 100),
        phone: `0${mobile.mobile.national}`,
        operator: request.network,
        country: 'zm',
      }),
    });
    if (answer.status === 200 || answer.status === 201) return readingOf(step, answer.body);
    if (errorCodeOf(answer) === '04') return { state: 'pending', providerTransactionId: null, reason: null };
    // 02 our balance is short, 03 a limit, 05 a recipient Lenco refuses, 06 a restriction, 12 a bad number:
    // Lenco took nothing, so the payout failed and the member is owed it again.
    throw unexpectedAnswer('lenco', step, answer);
  }

  async readPayout(reference: string): Promise<PayoutReading> {
    const step = 'Lenco transfer status';
    const answer = await this.call(step, `/transfers/status/${encodeURIComponent(reference)}`, { method: 'GET' });
    if (answer.status === 404)
      throw new ProviderError('lenco', 'not-found', `${step}: Lenco does not know this reference`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('lenco', step, answer);
    return readingOf(step, answer.body);
  }

  private call(step: string, path: string, init: { method: string; body?: string }): Promise<ProviderAnswer> {
    return callProvider(
      'lenco',
      step,
      `${this.settings.baseUrl}${path}`,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${this.settings.apiToken}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      this.settings.timeoutMs,
    );
  }
}

const errorCodeOf = (answer: ProviderAnswer) =>
  answer.status === 400 ? (answer.body as { errorCode?: unknown } | null)?.errorCode : undefined;

/** data.status: successful and failed end it; pending, or a word we do not know, stays pending. */
function readingOf(step: string, body: unknown): PayoutReading {
  const envelope = (body ?? {}) as { status?: unknown; data?: Record<string, unknown> | null };
  const data = envelope.data;
  if (envelope.status !== true || !data || typeof data.status !== 'string')
    throw new ProviderError('lenco', 'bad-answer', `${step}: no transfer in the answer${describe(body)}`);
  const providerTransactionId = typeof data.lencoReference === 'string' ? data.lencoReference : null;
  const reason = typeof data.reasonForFailure === 'string' ? data.reasonForFailure.slice(0, 200) : null;
  if (data.status === 'successful') return { state: 'successful', providerTransactionId, reason: null };
  if (data.status === 'failed')
    return { state: 'failed', providerTransactionId, reason: reason ?? 'Lenco gave no reason' };
  return {
    state: 'pending',
    providerTransactionId,
    reason: data.status === 'pending' ? null : `status ${data.status.slice(0, 40)}`,
  };
}
