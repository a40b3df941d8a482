import { readZambianMobile } from '../../../../../shared/phone-numbers';
import { kwachaNumber, ngweeFromKwacha } from '../amounts';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type PaymentRequest,
} from '../collection-provider';
import { callProvider, describe, unexpectedAnswer, type ProviderAnswer } from '../provider-http';
import type { LencoSettings } from './lenco-settings';

/**
 * Lenco API v2 collections (docs/providers/lenco-api.md §1, §3, §4): POST /collections/mobile-money
 * {amount in kwacha as a number, reference, phone 0XXXXXXXXX, operator, country zm, bearer merchant},
 * GET /collections/status/{reference}. Every answer is {status, message, data}; a 200 only says the request
 * was taken, data.status says the rest (successful, failed; pending, pay-offline, otp-required,
 * 3ds-auth-required are all still open). Cards are started by Lenco's widget in the shopper's browser,
 * never here: for them only the status read is used.
 */
export class LencoCollections implements CollectionProvider {
  readonly name = 'lenco' as const;

  constructor(private readonly settings: LencoSettings) {}

  async requestPayment(request: PaymentRequest): Promise<void> {
    const step = 'Lenco mobile-money collection';
    if (request.currency !== 'ZMW')
      throw new ProviderError('lenco', 'refused', `${step}: Lenco collects ZMW in Zambia, not ${request.currency}`);
    const mobile = readZambianMobile(request.phone);
    if (!mobile.ok) throw new ProviderError('lenco', 'refused', `${step}: not a Zambian mobile number`);
    const answer = await this.call(step, '/collections/mobile-money', {
      method: 'POST',
      body: JSON.stringify({
        amount: kwachaNumber(request.amountNgwee),
        reference: request.reference,
        phone: `0${mobile.mobile.national}`,
        // The operator is the number's network; zamtel is not in Lenco's documented enum (decision 035).
        operator: mobile.mobile.network,
        country: 'zm',
        bearer: 'merchant',
      }),
    });
    if (answer.status === 200 || answer.status === 201) return;
    if (isDuplicate(answer))
      throw new ProviderError('lenco', 'duplicate', `${step}: Lenco already has this reference`, answer.status);
    throw unexpectedAnswer('lenco', step, answer);
  }

  async readPayment(reference: string): Promise<PaymentReading> {
    const step = 'Lenco collection status';
    const answer = await this.call(step, `/collections/status/${encodeURIComponent(reference)}`, { method: 'GET' });
    if (answer.status === 404)
      throw new ProviderError('lenco', 'not-found', `${step}: Lenco does not know this reference`, 404);
    if (answer.status !== 200) throw unexpectedAnswer('lenco', step, answer);
    return readingOf(step, answer.body);
  }

  /** A webhook's collection reference (data.reference): only a reason to read, once its signature is checked. */
  referenceInCallback(body: unknown): string | null {
    const data = (body as { data?: { reference?: unknown } } | null)?.data;
    const reference = data?.reference;
    return typeof reference === 'string' && /^[-._A-Za-z0-9]{1,100}$/.test(reference) ? reference : null;
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

const OPEN_STATES = new Set(['pending', 'pay-offline', 'otp-required', '3ds-auth-required']);

function readingOf(step: string, body: unknown): PaymentReading {
  const envelope = (body ?? {}) as { status?: unknown; data?: Record<string, unknown> | null };
  const data = envelope.data;
  if (envelope.status !== true || !data || typeof data.status !== 'string')
    throw new ProviderError('lenco', 'bad-answer', `${step}: no collection in the answer${describe(body)}`);
  const providerTransactionId = typeof data.lencoReference === 'string' ? data.lencoReference : null;
  const reason = typeof data.reasonForFailure === 'string' ? data.reasonForFailure.slice(0, 200) : null;
  if (data.status === 'failed')
    return { state: 'failed', amountNgwee: null, currency: null, providerTransactionId, reason };
  if (OPEN_STATES.has(data.status))
    return { state: 'pending', amountNgwee: null, currency: null, providerTransactionId, reason };
  if (data.status !== 'successful')
    throw new ProviderError('lenco', 'bad-answer', `${step}: unknown status ${data.status.slice(0, 40)}`);
  const amountNgwee = ngweeFromKwacha(data.amount);
  if (amountNgwee === null || typeof data.currency !== 'string')
    throw new ProviderError('lenco', 'bad-answer', `${step}: a successful collection without its amount or currency`);
  return { state: 'successful', amountNgwee, currency: data.currency, providerTransactionId, reason: null };
}

/** HTTP 400 "Duplicate reference", or errorCode 04 (invalid or duplicate reference). */
function isDuplicate(answer: ProviderAnswer): boolean {
  const body = (answer.body ?? {}) as { message?: unknown; errorCode?: unknown };
  return answer.status === 400 && (/duplicate/i.test(String(body.message ?? '')) || body.errorCode === '04');
}
