export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses that still need someone at the cooperative to act (SPEC §9 "Pending Orders"). */
export const ACTION_NEEDED_STATUSES: readonly OrderStatus[] = ['Pending', 'Processing'];

/** The changes of status a customer hears of by e-mail and text; the back office asks before making one. */
export const STATUSES_TOLD_TO_CUSTOMER = [
  'Shipped',
  'Delivered',
  'Cancelled',
] as const satisfies readonly OrderStatus[];
export const isToldToCustomer = (status: string): status is (typeof STATUSES_TOLD_TO_CUSTOMER)[number] =>
  (STATUSES_TOLD_TO_CUSTOMER as readonly string[]).includes(status);

// The payment methods live in payment-methods.ts (with the providers that collect them); re-exported here
// for the pages that read an order's method beside its status.
export { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, paysByMobileMoney, type PaymentMethod } from './payment-methods';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './payment-methods';

/** A stored payment method in words; an unknown one (an old row) as it is stored. */
export const paymentMethodLabel = (method: string): string => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** The reference a customer quotes when paying: the first 8 characters of the order id. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8);
}

/** Where an order was placed: the web checkout, or a USSD session from any phone (features/ussd). */
export const ORDER_CHANNELS = ['web', 'ussd'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = { web: 'Web', ussd: 'USSD' };
