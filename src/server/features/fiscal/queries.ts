import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import {
  deliveryOptions,
  fiscalDevices,
  fiscalItems,
  fiscalSubmissions,
  orderItems,
  orders,
  paymentAttempts,
  products,
  refunds,
} from '../../db/schema';
import type { FiscalLine } from '../../../shared/fiscal-invoice';

export type SubmissionRow = typeof fiscalSubmissions.$inferSelect;
export type NewSubmissionRow = typeof fiscalSubmissions.$inferInsert;
export type FiscalItemRow = typeof fiscalItems.$inferSelect;
type Queryable = Db | Tx;

const leaseEnd = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** An order as its invoice needs it, read in the transaction that made it paid. */
export async function orderForInvoice(tx: Queryable, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      itemsNgwee: orders.itemsNgwee,
      discountNgwee: orders.discountNgwee,
      taxNgwee: orders.taxNgwee,
      shippingNgwee: orders.shippingNgwee,
      totalNgwee: orders.totalNgwee,
      delivery: orders.delivery,
      deliveryName: deliveryOptions.name,
    })
    .from(orders)
    .leftJoin(deliveryOptions, eq(deliveryOptions.id, orders.deliveryOptionId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const lines = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      unitPriceNgwee: orderItems.unitPriceNgwee,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { ...order, deliveryName: order.delivery?.name ?? order.deliveryName ?? null, lines };
}

/** How the buyer paid, for the sale's header. */
export async function buyerOfOrder(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      paymentMethod: orders.paymentMethod,
      paymentResult: orders.paymentResult,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * The collection a refund sends back, and whether it is the one that paid the order: money back through
 * another collection (a second payment, decision 029) returns an overpayment, which was never invoiced.
 */
export async function refundSource(tx: Queryable, refundId: string) {
  const [row] = await tx
    .select({ attemptReference: paymentAttempts.reference, orderPayment: orders.paymentResult })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, refundId))
    .limit(1);
  return row ?? null;
}

/** Records reports; one already recorded under the same invoice number is left as it was. */
export async function insertSubmissions(tx: Tx, rows: NewSubmissionRow[]): Promise<SubmissionRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(fiscalSubmissions).values(rows).onConflictDoNothing().returning();
}

/** Every sale of the order on the device: its own and the sales of balances edits left (decision 070). */
export function salesOfOrder(db: Queryable, device: string, orderId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(fiscalSubmissions)
    .where(
      and(
        eq(fiscalSubmissions.device, device),
        eq(fiscalSubmissions.orderId, orderId),
        eq(fiscalSubmissions.kind, 'sale'),
      ),
    );
}

export async function saleOfOrder(db: Queryable, device: string, orderId: string): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(fiscalSubmissions)
    .where(
      and(
        eq(fiscalSubmissions.device, device),
        eq(fiscalSubmissions.orderId, orderId),
        eq(fiscalSubmissions.kind, 'sale'),
        eq(fiscalSubmissions.invoiceNo, orderId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The lines of every credit note recorded against a sale, in the order they were recorded. */
export async function creditNotesOf(db: Queryable, saleId: string): Promise<FiscalLine[][]> {
  const rows = await db
    .select({ lines: fiscalSubmissions.lines })
    .from(fiscalSubmissions)
    .where(and(eq(fiscalSubmissions.parentId, saleId), eq(fiscalSubmissions.kind, 'credit-note')))
    .orderBy(asc(fiscalSubmissions.seq));
  return rows.map((r) => r.lines as unknown as FiscalLine[]);
}

export interface ClaimedSubmission extends SubmissionRow {
  /** It was claimed before: a sale or credit note may have been signed, so it is read back first. */
  inDoubt: boolean;
}

/**
 * Takes the device's oldest unsent report, if it is due and nobody holds it: reports go one at a time, in
 * order (a stock report never before its sale). The head is locked while it is judged (no SKIP LOCKED:
 * skipping it would let a second instance take the next one first); a head held by a live lease, or
 * waiting for its next try, means nothing is claimed.
 */
export async function claimHead(db: Db, device: string, leaseMs: number): Promise<ClaimedSubmission | null> {
  const result = await db.execute(sql`
    update ${fiscalSubmissions} s
    set status = 'sending', sends = s.sends + 1, lease_until = ${leaseEnd(leaseMs)}, updated_at = now()
    from (
      select id, status, sends from ${fiscalSubmissions}
      where device = ${device} and status in ('pending', 'sending')
      order by seq limit 1
      for update) head
    where s.id = head.id
      and ((head.status = 'pending' and s.next_try_at <= now())
        or (head.status = 'sending' and (s.lease_until is null or s.lease_until <= now())))
    returning s.id, head.sends as sends_before`);
  const [claimed] = rowsOf<{ id: string; sends_before: number }>(result);
  if (!claimed) return null;
  const [row] = await db.select().from(fiscalSubmissions).where(eq(fiscalSubmissions.id, claimed.id));
  return { ...row, inDoubt: Number(claimed.sends_before) > 0 };
}

/** Keeps the claim while a slow device signs. */
export async function renewLease(db: Db, id: string, leaseMs: number): Promise<void> {
  await db
    .update(fiscalSubmissions)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(fiscalSubmissions.id, id), eq(fiscalSubmissions.status, 'sending')));
}

/** The embedded database at start: every claim left is a dead process's; its rows are due now, in doubt. */
export async function releaseAllClaims(db: Db): Promise<number> {
  const rows = await db
    .update(fiscalSubmissions)
    .set({ leaseUntil: null })
    .where(eq(fiscalSubmissions.status, 'sending'))
    .returning({ id: fiscalSubmissions.id });
  return rows.length;
}

export interface Receipt {
  rcptNo: number;
  totRcptNo: number | null;
  intrlData: string;
  rcptSign: string;
  sdcId: string | null;
  mrcNo: string | null;
  vsdcDate: string | null;
  qrCodeUrl: string | null;
}

/** Done: a sale's or credit note's receipt, or a stock report taken. Only by the claim that holds it. */
export async function markDone(
  db: Db,
  id: string,
  receipt: Receipt | null,
  request: Record<string, unknown> | null,
): Promise<void> {
  await db
    .update(fiscalSubmissions)
    .set({
      status: 'done',
      ...(receipt ?? {}),
      request,
      resultCd: '000',
      lastError: null,
      leaseUntil: null,
      doneAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalSubmissions.id, id), eq(fiscalSubmissions.status, 'sending')));
}

