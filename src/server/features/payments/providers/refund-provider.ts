import type { PaymentState } from './collection-provider';

/**
 * One small interface over every way a provider sends money back to a shopper's wallet
 * (docs/decisions/032-refunds-sent-once.md). Like a collection, a refund is sent once with our own
 * reference, then read by that reference until final: only a read (or a final answer to the send) ends it.
 */
export interface RefundRequest {
  /** Our refund's reference (a UUID), stored before the first send: the provider's key for it. */
  reference: string;
  /** The shopper's number as +260XXXXXXXXX. */
  phone: string;
  amountNgwee: number;
  currency: string;
  /** Our reference of the collection it pays back (MTN's referenceIdToRefund). */
  collectionReference: string;
  /** Shown in the shopper's and the provider's history. */
  orderNumber: string;
}

export interface RefundReading {
  /** pending: on its way (or the provider took it and has not said more). */
  state: PaymentState;
  providerTransactionId: string | null;
  /** The provider's words for a failure or a pending oddity. */
  reason: string | null;
}

export interface RefundProvider {
  /**
   * Sends the refund. Resolves once the provider took it: pending (to be read), or a final reading when the
   * answer already says (Airtel's disbursement can). A duplicate of our reference means the first send
   * arrived: pending too. Throws ProviderError: refused (final, the money did not move), or retryable (it
   * may or may not have arrived: read it).
   */
  sendRefund(request: RefundRequest): Promise<RefundReading>;
  /** The provider's word on our refund. ProviderError not-found: it never arrived. */
  readRefund(reference: string): Promise<RefundReading>;
}
