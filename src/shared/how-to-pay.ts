import { toKwacha } from './money';
import { orderReference, paymentMethodLabel, paysByMobileMoney } from './order-status';
import type { ShopSettings } from './schemas/settings';
import { paysOnCollection, type MobileMoneyMethod } from './payment-methods';

/**
 * How a customer pays an unpaid order by hand, in one place: the checkout's success page, the order page,
 * the signed order link and the order e-mail all say the same number, name and reference.
 */
export type HowToPay =
  | {
      kind: 'mobileMoney';
      method: MobileMoneyMethod;
      methodLabel: string;
      /** Kwacha, the order's total. */
      amount: number;
      /** The co-op's number on that network; empty when the admin has not entered one. */
      number: string;
      accountName: string;
      reference: string;
    }
  | { kind: 'card'; methodLabel: string; amount: number; reference: string }
  /** Pay on collection (decision 045): cash or mobile money to the keeper of `place` when collecting. */
  | { kind: 'collection'; methodLabel: string; amount: number; reference: string; place: string };

/** The sentence every channel says of a pay-on-collection order, so the page, e-mail and text agree. */
export const payOnCollectionSentence = (amount: string, place: string) =>
  `Pay ${amount} when you collect your parcel at ${place || 'the pickup point'}: cash or mobile money to the keeper.`;

export type PaySettings = Pick<ShopSettings, 'airtelMoneyNumber' | 'mtnMoneyNumber' | 'paymentAccountName'>;

/** The co-op's number for a mobile-money method ('' for a card or when none is set). */
export function payNumberFor(method: string, settings: PaySettings): string {
  if (method === 'airtel') return settings.airtelMoneyNumber;
  if (method === 'mtn') return settings.mtnMoneyNumber;
  // Zamtel (and a card) has no number of the co-op's: Zamtel is offered only when a provider collects it.
  return '';
}

/** Null when there is nothing to pay: the order is paid, or cancelled. */
export function howToPay(
  order: {
    _id: string;
    paymentMethod: string;
    totalPrice: number;
    isPaid: boolean;
    /** A paid order an edit raised owes this, in ngwee (decision 070): then it is what to pay. */
    balanceDueNgwee?: number;
    status: string;
    delivery?: { name: string } | null;
  },
  settings: PaySettings,
): HowToPay | null {
  const balance = order.isPaid ? (order.balanceDueNgwee ?? 0) : 0;
  if ((order.isPaid && balance === 0) || order.status === 'Cancelled') return null;
  if (balance > 0) order = { ...order, totalPrice: toKwacha(balance) };
  const reference = orderReference(order._id);
  const methodLabel = paymentMethodLabel(order.paymentMethod);
  if (paysOnCollection(order.paymentMethod))
    return { kind: 'collection', methodLabel, amount: order.totalPrice, reference, place: order.delivery?.name ?? '' };
  if (!paysByMobileMoney(order.paymentMethod))
    return { kind: 'card', methodLabel, amount: order.totalPrice, reference };
  return {
    kind: 'mobileMoney',
    method: order.paymentMethod,
    methodLabel,
    amount: order.totalPrice,
    number: payNumberFor(order.paymentMethod, settings),
    accountName: settings.paymentAccountName,
    reference,
  };
}
