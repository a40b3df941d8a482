import type { MobileNetwork } from '../../../../shared/phone-numbers';
import type { PaymentState } from './collection-provider';

/**
 * One small interface over every way a provider sends a member her share to her wallet
 * (docs/decisions/064-member-payouts.md). As a refund, a payout is sent once with our own reference, then
 * read by that reference until final: only a read (or a final answer to the send) ends it.
 */
export interface PayoutRequest {
  /** Our payout's reference (a UUID), stored before the first send: the provider's key for it. */
  reference: string;
  /** The member's wallet as +260XXXXXXXXX. */
  phone: string;
  /** Its network (an aggregator names the operator). */
  network: MobileNetwork;
  amountNgwee: number;
  currency: string;
  /** Shown in the member's and the co-op's wallet history ("Forest Co-op November shares"). */
  note: string;
}

export interface PayoutReading {
  /** pending: on its way (or the provider took it and has not said more). */
  state: PaymentState;
  providerTransactionId: string | null;
  /** The provider's words for a failure (or a pending oddity). */
  reason: string | null;
}

export interface PayoutProvider {
  /**
   * Sends the payout. Resolves once the provider took it: pending (to be read), or a final reading when the
   * answer already says. A duplicate of our reference means an earlier send arrived: pending too. Throws
   * ProviderError: refused (final, the money did not move), or retryable (it may or may not have arrived:
   * read it).
   */
  sendPayout(request: PayoutRequest): Promise<PayoutReading>;
  /** The provider's word on our payout. ProviderError not-found: it never arrived (before it was accepted). */
  readPayout(reference: string): Promise<PayoutReading>;
}
