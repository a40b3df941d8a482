import { kwachaNumber } from './amounts';
import { encryptPin } from './airtel-pin';
import { ProviderError } from './collection-provider';
import { airtelEnvelope, airtelMoneyId, AirtelSession } from './airtel-session';
import { describe, unexpectedAnswer, type ProviderAnswer } from './provider-http';
import type { AirtelDisbursementSettings } from './provider-config';
import type { PayoutProvider, PayoutReading, PayoutRequest } from './payout-provider';
import type { RefundProvider, RefundReading, RefundRequest } from './refund-provider';

/**
 * Airtel Africa Open API, disbursement v1, used to send a refund to the shopper's wallet
 * (docs/decisions/032-refunds-sent-once.md) and a member's payout to hers (decision 064): POST /standard/v1/disbursements/ with our reference as
 * transaction.id and the merchant PIN RSA-encrypted, GET /standard/v1/disbursements/{id}. Both answers are
 * read by status.response_code. Unlike Airtel's collection refund (whole amounts only, no id of ours, no
 * read), a disbursement can send part of a payment and be read and re-sent safely by our id.
 */
export class AirtelMoneyDisbursements implements RefundProvider, PayoutProvider {
  private readonly session: AirtelSession;

  constructor(private readonly settings: AirtelDisbursementSettings) {
    this.session = new AirtelSession(settings);
  }

  sendRefund(request: RefundRequest): Promise<RefundReading> {
    return this.disburse({
      ...request,
      // Alphanumeric, 4 to 64 characters (research: Airtel's v2 rule; v1 states none).
      words: `Refund${request.orderNumber.replace(/[^A-Za-z0-9]/g, '')}`,
    });
  }

  readRefund(reference: string): Promise<RefundReading> {
    return this.read(reference);
  }

  /** A member's payout is the same disbursement to her number (docs/decisions/064-member-payouts.md). */
  sendPayout(request: PayoutRequest): Promise<PayoutReading> {
    return this.disburse({ ...request, words: `Payout${request.note.replace(/[^A-Za-z0-9]/g, '')}` });
  }

  readPayout(reference: string): Promise<PayoutReading> {
    return this.read(reference);
  }

  private async disburse(request: {
    reference: string;
    phone: string;
    amountNgwee: number;
    currency: string;
    /** Airtel's `reference`: what the payee's history shows, letters and digits only. */
    words: string;
  }): Promise<RefundReading> {
    const step = 'Airtel Money disbursement';
    if (request.currency !== this.settings.currency) {
      throw new ProviderError(
        'airtel',
        'refused',
        `${step}: Airtel Money Zambia pays out ${this.settings.currency}, not ${request.currency}`,
      );
    }
    const body = JSON.stringify({
      payee: { msisdn: request.phone.replace(/^\+260/, ''), wallet_type: 'NORMAL' },
      reference: request.words.slice(0, 64),
      pin: encryptPin(this.settings.pin, this.settings.pinPublicKeyPem),
      transaction: { amount: kwachaNumber(request.amountNgwee), id: request.reference, type: 'B2C' },
    });
    const answer = await this.session.call(step, '/standard/v1/disbursements/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const reading = this.readingOf(step, answer, request.reference);
    // "Not found" cannot answer a send; a refusal is final and moved no money.
    if (reading.state === 'failed' && reading.refused)
      throw new ProviderError(
        'airtel',
        'refused',
        `${step}: Airtel refused the disbursement${describe(answer.body)}`,
        answer.status,
      );
    return reading.result;
  }

  private async read(reference: string): Promise<RefundReading> {
    const step = 'Airtel Money disbursement enquiry';
    const answer = await this.session.call(step, `/standard/v1/disbursements/${encodeURIComponent(reference)}`, {
      method: 'GET',
    });
    return this.readingOf(step, answer, reference).result;
  }

  /**
   * The research's response codes (DP009000010xx): 001 success; 000 ambiguous, 006 in process, 014 timed
   * out: ask again; 011 similar transaction and 017 duplicate id: the first send arrived, ask again; 015 not found; 007 our float is
   * short; any other code is a refusal. An unknown code stays pending: never end a refund on a guess.
   */
  private readingOf(
    step: string,
    answer: ProviderAnswer,
    reference: string,
  ): { state: string; refused: boolean; result: RefundReading } {
    if (answer.status >= 500 || answer.status === 429 || answer.status === 401 || answer.status === 403)
      throw unexpectedAnswer('airtel', step, answer);
    const { transaction, status } = airtelEnvelope(answer.body);
    const code = typeof status.response_code === 'string' ? status.response_code : '';
    const message = typeof status.message === 'string' && status.message ? status.message.slice(0, 200) : null;
    const airtelId = airtelMoneyId(transaction);
    const outcome = /^DP00900001(\d{3})$/.exec(code)?.[1];
    if (outcome === '015' || (answer.status === 404 && !outcome))
      throw new ProviderError('airtel', 'not-found', `${step}: Airtel does not know id ${reference}`, answer.status);
    if (outcome === undefined) {
      if (answer.status !== 200) throw unexpectedAnswer('airtel', step, answer);
      return {
        state: 'pending',
        refused: false,
        result: {
          state: 'pending',
          providerTransactionId: airtelId,
          reason: `unknown answer ${code.slice(0, 40) || 'without a response code'}`,
        },
      };
    }
    if (outcome === '001')
      return {
        state: 'successful',
        refused: false,
        result: { state: 'successful', providerTransactionId: airtelId, reason: null },
      };
    if (PENDING.has(outcome))
      return {
        state: 'pending',
        refused: false,
        result: { state: 'pending', providerTransactionId: airtelId, reason: null },
      };
    const reason =
      outcome === '007'
        ? `Not enough money in the Airtel disbursement float${message ? ` (${message})` : ''}`
        : (message ?? `Airtel code ${code}`);
    // 007 (float short) comes after Airtel took the request: a final failure, not a refusal of the send.
    return {
      state: 'failed',
      refused: outcome !== '007',
      result: { state: 'failed', providerTransactionId: airtelId, reason },
    };
  }
}

// 011 "similar transaction exists": read by our id; if Airtel never knew it, the refund waits for an admin rather than risk a second send.
const PENDING = new Set(['000', '006', '011', '014', '017']);
