import { toNgwee } from './money';

/**
 * What an order owes, the one rule (docs/decisions/070-order-edits.md): an order is paid once it was made
 * paid and owes no balance from an edit that raised its total. Server, back office and the shopper's pages
 * read it here.
 */
export interface OrderOwing {
  isPaid: boolean;
  status: string;
  totalNgwee: number;
  balanceDueNgwee: number;
}

export const isOrderPaid = (order: Pick<OrderOwing, 'isPaid' | 'balanceDueNgwee'>): boolean =>
  order.isPaid && order.balanceDueNgwee === 0;

/** What a payment of the order must bring now: its total until it is paid, then its balance; 0 once cancelled. */
export function amountDueNgwee(order: OrderOwing): number {
  if (order.status === 'Cancelled') return 0;
  return order.isPaid ? order.balanceDueNgwee : order.totalNgwee;
}

/** What an edit does to the money of an order. */
export interface EditMoney {
  /** New total less old. */
  differenceNgwee: number;
  /** The paid order's balance due after the edit. */
  balanceDueNgwee: number;
  /** What goes back to the shopper now (a paid order that costs less than it paid). */
  refundNgwee: number;
}

/**
 * An unpaid order simply gets its new total. A paid order owes its old balance plus the difference: above
 * zero that is its balance due, below zero it is refunded (a balance not yet paid is first cancelled out),
 * so what was collected always equals the total plus what is refunded, less what is still due.
 */
export function editMoney(
  order: Pick<OrderOwing, 'isPaid' | 'totalNgwee' | 'balanceDueNgwee'>,
  newTotalNgwee: number,
): EditMoney {
  const differenceNgwee = newTotalNgwee - order.totalNgwee;
  if (!order.isPaid) return { differenceNgwee, balanceDueNgwee: 0, refundNgwee: 0 };
  const owed = order.balanceDueNgwee + differenceNgwee;
  return { differenceNgwee, balanceDueNgwee: Math.max(0, owed), refundNgwee: Math.max(0, -owed) };
}

/** An order can be edited until it leaves: not shipped, delivered, collected or cancelled (the server's 409s). */
export const isOrderEditable = (order: { status: string; collection?: { collectedAt: string | null } | null }) =>
  (order.status === 'Pending' || order.status === 'Processing') && !order.collection?.collectedAt;

/** amountDueNgwee for an order as the API answers it (its total in kwacha). */
export const amountDueOfOrder = (order: Omit<OrderOwing, 'totalNgwee'> & { totalPrice: number }) =>
  amountDueNgwee({ ...order, totalNgwee: toNgwee(order.totalPrice) });
