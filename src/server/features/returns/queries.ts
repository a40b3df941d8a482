import { and, asc, count, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  orders,
  paymentAttempts,
  productVariants,
  products,
  refunds,
  returnExchangeLines,
  returnLines,
  returnPhotos,
  returnSteps,
  returns,
} from '../../db/schema';
import type { ReturnState } from '../../../shared/returns';

type Queryable = Db | Tx;
export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type ExchangeLineRow = typeof returnExchangeLines.$inferSelect;
export type ReturnStepRow = typeof returnSteps.$inferSelect;

export interface StoredReturn {
  ret: ReturnRow;
  lines: ReturnLineRow[];
  exchange: ExchangeLineRow[];
  steps: ReturnStepRow[];
  photoUrl: string | null;
  refund: { id: string; state: string; amountNgwee: number } | null;
}

export async function findReturnRow(db: Queryable, id: string): Promise<ReturnRow | null> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).limit(1);
  return row ?? null;
}

/** Locks the return for the rest of the transaction (after its order's row: the order is always locked first). */
export async function lockReturnRow(tx: Tx, id: string): Promise<ReturnRow | null> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  return row ?? null;
}

export async function withDetails(db: Queryable, rows: readonly ReturnRow[]): Promise<StoredReturn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const photoIds = rows.map((r) => r.photoId).filter((id): id is string => Boolean(id));
  const refundIds = rows.map((r) => r.refundId).filter((id): id is string => Boolean(id));
  const [lines, exchange, steps, photos, refundRows] = await Promise.all([
    db.select().from(returnLines).where(inArray(returnLines.returnId, ids)).orderBy(asc(returnLines.position)),
    db
      .select()
      .from(returnExchangeLines)
      .where(inArray(returnExchangeLines.returnId, ids))
      .orderBy(asc(returnExchangeLines.position)),
    db.select().from(returnSteps).where(inArray(returnSteps.returnId, ids)).orderBy(asc(returnSteps.at)),
    photoIds.length
      ? db.select().from(returnPhotos).where(inArray(returnPhotos.id, photoIds))
      : Promise.resolve([] as (typeof returnPhotos.$inferSelect)[]),
    refundIds.length
      ? db
          .select({ id: refunds.id, state: refunds.state, amountNgwee: refunds.amountNgwee })
          .from(refunds)
          .where(inArray(refunds.id, refundIds))
      : Promise.resolve([]),
  ]);
  return rows.map((ret) => ({
    ret,
    lines: lines.filter((l) => l.returnId === ret.id),
    exchange: exchange.filter((l) => l.returnId === ret.id),
    steps: steps.filter((s) => s.returnId === ret.id),
    photoUrl: photos.find((p) => p.id === ret.photoId)?.url ?? null,
    refund: refundRows.find((r) => r.id === ret.refundId) ?? null,
  }));
}

export async function findReturn(db: Queryable, id: string): Promise<StoredReturn | null> {
  const row = await findReturnRow(db, id);
  return row ? ((await withDetails(db, [row]))[0] ?? null) : null;
}

export async function returnsOfOrder(db: Queryable, orderId: string): Promise<StoredReturn[]> {
  const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt));
  return withDetails(db, rows);
}

/** The order's returned units that are not refused, per order line: what may not be asked again. */
export async function unitsHeldByReturns(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ orderItemId: returnLines.orderItemId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), notInArray(returns.state, ['refused'])))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.units)]));
}

/**
 * What of the order's money is spoken for: refunds that went or may go (every state but failed and
 * cancelled), the credit exchanges spent on their replacements (the part not refunded as a difference),
 * and returns asked or accepted (received ones have their refund or their exchange).
 */
