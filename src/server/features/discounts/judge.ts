import {
  CODE_ALREADY_USED,
  CODE_NOT_APPLICABLE,
  CODE_NOT_VALID,
  codeBelowMinimum,
  discountEffect,
  eligibleLine,
  type DiscountLine,
} from '../../../shared/discounts';
import { formatKwacha, toKwacha, type DiscountEffect } from '../../../shared/money';
import type { DiscountCodeRow } from './queries';

export type Judgement = { ok: true; effect: DiscountEffect } | { ok: false; message: string };

/** A line of the order or cart as the shop prices it, with its product's category. */
export interface ShopLine {
  productId: string;
  category: string;
  unitPriceNgwee: number;
  quantity: number;
}

/** Whether the code is live at `now`: on, started, not ended, uses left. Anything else reads as unknown. */
export function isLive(row: DiscountCodeRow | null, now: Date): row is DiscountCodeRow {
  if (!row || !row.isActive) return false;
  if (row.startsAt && now < row.startsAt) return false;
  if (row.endsAt && now >= row.endsAt) return false;
  return row.maxUses === null || row.usesCount < row.maxUses;
}

export function linesFor<L extends ShopLine>(row: DiscountCodeRow, lines: readonly L[]): (L & DiscountLine)[] {
  return lines.map((l) => ({ ...l, eligible: eligibleLine(row, l) }));
}

/** What the code takes off these lines, by its terms alone (its dates and uses are judged by the caller). */
export const effectOfCode = (row: DiscountCodeRow, lines: readonly ShopLine[]) =>
  discountEffect(
    { kind: row.kind as 'percent', value: row.value, minSubtotalNgwee: row.minSubtotalNgwee },
    linesFor(row, lines),
  );

/**
 * The code against this customer's uses and these lines (decision 041): unknown, off, not started, ended
 * and used up all answer CODE_NOT_VALID; only a live code says why it does not fit this cart.
 */
export function judgeCode(
  row: DiscountCodeRow | null,
  now: Date,
  customerUses: number,
  lines: readonly ShopLine[],
): Judgement {
  if (!isLive(row, now)) return { ok: false, message: CODE_NOT_VALID };
  if (row.maxUsesPerCustomer !== null && customerUses >= row.maxUsesPerCustomer)
    return { ok: false, message: CODE_ALREADY_USED };
  const outcome = effectOfCode(row, lines);
  if (outcome.ok) return outcome;
  return {
    ok: false,
    message:
      outcome.reason === 'below' ? codeBelowMinimum(formatKwacha(toKwacha(row.minSubtotalNgwee))) : CODE_NOT_APPLICABLE,
  };
}
