import { COLLECTION_PAYMENTS, type CollectionPayment } from '../../../shared/payment-methods';
import type { OrderRow } from './queries';

/**
 * How an order was paid, as stored in `payment_result` and answered as the order's `paymentResult`:
 * the spec's payment result (id, status, update time, payer's e-mail) and where it came from. Every
 * path writes every field, null where it does not apply.
 */
export type PaymentResult = {
  /** The payment's id: the provider's transaction id, or the reference the admin checked. */
  id: string;
  status: string;
  update_time: string;
  email_address: string;
  /** collection: paid to the pickup point's keeper (or an admin) when the parcel was collected (decision 045). */
  by: 'provider' | 'admin' | 'collection';
  /** 'mtn' or 'airtel' when a provider confirmed the money. */
  provider: string | null;
  /** Our reference of the payment attempt that collected it. */
  attemptReference: string | null;
  /** The id of the admin who marked it paid by hand, or who handed it over on collection. */
  recordedBy: string | null;
  /** Paid on collection: in cash or by mobile money to the keeper. */
  paidWith: CollectionPayment | null;
};

const BY = ['provider', 'admin', 'collection'] as const;

/**
 * Orders paid before this shape kept one of two: a provider's (with `provider` and `attemptReference`)
 * or an admin's (with `recordedBy`, or nothing more in the demo orders). Both are read as this shape.
 */
export function readPaymentResult(stored: OrderRow['paymentResult']): PaymentResult | null {
  if (!stored) return null;
  const text = (field: string) => (typeof stored[field] === 'string' ? (stored[field] as string) : null);
  const provider = text('provider');
  return {
    id: text('id') ?? '',
    status: text('status') ?? '',
    update_time: text('update_time') ?? '',
    email_address: text('email_address') ?? '',
    by: BY.find((by) => by === stored.by) ?? (provider ? 'provider' : 'admin'),
    provider,
    attemptReference: text('attemptReference'),
    recordedBy: text('recordedBy'),
    paidWith: COLLECTION_PAYMENTS.find((way) => way === stored.paidWith) ?? null,
  };
}
