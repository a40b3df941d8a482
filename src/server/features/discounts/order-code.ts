import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountRedemptions } from '../../db/schema';
import type { DiscountEffect } from '../../../shared/money';
import { effectOfCode, type ShopLine } from './judge';
import { findDiscountCode, productPrices } from './queries';

/**
 * An order's code judged again on its edited lines (docs/decisions/070-order-edits.md): the one rule
 * (src/shared/discounts.ts) on the code's terms and limits as they are now. Its use was counted when the
 * order was placed, so neither its dates nor its uses are judged again. Null: it no longer takes anything off
 * (below its minimum, no line it covers, or the code was deleted); its redemption then records 0.
 */
export async function judgeOrderCode(
  tx: Tx,
  code: string,
  lines: readonly Omit<ShopLine, 'category'>[],
): Promise<DiscountEffect | null> {
  const row = await findDiscountCode(tx, code);
  if (!row) return null;
  const categories = new Map(
    (row.categories.length ? await productPrices(tx, [...new Set(lines.map((l) => l.productId))]) : []).map((p) => [
      p.id,
      p.category,
    ]),
  );
  const outcome = effectOfCode(
    row,
    lines.map((l) => ({ ...l, category: categories.get(l.productId) ?? '' })),
  );
  return outcome.ok ? outcome.effect : null;
}

/** The order's redemption records what its code takes off now (the code's "given" total reads it). */
export async function rewriteRedemption(tx: Tx, orderId: string, discountNgwee: number): Promise<void> {
  await tx.update(discountRedemptions).set({ discountNgwee }).where(eq(discountRedemptions.orderId, orderId));
}
