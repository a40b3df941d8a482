import {
  RETURN_REASONS,
  returnableQty,
  returnRuleOf,
  returnWindowEndsAt,
  type ReturnRules,
} from '../../../shared/returns';
import { collectedByHandNgwee, type OrderForReturn } from '../orders';
import { lineCharges, unitsShare, type ShareOrderFigures } from '../../../shared/return-share';
import type { Returnable } from '../../../shared/schemas/returns';
import { SHOP_TIME_ZONE } from '../../../shared/shop-time';

/**
 * Whether an order can be returned now and what of it (docs/decisions/069-returns-and-exchanges.md): one
 * reading for the order page, the signed link, USSD and the server's own checks when a return is asked.
 */
export interface ReturnSettings {
  returnWindowDays: number;
  returnRules: ReturnRules;
}

export interface ReturnableFacts {
  found: OrderForReturn;
  settings: ReturnSettings;
  /** Units of each order line held by returns that are not refused. */
  held: ReadonlyMap<string, number>;
  categories: ReadonlyMap<string, string>;
  now: Date;
}

export const handedOverAt = ({ order }: OrderForReturn): Date | null => order.collectedAt ?? order.deliveredAt;

export const shareFigures = ({ order, items }: OrderForReturn): ShareOrderFigures => ({
  lines: items.map((item) => ({ id: item.id, unitPriceNgwee: item.unitPriceNgwee, quantity: item.quantity })),
  discountNgwee: order.discountNgwee,
  taxNgwee: order.taxNgwee,
  shippingNgwee: order.shippingNgwee,
});

const day = (at: Date) =>
  at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** Where the shopper brings it: her pickup point, or the courier collects it (a door or bus-station order). */
export function whereOf({ order }: OrderForReturn): Returnable['where'] {
  const delivery = order.delivery;
  if (delivery?.kind === 'pickup') {
    const hours = delivery.openingHours ? ` (${delivery.openingHours})` : '';
    return { kind: 'pickup', text: `Bring it to ${delivery.name}${hours}.` };
  }
  const address = [order.shippingAddress.address, order.shippingAddress.city].filter(Boolean).join(', ');
  return { kind: 'courier', text: `Our courier collects it from ${address || 'your address'}.` };
}

function whyClosed(facts: ReturnableFacts, endsAt: Date | null): string | null {
  const { order } = facts.found;
  if (facts.settings.returnWindowDays === 0) return 'The shop does not take returns at the moment.';
  if (order.status === 'Cancelled') return 'This order was cancelled.';
  if (!order.isPaid) return 'This order is not paid, so there is nothing to return.';
  if (!endsAt) return 'You can ask for a return once the order is delivered or collected.';
  if (facts.now.getTime() > endsAt.getTime())
    return `The ${facts.settings.returnWindowDays} days to return this order ended on ${day(endsAt)}.`;
  return null;
}

export function returnableView(facts: ReturnableFacts): Returnable {
  const { found, settings, held, categories } = facts;
  const handed = handedOverAt(found);
  const endsAt = handed ? returnWindowEndsAt(handed, settings.returnWindowDays) : null;
  const whyNot = whyClosed(facts, endsAt);
  const charges = lineCharges(shareFigures(found));
  const lines = found.items.map((item, i) => {
    const before = held.get(item.id) ?? 0;
    const rule = returnRuleOf(settings.returnRules, item.productId ? (categories.get(item.productId) ?? null) : null);
    const left = returnableQty(item.quantity, [{ qty: before, state: 'requested' }]);
    return {
      orderItemId: item.id,
      productId: item.productId,
      variantId: item.variantId,
      name: item.name,
      variantText: item.variantLabel,
      image: item.image,
      qty: item.quantity,
      returnableQty: whyNot || rule === 'never' ? 0 : left,
      rule,
      unitShareNgwee: left > 0 ? unitsShare(charges[i], item.quantity, before, 1) : 0,
    };
  });
  const anyLeft = lines.some((line) => line.returnableQty > 0);
  return {
    open: !whyNot && anyLeft,
    whyNot: whyNot ?? (anyLeft ? null : 'Everything in this order has been returned or cannot be returned.'),
    windowEndsAt: endsAt?.toISOString() ?? null,
    where: whereOf(found),
    reasons: RETURN_REASONS.map((r) => ({ value: r.value, label: r.label })),
    lines,
  };
}

/** Collected for the order: its provider collections, or its total when an admin recorded it paid by hand. */
export const collectedOf = (found: OrderForReturn, byProvidersNgwee: number) =>
  byProvidersNgwee + collectedByHandNgwee(found.order);