/** The device refused it (or its sale has no receipt): failed, for an admin to see and retry. */
export async function markFailed(
  db: Db,
  id: string,
  failure: { resultCd: string | null; message: string; request: Record<string, unknown> | null },
): Promise<void> {
  await db
    .update(fiscalSubmissions)
    .set({
      status: 'failed',
      resultCd: failure.resultCd,
      lastError: failure.message.slice(0, 500),
      request: failure.request,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalSubmissions.id, id), eq(fiscalSubmissions.status, 'sending')));
}

/** The device was not reached or did not answer: pending again, first in line, not before `afterMs`. */
export async function tryLater(db: Db, id: string, reason: string, afterMs: number): Promise<void> {
  await db
    .update(fiscalSubmissions)
    .set({
      status: 'pending',
      lastError: reason.slice(0, 500),
      leaseUntil: null,
      nextTryAt: leaseEnd(afterMs),
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalSubmissions.id, id), eq(fiscalSubmissions.status, 'sending')));
}

export async function findSubmission(db: Queryable, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(fiscalSubmissions).where(eq(fiscalSubmissions.id, id)).limit(1);
  return row ?? null;
}

/** A failed report and the failed reports that wait on it, pending again, at their places in the line. */
export async function retryFailed(db: Db, id: string): Promise<SubmissionRow[]> {
  return db
    .update(fiscalSubmissions)
    .set({ status: 'pending', nextTryAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(fiscalSubmissions.status, 'failed'),
        sql`(${fiscalSubmissions.id} = ${id} or ${fiscalSubmissions.parentId} = ${id})`,
      ),
    )
    .returning();
}

export async function deviceRow(db: Queryable, device: string) {
  const [row] = await db.select().from(fiscalDevices).where(eq(fiscalDevices.device, device)).limit(1);
  return row ?? null;
}

/** What installation answered (or, after a 902, what the first receipt taught), kept once known. */
export async function saveDevice(db: Db, device: string, known: { sdcId: string | null; mrcNo: string | null }) {
  await db
    .insert(fiscalDevices)
    .values({ device, ...known })
    .onConflictDoUpdate({
      target: fiscalDevices.device,
      set: {
        sdcId: sql`coalesce(excluded.sdc_id, ${fiscalDevices.sdcId})`,
        mrcNo: sql`coalesce(excluded.mrc_no, ${fiscalDevices.mrcNo})`,
      },
    });
}

export async function itemsOfDevice(db: Queryable, device: string, itemCds: string[]): Promise<FiscalItemRow[]> {
  if (itemCds.length === 0) return [];
  return db
    .select()
    .from(fiscalItems)
    .where(and(eq(fiscalItems.device, device), inArray(fiscalItems.itemCd, itemCds)));
}

/** The device now holds the item under this class and name. */
export async function itemRegistered(
  db: Db,
  item: { device: string; itemCd: string; productId: string | null; clsCd: string; name: string },
) {
  await db
    .insert(fiscalItems)
    .values({
      device: item.device,
      itemCd: item.itemCd,
      productId: item.productId,
      registeredClsCd: item.clsCd,
      registeredName: item.name,
      registeredAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [fiscalItems.device, fiscalItems.itemCd],
      set: {
        registeredClsCd: item.clsCd,
        registeredName: item.name,
        registeredAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

/** What is left of each product now (saveStockMaster's rsdQty). */
export async function stockLeft(db: Queryable, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, count: products.countInStock })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.count]));
}

/** The reports of some orders (their sales), for the order answers and the back office. */
export async function salesOfOrders(db: Queryable, orderIds: string[]): Promise<SubmissionRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(fiscalSubmissions)
    .where(and(inArray(fiscalSubmissions.orderId, orderIds), eq(fiscalSubmissions.kind, 'sale')))
    .orderBy(desc(fiscalSubmissions.seq));
}
