/**
 * The one rule that turns a discount code's terms and an order's lines into what it takes off
 * (a DiscountEffect for computeTotals in money.ts). The server runs it when it checks a code and when
 * it places an order; the cart and checkout run it on the lines they show. Decision 040.
 */
import type { DiscountEffect, PricedLine } from './money';

export const DISCOUNT_KINDS = ['percent', 'fixed', 'freeDelivery'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountTerms {
  kind: DiscountKind;
  /** percent: 1-100; fixed: ngwee taken off; freeDelivery: unused (0). */
  value: number;
  /** The items' sum (before any discount, all lines) must be at least this; 0: no minimum. */
  minSubtotalNgwee: number;
}

/** What a code is limited to; both empty: every line. */
export interface DiscountLimits {
  productIds: readonly string[];
  categories: readonly string[];
}

export interface DiscountLine extends PricedLine {
  /** Whether the code's limits cover this line (eligibleLine for the server, the check's answer for the web). */
  eligible: boolean;
}

export type DiscountOutcome =
  | { ok: true; effect: DiscountEffect }
  /** below: the items' sum is under the minimum; notApplicable: no line is one the code covers. */
  | { ok: false; reason: 'below' | 'notApplicable' };

export const isLimited = (limits: DiscountLimits) => limits.productIds.length > 0 || limits.categories.length > 0;

/** A line counts when nothing limits the code, or its product is named, or its category is (any case). */
export function eligibleLine(limits: DiscountLimits, line: { productId: string; category: string }): boolean {
  if (!isLimited(limits)) return true;
  if (limits.productIds.includes(line.productId)) return true;
  const category = line.category.trim().toLowerCase();
  return limits.categories.some((c) => c.trim().toLowerCase() === category);
}

/**
 * percent: that share of the eligible lines' sum, rounded half up to the ngwee (the same rounding as VAT);
 * fixed: the amount, never more than the eligible lines' sum; freeDelivery: nothing off the items, delivery 0.
 * The minimum is judged on all the items before the discount, what the shopper reads as "orders over K200".
 */
export function discountEffect(terms: DiscountTerms, lines: readonly DiscountLine[]): DiscountOutcome {
  const itemsNgwee = lines.reduce((sum, l) => sum + l.unitPriceNgwee * l.quantity, 0);
  const eligibleNgwee = lines.reduce((sum, l) => sum + (l.eligible ? l.unitPriceNgwee * l.quantity : 0), 0);
  if (!lines.some((l) => l.eligible && l.quantity > 0)) return { ok: false, reason: 'notApplicable' };
  if (itemsNgwee < terms.minSubtotalNgwee) return { ok: false, reason: 'below' };
  switch (terms.kind) {
    case 'percent': {
      const percent = Math.min(100, Math.max(0, Math.trunc(terms.value)));
      return {
        ok: true,
        effect: { amountNgwee: Math.floor((eligibleNgwee * percent + 50) / 100), freeDelivery: false },
      };
    }
    case 'fixed':
      return {
        ok: true,
        effect: { amountNgwee: Math.min(Math.max(0, terms.value), eligibleNgwee), freeDelivery: false },
      };
    case 'freeDelivery':
      return { ok: true, effect: { amountNgwee: 0, freeDelivery: true } };
  }
}

/** Codes are kept and compared upper-case, spaces around ignored: "welcome10" is WELCOME10. */
export const normaliseCode = (typed: string) => typed.trim().toUpperCase();
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The shopper's messages (decision 041): nothing tells a code that never existed from one that ended. */
export const CODE_NOT_VALID = 'This code is not valid.';
export const CODE_ALREADY_USED = 'You have already used this code the number of times it allows.';
export const codeBelowMinimum = (minimum: string) => `This code needs items worth at least ${minimum}.`;
export const CODE_NOT_APPLICABLE = 'This code does not apply to the items in your cart.';