export async function moneyOfOrder(db: Queryable, orderId: string, except?: string) {
  const [collected] = await db
    .select({ ngwee: sql<number>`coalesce(sum(${paymentAttempts.amountNgwee}), 0)::int` })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), isNotNull(paymentAttempts.collectedAt)));
  const [held] = await db
    .select({ ngwee: sql<number>`coalesce(sum(${refunds.amountNgwee}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), notInArray(refunds.state, ['failed', 'cancelled'])));
  const [spent] = await db
    .select({
      ngwee: sql<number>`coalesce(sum(${returns.amountNgwee} - greatest(0, -coalesce(${returns.differenceNgwee}, 0))), 0)::int`,
    })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.state, 'exchanged')));
  const [open] = await db
    .select({ ngwee: sql<number>`coalesce(sum(${returns.amountNgwee}), 0)::int` })
    .from(returns)
    .where(
      and(
        eq(returns.orderId, orderId),
        inArray(returns.state, ['requested', 'accepted']),
        except ? ne(returns.id, except) : undefined,
      ),
    );
  return {
    openReturnsNgwee: Number(open?.ngwee ?? 0),
    collectedByProvidersNgwee: Number(collected?.ngwee ?? 0),
    refundsHoldingNgwee: Number(held?.ngwee ?? 0),
    exchangeCreditsNgwee: Number(spent?.ngwee ?? 0),
  };
}

/** The categories of the order's products (a product deleted since has none). */
export async function categoriesOf(db: Queryable, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, r.category]));
}

export interface ExchangeCandidate {
  productId: string;
  name: string;
  isSet: boolean;
  hasOptions: boolean;
  productStock: number;
  productPriceNgwee: number;
  variants: { id: string; isDefault: boolean; optionValues: string[]; priceNgwee: number; countInStock: number }[];
}

/** What an exchange asks for, as the catalogue has it now (read, not locked: stock is taken on receipt). */
export async function exchangeCandidates(db: Queryable, productIds: readonly string[]): Promise<ExchangeCandidate[]> {
  if (productIds.length === 0) return [];
  const ids = [...new Set(productIds)];
  const [rows, variants] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        isSet: products.isSet,
        hasOptions: sql<boolean>`jsonb_array_length(${products.options}) > 0`,
        countInStock: products.countInStock,
        priceNgwee: products.priceNgwee,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
  ]);
  return rows.map((p) => ({
    productId: p.id,
    name: p.name,
    isSet: p.isSet,
    hasOptions: p.hasOptions,
    productStock: p.countInStock,
    productPriceNgwee: p.priceNgwee,
    variants: variants
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        isDefault: v.isDefault,
        optionValues: v.optionValues as string[],
        priceNgwee: v.priceNgwee,
        countInStock: v.countInStock,
      })),
  }));
}

export async function findPhoto(db: Queryable, id: string) {
  const [row] = await db.select().from(returnPhotos).where(eq(returnPhotos.id, id)).limit(1);
  return row ?? null;
}

export async function insertPhoto(db: Queryable, orderId: string, url: string): Promise<string> {
  const [row] = await db.insert(returnPhotos).values({ orderId, url }).returning({ id: returnPhotos.id });
  return row.id;
}

export async function insertReturn(
  tx: Tx,
  ret: Omit<typeof returns.$inferInsert, 'id' | 'number' | 'createdAt' | 'updatedAt'>,
  lines: Omit<typeof returnLines.$inferInsert, 'id' | 'returnId'>[],
  exchange: Omit<typeof returnExchangeLines.$inferInsert, 'id' | 'returnId'>[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(returns).values(ret).returning();
  await tx.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: row.id })));
  if (exchange.length > 0)
    await tx.insert(returnExchangeLines).values(exchange.map((l) => ({ ...l, returnId: row.id })));
  return row;
}

export async function addStep(tx: Tx, returnId: string, state: ReturnState, byName: string): Promise<void> {
  await tx.insert(returnSteps).values({ returnId, state, byName });
}

/** Moves a return from one of `from` to `to`, once: null when it is no longer in one of them (another admin won). */
export async function moveReturn(
  tx: Tx,
  id: string,
  from: readonly ReturnState[],
  changes: Partial<typeof returns.$inferInsert> & { state: ReturnState },
): Promise<ReturnRow | null> {
  const [row] = await tx
    .update(returns)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(returns.id, id), inArray(returns.state, [...from])))
    .returning();
  return row ?? null;
}

export async function setLineReceived(tx: Tx, lineId: string, restocked: number, writtenOff: number) {
  await tx.update(returnLines).set({ restocked, writtenOff }).where(eq(returnLines.id, lineId));
}

export async function findReturnByRefund(tx: Tx, refundId: string): Promise<ReturnRow | null> {
  const [row] = await tx.select().from(returns).where(eq(returns.refundId, refundId)).limit(1);
  return row ?? null;
}

export async function refundState(tx: Tx, refundId: string): Promise<string | null> {
  const [row] = await tx.select({ state: refunds.state }).from(refunds).where(eq(refunds.id, refundId));
  return row?.state ?? null;
}

export interface ReturnListRow {
  ret: ReturnRow;
  customerName: string;
  phone: string;
  units: number;
}

export async function listReturns(
  db: Queryable,
  filter: { state?: ReturnState; page: number; limit: number },
): Promise<{ rows: ReturnListRow[]; total: number; counts: Map<string, number> }> {
  const where = filter.state ? eq(returns.state, filter.state) : undefined;
  const units = sql<number>`(select coalesce(sum(${returnLines.quantity}), 0)::int from ${returnLines} where ${returnLines.returnId} = ${returns.id})`;
  const [rows, [{ total }], counts] = await Promise.all([
    db
      .select({
        ret: returns,
        customerName: orders.customerName,
        phone: sql<string>`coalesce(${orders.contactMobile}, ${orders.shippingAddress}->>'phoneNumber', '')`,
        units,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.number))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(returns).where(where),
    db.select({ state: returns.state, n: count() }).from(returns).groupBy(returns.state),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, units: Number(r.units) })),
    total: Number(total),
    counts: new Map(counts.map((c) => [c.state, Number(c.n)])),
  };
}
