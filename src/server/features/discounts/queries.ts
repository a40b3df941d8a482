import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discountCodes, discountRedemptions, productVariants, products } from '../../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<
  typeof discountCodes.$inferInsert,
  'id' | 'usesCount' | 'createdAt' | 'updatedAt'
>;

export interface DiscountCodeWithGiven extends DiscountCodeRow {
  givenNgwee: number;
}

const givenNgwee = sql<number>`coalesce((select sum(r.discount_ngwee) from discount_redemptions r where r.code_id = discount_codes.id), 0)::int`;

export async function listDiscountCodes(db: Db): Promise<DiscountCodeWithGiven[]> {
  return db
    .select({ row: discountCodes, givenNgwee })
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt))
    .then((rows) => rows.map((r) => ({ ...r.row, givenNgwee: Number(r.givenNgwee) })));
}

export async function findDiscountCodeById(db: Db | Tx, id: string): Promise<DiscountCodeWithGiven | null> {
  const [found] = await db
    .select({ row: discountCodes, givenNgwee })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  return found ? { ...found.row, givenNgwee: Number(found.givenNgwee) } : null;
}

export async function findDiscountCode(db: Db | Tx, code: string): Promise<DiscountCodeRow | null> {
  const [found] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return found ?? null;
}

/** The code's row, locked until the order's transaction ends: orders with one code queue here. */
export async function lockDiscountCode(tx: Tx, code: string): Promise<DiscountCodeRow | null> {
  const [found] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
  return found ?? null;
}

export async function insertDiscountCode(db: Db | Tx, values: DiscountCodeValues): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row;
}

/** The row as it was, locked for the edit (the audit line's "before"). */
export async function lockDiscountCodeById(tx: Tx, id: string): Promise<DiscountCodeRow | null> {
  const [found] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
  return found ?? null;
}

export async function updateDiscountCode(tx: Tx, id: string, values: DiscountCodeValues): Promise<DiscountCodeRow> {
  const [row] = await tx
    .update(discountCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning();
  return row;
}

/** One more use, only while the code has uses left (the row is already locked by lockDiscountCode). */
export async function countOneUse(tx: Tx, codeId: string): Promise<boolean> {
  const rows = await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.usesCount} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}

export async function usesBy(db: Db | Tx, codeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.userId, userId)));
  return Number(row?.n ?? 0);
}

export async function insertRedemption(
  tx: Tx,
  values: { codeId: string; orderId: string; userId: string; discountNgwee: number },
): Promise<void> {
  await tx.insert(discountRedemptions).values(values);
}

/** The shop's price and category of each product named (missing ones are gone). */
export async function productPrices(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, priceNgwee: products.priceNgwee, category: products.category })
    .from(products)
    .where(inArray(products.id, ids));
}

/** The prices of these variants, each with its product, for a check of a cart holding sizes. */
export async function variantPrices(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: productVariants.id, productId: productVariants.productId, priceNgwee: productVariants.priceNgwee })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
}

export async function productCategories(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  return new Map((await productPrices(db, ids)).map((p) => [p.id, p.category]));
}
