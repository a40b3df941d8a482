/**
 * The rules of returns and exchanges (docs/decisions/069-returns-and-exchanges.md), one home for the server
 * (which enforces them whatever a client sends) and the screens (which show them before the shopper asks).
 */
import { CATEGORIES, type Category } from './categories';

export const RETURN_REASONS = [
  { value: 'damaged', label: 'Damaged' },
  { value: 'wrong-item', label: 'Wrong item' },
  { value: 'not-as-described', label: 'Not as described' },
  { value: 'changed-mind', label: 'Changed my mind' },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]['value'];
export const RETURN_REASON_VALUES = RETURN_REASONS.map((r) => r.value) as [ReturnReason, ...ReturnReason[]];

export function returnReasonLabel(reason: string): string {
  return RETURN_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** requested > accepted > received > refunded | exchanged; refused from requested or accepted. */
export const RETURN_STATES = ['requested', 'accepted', 'received', 'refunded', 'exchanged', 'refused'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  received: 'Received',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
  refused: 'Refused',
};

export const RETURN_OUTCOMES = ['refund', 'exchange'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** The days a shopper has to ask, from delivery or collection; 0 turns returns off. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_WINDOW_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window's end: `days` whole days after the order reached the shopper (delivered or collected). */
export function returnWindowEndsAt(handedOverAt: Date, days: number): Date {
  return new Date(handedOverAt.getTime() + days * DAY_MS);
}

/** What may come back of a category: anything, only unopened (food: the shopper confirms it), or nothing. */
export const RETURN_CATEGORY_RULES = ['returnable', 'unopened-only', 'never'] as const;
export type ReturnCategoryRule = (typeof RETURN_CATEGORY_RULES)[number];

export const COURIER_PAID_BY = ['shop', 'shopper-unless-at-fault'] as const;
export type CourierPaidBy = (typeof COURIER_PAID_BY)[number];

export interface ReturnRules {
  categories: Record<Category, ReturnCategoryRule>;
  courierPaidBy: CourierPaidBy;
}

/** The shop's food (cooking oil, nuts) is sold in "essentials": once opened it cannot be sold again. */
export const FOOD_CATEGORIES: readonly Category[] = ['essentials'];

export const DEFAULT_RETURN_RULES: ReturnRules = {
  categories: Object.fromEntries(
    CATEGORIES.map((c) => [c, FOOD_CATEGORIES.includes(c) ? 'unopened-only' : 'returnable']),
  ) as Record<Category, ReturnCategoryRule>,
  courierPaidBy: 'shopper-unless-at-fault',
};

/** A product's rule; a category the rules do not name (or a product deleted since) is returnable. */
export function returnRuleOf(rules: ReturnRules, category: string | null): ReturnCategoryRule {
  return (category && (rules.categories as Record<string, ReturnCategoryRule | undefined>)[category]) || 'returnable';
}

/** Damaged, wrong item, not as described: the shop's fault, so the shop pays the courier back. */
export const SHOP_FAULT_REASONS: readonly ReturnReason[] = ['damaged', 'wrong-item', 'not-as-described'];
export const isShopsFault = (reason: ReturnReason) => SHOP_FAULT_REASONS.includes(reason);

/** Who pays the courier to bring a return back: the shop when it is the shop's fault, else as the setting says. */
export function courierPaidBy(reason: ReturnReason, setting: CourierPaidBy): 'shop' | 'shopper' {
  return isShopsFault(reason) || setting === 'shop' ? 'shop' : 'shopper';
}

/** A return that is not refused holds its units: they cannot be asked for again. */
export const returnHoldsUnits = (state: ReturnState) => state !== 'refused';

/** A line's returnable quantity: bought, less what returns that are not refused already asked for. */
export function returnableQty(bought: number, asked: readonly { qty: number; state: ReturnState }[]): number {
  const held = asked.reduce((sum, a) => sum + (returnHoldsUnits(a.state) ? a.qty : 0), 0);
  return Math.max(0, bought - held);
}

/** The most a shopper may write as a return's note, or an admin as a refusal's reason. */
export const RETURN_NOTE_MAX_LENGTH = 500;
