import { useSyncExternalStore } from 'react';
import { discountEffect } from '../../../shared/discounts';
import { toNgwee, type DiscountEffect } from '../../../shared/money';
import type { DiscountCheckAnswer } from '../../../shared/schemas/discounts';
import { isRecord, readStored, removeStored, writeStored } from '../../lib/storage';

/** The code the shopper applied, as the shop's check answered it, and for which products it was checked. */
export interface AppliedCode extends DiscountCheckAnswer {
  /** The cart's product ids when checked, sorted and joined: another set of products is checked again. */
  checkedFor: string;
}

const KEY = 'discountCode';
const listeners = new Set<() => void>();
let current: AppliedCode | null | undefined;

function read(): AppliedCode | null {
  if (current === undefined) {
    const stored = typeof window === 'undefined' ? null : readStored(KEY);
    current = isRecord(stored) && typeof stored.code === 'string' ? (stored as unknown as AppliedCode) : null;
  }
  return current;
}

export function setAppliedCode(next: AppliedCode | null) {
  current = next;
  if (next) writeStored(KEY, next);
  else removeStored(KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The applied code, the same in the cart and the checkout; none while the page is drawn on the server. */
export function useAppliedCode(): AppliedCode | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export const productsKey = (items: readonly { id: string }[]) => [...new Set(items.map((i) => i.id))].sort().join(',');

export type CartDiscount =
  | { code: string; effect: DiscountEffect }
  /** The code no longer fits the cart as it is now (a quantity went below its minimum). */
  | { code: string; problem: 'below' | 'notApplicable' };

/**
 * The code's effect on the cart as it is now, by the shop's one rule (src/shared/discounts.ts): the check
 * said which products it covers, so a quantity changed in the cart needs no new request.
 */
export function cartDiscount(
  applied: AppliedCode | null,
  items: readonly { id: string; price: number; quantity: number }[],
): CartDiscount | null {
  if (!applied || items.length === 0) return null;
  const outcome = discountEffect(
    {
      kind: applied.kind,
      value: applied.kind === 'fixed' ? toNgwee(applied.value) : applied.value,
      minSubtotalNgwee: toNgwee(applied.minSubtotal),
    },
    items.map((i) => ({
      unitPriceNgwee: toNgwee(i.price),
      quantity: i.quantity,
      eligible: applied.eligibleProducts.includes(i.id),
    })),
  );
  return outcome.ok ? { code: applied.code, effect: outcome.effect } : { code: applied.code, problem: outcome.reason };
}

/** The effect to price with, or none when the code does not fit now. */
export const effectOf = (d: CartDiscount | null) => (d && 'effect' in d ? d.effect : undefined);
