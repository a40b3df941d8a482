import { Conflict, NotFound, isUniqueViolation } from '../../lib/http-errors';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { CODE_NOT_VALID, CODE_PATTERN, normaliseCode } from '../../../shared/discounts';
import { toKwacha, type DiscountEffect } from '../../../shared/money';
import type { DiscountCheckAnswer, DiscountDefinition, Discount } from '../../../shared/schemas/discounts';
import { judgeCode, linesFor, type ShopLine } from './judge';
import {
  countOneUse,
  findDiscountCode,
  findDiscountCodeById,
  insertDiscountCode,
  insertRedemption,
  listDiscountCodes,
  lockDiscountCode,
  lockDiscountCodeById,
  productPrices,
  variantPrices,
  updateDiscountCode,
  usesBy,
} from './queries';
import { toDiscountJson, toDiscountValues } from './serialize';
import { recordAudit, type AuditActor } from '../audit';
import { discountCreatedEntry, discountUpdatedEntry } from './discount-audit';

const CODE_TAKEN = 'Another discount code is already called this';

export async function listDiscounts(db: Db): Promise<Discount[]> {
  return (await listDiscountCodes(db)).map(toDiscountJson);
}

export async function createDiscount(db: Db, definition: DiscountDefinition, actor: AuditActor): Promise<Discount> {
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDiscountCode(tx, toDiscountValues(definition));
      await recordAudit(tx, actor, discountCreatedEntry(inserted));
      return inserted;
    });
    return toDiscountJson({ ...row, givenNgwee: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(CODE_TAKEN);
    throw error;
  }
}

/** PUT: the whole code as the admin's form holds it; switching off is `isActive: false`. In the audit trail. */
export async function changeDiscount(
  db: Db,
  id: string,
  definition: DiscountDefinition,
  actor: AuditActor,
): Promise<Discount> {
  const missing = NotFound('Discount code not found');
  if (!isUuid(id)) throw missing;
  try {
    await db.transaction(async (tx) => {
      const before = await lockDiscountCodeById(tx, id);
      if (!before) throw missing;
      const after = await updateDiscountCode(tx, id, toDiscountValues(definition));
      const entry = discountUpdatedEntry(before, after);
      if (entry) await recordAudit(tx, actor, entry);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(CODE_TAKEN);
    throw error;
  }
  return toDiscountJson((await findDiscountCodeById(db, id))!);
}

/** A typed code the shop could hold; anything else is answered as unknown without a look-up. */
const asKeptCode = (typed: string) => {
  const code = normaliseCode(typed);
  return CODE_PATTERN.test(code) ? code : null;
};

/** POST /discounts/check: what the code does to these lines at the shop's prices; 400 with the reason otherwise. */
export async function checkDiscount(
  db: Db,
  customerId: string,
  typed: string,
  items: { product: string; variant?: string; quantity: number }[],
): Promise<DiscountCheckAnswer> {
  const code = asKeptCode(typed);
  const row = code ? await findDiscountCode(db, code) : null;
  const idOf = (id: string) => id.trim().toLowerCase();
  const ids = [...new Set(items.map((i) => idOf(i.product)).filter(isUuid))];
  const variantIds = [...new Set(items.flatMap((i) => (i.variant ? [idOf(i.variant)] : [])).filter(isUuid))];
  const [found, variants] = await Promise.all([
    productPrices(db, ids).then((rows) => new Map(rows.map((p) => [p.id, p]))),
    variantPrices(db, variantIds).then((rows) => new Map(rows.map((v) => [v.id, v]))),
  ]);
  // A size of another product, or one gone, is left out as an unknown product is: the order will say why.
  const lines: ShopLine[] = items.flatMap((item) => {
    const product = found.get(idOf(item.product));
    const variant = item.variant ? variants.get(idOf(item.variant)) : undefined;
    if (!product || (item.variant && variant?.productId !== product.id)) return [];
    return [
      {
        productId: product.id,
        category: product.category,
        unitPriceNgwee: variant?.priceNgwee ?? product.priceNgwee,
        quantity: item.quantity,
      },
    ];
  });
  const uses = row ? await usesBy(db, row.id, customerId) : 0;
  const judged = judgeCode(row, new Date(), uses, lines);
  if (!judged.ok) throw new CodeRefused(judged.message);
  return {
    code: row!.code,
    kind: row!.kind as DiscountCheckAnswer['kind'],
    value: row!.kind === 'fixed' ? toKwacha(row!.value) : row!.value,
    minSubtotal: toKwacha(row!.minSubtotalNgwee),
    eligibleProducts: [
      ...new Set(
        linesFor(row!, lines)
          .filter((l) => l.eligible)
          .map((l) => l.productId),
      ),
    ],
    discountAmount: toKwacha(judged.effect.amountNgwee),
    freeDelivery: judged.effect.freeDelivery,
  };
}

/** A code that does not apply: a 400 on the check, a 409 on an order (which the client priced with it). */
export class CodeRefused extends Error {}

export interface AppliedDiscount {
  codeId: string;
  code: string;
  effect: DiscountEffect;
}

/**
 * In the order's transaction, after its stock is taken: locks the code's row (orders with one code queue
 * here, as orders of one product queue on its row), judges it against the customer's redemptions and the
 * lines at the prices just locked, and counts the use with an update conditional on the uses left. The
 * redemption row is written by recordRedemption once the order has its id; a refusal rolls all back.
 */
export async function applyDiscountCode(
  tx: Tx,
  customerId: string,
  typed: string,
  lines: readonly Omit<ShopLine, 'category'>[],
): Promise<AppliedDiscount> {
  const code = asKeptCode(typed);
  const row = code ? await lockDiscountCode(tx, code) : null;
  if (!row) throw new CodeRefused(CODE_NOT_VALID);
  const categories = new Map(
    (row.categories.length
      ? await productPrices(
          tx,
          lines.map((l) => l.productId),
        )
      : []
    ).map((p) => [p.id, p.category]),
  );
  const shopLines = lines.map((l) => ({ ...l, category: categories.get(l.productId) ?? '' }));
  const judged = judgeCode(row, new Date(), await usesBy(tx, row.id, customerId), shopLines);
  if (!judged.ok) throw new CodeRefused(judged.message);
  if (!(await countOneUse(tx, row.id))) throw new CodeRefused(CODE_NOT_VALID);
  return { codeId: row.id, code: row.code, effect: judged.effect };
}

export async function recordRedemption(
  tx: Tx,
  applied: AppliedDiscount,
  orderId: string,
  customerId: string,
  discountNgwee: number,
): Promise<void> {
  await insertRedemption(tx, { codeId: applied.codeId, orderId, userId: customerId, discountNgwee });
}
