import { kwachaText } from './amounts';
import { ProviderError } from './collection-provider';
import { mtnDisbursementReading } from './mtn-disbursement';
import { MtnProductSession } from './mtn-session';
import type { PayoutProvider, PayoutReading, PayoutRequest } from './payout-provider';
import { unexpectedAnswer } from './provider-http';
import type { MtnDisbursementSettings } from './provider-config';

/**
 * MTN MoMo Open API, Disbursement product, transfer (docs/providers/payout-apis.md §1): the same token and
 * subscription key as the Disbursement refund (mtn-disbursement.ts). POST /disbursement/v1_0/transfer
 * (202, our UUID in X-Reference-Id; body amount, currency, externalId, payee {MSISDN, partyId},
 * payerMessage, payeeNote), GET /disbursement/v1_0/transfer/{referenceId}. The money comes from the
 * Disbursement account's float.
 */
export class MtnMomoTransfers implements PayoutProvider {
  private readonly session: MtnProductSession;

  constructor(private readonly settings: MtnDisbursementSettings) {
    this.session = new MtnProductSession(settings, 'disbursement');
  }

  async sendPayout(request: PayoutRequest): Promise<PayoutReading> {
    const step = 'MTN MoMo transfer';
    // The sandbox pays out EUR only: a kwacha payout there is refused here, before anything is sent.
    if (request.currency !== this.settings.currency)
      throw new ProviderError(
        'mtn',
        'refused',
        `${step}: MTN MoMo pays out ${this.settings.currency} here, not ${request.currency}`,
      );
    // MTN refuses messages over 160 characters and apostrophes (research, 400 rows).
    const note = request.note.replace(/['\u2018\u2019]/g, '').slice(0, 160);
    const answer = await this.session.call(step, '/v1_0/transfer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Reference-Id': request.reference },
      body: JSON.stringify({
        amount: kwachaText(request.amountNgwee),
        currency: request.currency,
        // Our reference comes back in the read and on MTN's statement, as for collections and refunds.
        externalId: request.reference,
        payee: { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') },
        payerMessage: note,
        payeeNote: note,
      }),
    });
    // 409 RESOURCE_ALREADY_EXIST: an earlier send with this reference arrived; the read tells what became of it.
    if (answer.status === 202 || answer.status === 409)
      return { state: 'pending', providerTransactionId: null, reason: null };
    throw unexpectedAnswer('mtn', step, answer);
  }

  async readPayout(reference: string): Promise<PayoutReading> {
    const step = 'MTN MoMo transfer status';
    const answer = await this.session.call(step, `/v1_0/transfer/${encodeURIComponent(reference)}`, {
      method: 'GET',
    });
    return mtnDisbursementReading(step, answer, `transfer ${reference}`);
  }
}
