/**
 * What a return is worth, in whole ngwee (docs/decisions/069-returns-and-exchanges.md): each returned
 * unit's share of what the order charged. A line's charge is its price less its part of the order's
 * discount, with its part of the order's VAT, apportioned exactly as the fiscal invoice does (so the
 * lines add up to the order's total less delivery, and a credit note matches the refund to the ngwee).
 * Within a line, the first k units are worth floor(charge x k / quantity); a return of q units after p
 * earlier ones is worth the difference, so however a line comes back its returns add up to its charge
 * and never to more. Delivery goes back only when the whole order comes back for the shop's fault.
 */
import { shareInProportion } from './fiscal-invoice';
import { computeTotals, type PricedLine } from './money';
import { vatInRefund } from './refunds';

export interface ShareOrderLine {
  id: string;
  unitPriceNgwee: number;
  quantity: number;
}

/** An order's stored figures (as it was paid; never recomputed). */
export interface ShareOrderFigures {
  lines: readonly ShareOrderLine[];
  discountNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
}

/** Each line's charge: its amount less its part of the discount, plus its part of the VAT. */
export function lineCharges(order: ShareOrderFigures): number[] {
  const amounts = order.lines.map((line) => line.unitPriceNgwee * line.quantity);
  const discounts = shareInProportion(order.discountNgwee, amounts);
  const taxables = amounts.map((amount, i) => amount - discounts[i]);
  const vats = shareInProportion(order.taxNgwee, taxables);
  return taxables.map((taxable, i) => taxable + vats[i]);
}

/** What the first `units` of a line of `quantity` are worth of its `charge`. */
const firstUnitsWorth = (charge: number, quantity: number, units: number) =>
  Math.floor((charge * Math.min(units, quantity)) / quantity);

/** What `count` units of a line are worth after `before` of its units came back in earlier returns. */
export function unitsShare(charge: number, quantity: number, before: number, count: number): number {
  return firstUnitsWorth(charge, quantity, before + count) - firstUnitsWorth(charge, quantity, before);
}

export interface ReturnedLine {
  orderItemId: string;
  qty: number;
}

export interface ReturnShareInput {
  order: ShareOrderFigures;
  lines: readonly ReturnedLine[];
  /** Units of each line (by order item id) asked in earlier returns that are not refused. */
  earlier: Readonly<Record<string, number>>;
  /** The return's reason is the shop's fault (damaged, wrong item, not as described). */
  shopsFault: boolean;
  /** Money taken for the order. */
  collectedNgwee: number;
  /** Refunds that went, and those asked, approved or sent (they hold money). */
  refundedOrPendingNgwee: number;
}

export interface ReturnShare {
  lines: { orderItemId: string; shareNgwee: number }[];
  /** The delivery fee given back (the whole order comes back for the shop's fault), else 0. */
  deliveryNgwee: number;
  /** The lines' shares and delivery, before the cap. */
  worthNgwee: number;
  /** What the return is worth to the shopper: never more than collected less refunded and in flight. */
  amountNgwee: number;
}

export function returnShare(input: ReturnShareInput): ReturnShare {
  const { order } = input;
  const charges = lineCharges(order);
  const indexOf = new Map(order.lines.map((line, i) => [line.id, i]));
  const returned = new Map(order.lines.map((line) => [line.id, input.earlier[line.id] ?? 0]));
  const lines = input.lines.map((line) => {
    const i = indexOf.get(line.orderItemId);
    if (i === undefined) throw new Error(`No line ${line.orderItemId} in the order`);
    const before = returned.get(line.orderItemId) ?? 0;
    returned.set(line.orderItemId, before + line.qty);
    return {
      orderItemId: line.orderItemId,
      shareNgwee: unitsShare(charges[i], order.lines[i].quantity, before, line.qty),
    };
  });
  const wholeOrder = order.lines.every((line) => (returned.get(line.id) ?? 0) >= line.quantity);
  const deliveryNgwee = input.shopsFault && wholeOrder ? order.shippingNgwee : 0;
  const worthNgwee = lines.reduce((sum, line) => sum + line.shareNgwee, 0) + deliveryNgwee;
  const left = Math.max(0, input.collectedNgwee - input.refundedOrPendingNgwee);
  return { lines, deliveryNgwee, worthNgwee, amountNgwee: Math.min(worthNgwee, left) };
}

/**
 * A replacement's price at today's prices: its items with VAT; no discount (the code was the first
 * order's) and no delivery (it travels back the way the return came).
 */
export function replacementTotalNgwee(lines: readonly PricedLine[]): number {
  const totals = computeTotals(lines);
  return totals.itemsNgwee + totals.taxNgwee;
}

/** > 0: the shopper pays the balance; < 0: the shop refunds it; 0: even. */
export const exchangeDifferenceNgwee = (replacementNgwee: number, returnNgwee: number) =>
  replacementNgwee - returnNgwee;

/**
 * The replacement order's stored figures: its items at today's prices, less the return's credit. The credit
 * comes off as a discount (its part without VAT) and off the VAT (its VAT, 16/116 of it), so the order's
 * total is exactly the balance the shopper pays, or 0 when the credit covers it (the rest is refunded).
 */
export function replacementFigures(lines: readonly PricedLine[], creditNgwee: number) {
  const itemsNgwee = lines.reduce((sum, line) => sum + line.unitPriceNgwee * line.quantity, 0);
  const differenceNgwee = exchangeDifferenceNgwee(replacementTotalNgwee(lines), creditNgwee);
  if (differenceNgwee <= 0)
    return { differenceNgwee, figures: { itemsNgwee, discountNgwee: itemsNgwee, taxNgwee: 0, totalNgwee: 0 } };
  let discountNgwee = Math.min(itemsNgwee, creditNgwee - vatInRefund(creditNgwee));
  let taxNgwee = differenceNgwee - (itemsNgwee - discountNgwee);
  if (taxNgwee < 0) {
    discountNgwee = itemsNgwee - differenceNgwee;
    taxNgwee = 0;
  }
  return { differenceNgwee, figures: { itemsNgwee, discountNgwee, taxNgwee, totalNgwee: differenceNgwee } };
}
