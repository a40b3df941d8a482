import { formatKwacha, toKwacha } from '../../../shared/money';
import { amountDueNgwee, isOrderPaid } from '../../../shared/order-balance';
import { ORDER_CURRENCY, type PayableOrder } from '../orders';
import type { PaymentReading } from './providers/collection-provider';
import type { AttemptRow } from './queries';

/** What the provider collected: Airtel's status read reports no amount or currency, then it is what we asked for. */
export function collectedAmount(attempt: AttemptRow, reading: PaymentReading) {
  return { amountNgwee: reading.amountNgwee ?? attempt.amountNgwee, currency: reading.currency ?? attempt.currency };
}

/** An amount as an admin reads it: in kwacha as the order shows its total, else with its currency. */
export const amountText = (ngwee: number, currency: string) =>
  currency === ORDER_CURRENCY ? formatKwacha(toKwacha(ngwee)) : `${(ngwee / 100).toFixed(2)} ${currency}`;

/** Why a successful reading does not pay the order, or null when it does. */
export function mismatch(attempt: AttemptRow, reading: PaymentReading, order: PayableOrder | null): string | null {
  if (!order) return 'The order no longer exists';
  if (isOrderPaid(order)) return 'The order was already paid: this is a second payment';
  if (order.status === 'Cancelled') return 'The order was cancelled before the payment arrived';
  const { amountNgwee, currency } = collectedAmount(attempt, reading);
  if (currency !== ORDER_CURRENCY) return `Collected in ${currency}, but the order is in ${ORDER_CURRENCY}`;
  // A paid order that owes a balance after an edit is paid in full by exactly that balance (decision 070).
  const due = amountDueNgwee(order);
  if (amountNgwee !== due)
    return order.isPaid
      ? `Collected ${amountText(amountNgwee, currency)}, but the order's balance due is ${amountText(due, currency)}`
      : `Collected ${amountText(amountNgwee, currency)}, but the order's total is ${amountText(due, currency)}`;
  return null;
}
