import { eq, sql } from 'drizzle-orm';
import type { Order } from '../../../shared/schemas/orders';
import { orders } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import type { CataloguePrice } from '../inventory';
import type { RaiseOrderEvent } from './order-events-plugin';
import {
  findOrderRow,
  insertOrderWithItems,
  itemsOfOrder,
  lockOrder,
  withItems,
  type OrderItemRow,
  type OrderRow,
} from './queries';
import { toOrderJson } from './serialize';
import { stockTakenBy } from './stock-taken';
import { nameWithVariant } from '../../../shared/schemas/products';
import { newCollectionCode } from '../delivery';

/** An order as returns read it (docs/decisions/069-returns-and-exchanges.md): its row and its lines. */
export interface OrderForReturn {
  order: OrderRow;
  items: OrderItemRow[];
}

/**
 * Locks the order row for the rest of the transaction (the lock of its payment, status changes and refunds),
 * so two returns asked at once never both take its last returnable unit.
 */
export async function lockOrderForReturn(tx: Tx, orderId: string): Promise<OrderForReturn | null> {
  const order = await lockOrder(tx, orderId);
  return order ? { order, items: await itemsOfOrder(tx, order.id) } : null;
}

export async function findOrderForReturn(db: Db | Tx, orderId: string): Promise<OrderForReturn | null> {
  const order = await findOrderRow(db, orderId);
  return order ? { order, items: await itemsOfOrder(db, order.id) } : null;
}

/** The order as its events carry it, read in the caller's transaction. */
export async function orderForEvent(tx: Tx, orderId: string): Promise<Order | null> {
  const row = await findOrderRow(tx, orderId);
  return row ? toOrderJson(await withItems(tx, row)) : null;
}

export interface ReplacementLine {
  price: CataloguePrice;
  quantity: number;
}

/**
 * An exchange's replacement order: the original's shopper, address and delivery, the lines at today's
 * prices (their stock already taken by the caller). Its figures carry the return's credit as a discount
 * (with the VAT the credit holds taken off the VAT), so its total is the balance the shopper pays: 0 when
 * the credit covers it, and then it is paid already. An unpaid one is announced as a placed order, so the
 * shopper gets the usual how-to-pay text and e-mail; it is never released by the shop's unpaid sweep.
 */
export async function placeReplacementOrder(
  tx: Tx,
  raise: RaiseOrderEvent,
  original: OrderRow,
  lines: readonly ReplacementLine[],
  figures: { itemsNgwee: number; discountNgwee: number; taxNgwee: number; totalNgwee: number },
  paidBy: { note: string; adminId: string | null; adminName: string },
): Promise<Order> {
  const paid = figures.totalNgwee === 0;
  // The same columns as a checkout's order (insertOrderWithItems prepares its statement once for them).
  const placed = await insertOrderWithItems(
    tx,
    {
      userId: original.userId,
      customerName: original.customerName,
      customerEmail: original.customerEmail,
      shippingAddress: original.shippingAddress,
      paymentMethod: original.paymentMethod,
      itemsNgwee: figures.itemsNgwee,
      taxNgwee: figures.taxNgwee,
      shippingNgwee: 0,
      totalNgwee: figures.totalNgwee,
      discountCode: null,
      discountNgwee: figures.discountNgwee,
      status: 'Pending',
      isPaid: false,
      idempotencyKey: null,
      deliveryOptionId: original.deliveryOptionId,
      delivery: original.delivery,
      channel: original.channel,
      collectionCode: original.collectionCode ? newCollectionCode() : null,
      contactMobile: original.contactMobile,
      // The prepared insert takes a time here (a null cannot fill its placeholder); cleared just below.
      unpaidHoldUntil: new Date(),
    },
    lines.map((line, position) => ({
      productId: line.price.id,
      name: nameWithVariant(line.price.name, line.price.variantLabel),
      image: line.price.image,
      unitPriceNgwee: line.price.priceNgwee,
      quantity: line.quantity,
      position,
      variantId: line.price.variantId,
      variantLabel: line.price.variantLabel,
      stockTaken: stockTakenBy(line.price, line.quantity),
    })),
  );
  const [row] = await tx
    .update(orders)
    .set({
      unpaidHoldUntil: null,
      ...(paid && {
        isPaid: true,
        paidAt: sql`now()`,
        paymentResult: { by: 'admin', status: 'COMPLETED', recordedBy: paidBy.adminName },
        markedPaidBy: paidBy.adminId,
        markedPaidByName: paidBy.adminName,
        markedPaidAt: sql`now()`,
        markedPaidNote: paidBy.note,
      }),
    })
    .where(eq(orders.id, placed.order.id))
    .returning();
  placed.order = row;
  const order = toOrderJson(placed);
  if (!paid) await raise('order.placed', { order, customerMobile: null });
  return order;
}
