import type { CollectionProviderId } from '../../../../shared/payment-methods';

/**
 * One small interface over every mobile-money provider that collects from a shopper's phone (MTN MoMo,
 * Airtel Money, Lenco for Zamtel and cards). A provider is asked to collect, then read: only a status
 * read decides anything. A callback is a hint to read now, never a result (anyone can post to our URL).
 */
/** The providers the shop can collect through (src/shared/payment-methods.ts; each joins registry.ts). */
export type ProviderName = CollectionProviderId;

export interface PaymentRequest {
  /** Our own reference (a UUID), made before the call and stored with the attempt: the provider's key for it. */
  reference: string;
  /** The shopper's number as +260XXXXXXXXX (src/shared/phone-numbers.ts); empty for a card (the widget asks it). */
  phone: string;
  amountNgwee: number;
  currency: string;
  /** Shown to the shopper on the phone prompt and kept in the provider's history. */
  orderNumber: string;
}

export type PaymentState = 'pending' | 'successful' | 'failed';

export interface PaymentReading {
  state: PaymentState;
  /** What the provider says it collected; null when its status read does not say (Airtel's does not). */
  amountNgwee: number | null;
  currency: string | null;
  /** The provider's own id of the money movement, for reconciliation; null until it has one. */
  providerTransactionId: string | null;
  /** The provider's words for a failure (or a pending oddity), for the admin and the shopper. */
  reason: string | null;
}

export interface CollectionProvider {
  readonly name: ProviderName;
  /** Asks the provider to prompt the phone. Resolves once the provider has accepted the request. */
  requestPayment(request: PaymentRequest): Promise<void>;
  /** The provider's current word on one of our references. */
  readPayment(reference: string): Promise<PaymentReading>;
  /** Which of our references a callback body names, or null: only a reason to call readPayment. */
  referenceInCallback(body: unknown): string | null;
}

export type ProviderErrorKind =
  | 'timeout' // no answer in time: the request may or may not have arrived
  | 'unreachable' // connection refused or reset
  | 'provider-error' // 5xx or 429: the provider's trouble, try again later
  | 'credentials' // the provider refused our keys: a setting to fix, not to retry
  | 'duplicate' // this reference was used before
  | 'not-found' // the provider does not know this reference
  | 'refused' // the provider refused this request (bad number, amount, ...)
  | 'bad-answer'; // an answer we cannot read

const RETRYABLE: ReadonlySet<ProviderErrorKind> = new Set(['timeout', 'unreachable', 'provider-error']);

/** Every provider failure as one type; the message names the provider and step, never a key or token. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
    this.retryable = RETRYABLE.has(kind);
  }
}
