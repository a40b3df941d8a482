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

export const PAYMENT_METHODS = ['airtel', 'mtn', 'creditCard'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Airtel and MTN orders are paid to the cooperative's number with the order number as reference; card orders get a link. */
export const paysByMobileMoney = (method: string): method is 'airtel' | 'mtn' =>
  method === 'airtel' || method === 'mtn';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  airtel: 'Airtel Money',
  mtn: 'MTN Mobile Money',
  creditCard: 'Credit / Debit Card',
};

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
