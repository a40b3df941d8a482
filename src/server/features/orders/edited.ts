import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { CataloguePrice } from '../inventory';
import type { RaiseOrderEvent, EditedMoney } from './order-events-plugin';
import { findOrderRow, itemsOfOrder, lockOrder, withItems, type OrderItemRow, type OrderRow } from './queries';
import { collectedByHandNgwee } from './refund-figures';
import { toAdminOrderJson, toOrderJson } from './serialize';
import { stockTakenBy } from './stock-taken';
import type { Order } from '../../../shared/schemas/orders';

/**
 * What order edits (features/order-edits, docs/decisions/070-order-edits.md) read and write of an order:
 * under the order's row lock, the lock of a payment, a status change and a refund, so an edit never
 * interleaves with any of them.
 */
export interface EditableOrder {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The order's row without its lock, read before the edit's transaction (what its delivery is chosen from). */
export const findEditableOrderRow = (db: Db, orderId: string): Promise<OrderRow | null> => findOrderRow(db, orderId);

export async function lockEditableOrder(tx: Tx, orderId: string): Promise<EditableOrder | null> {
  const order = await lockOrder(tx, orderId);
  if (!order) return null;
  return { order, items: await itemsOfOrder(tx, order.id) };
}

/** A line of the edited order: what it was sold as, how many, and the unit price it is charged. */
export interface EditedLine {
  productId: string;
  sold: CataloguePrice;
  quantity: number;
  unitPriceNgwee: number;
  name: string;
}

export interface EditedOrderValues {
  itemsNgwee: number;
  discountNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  totalNgwee: number;
  balanceDueNgwee: number;
  shippingAddress: OrderRow['shippingAddress'];
  deliveryOptionId: string | null;
  delivery: OrderRow['delivery'];
  collectionCode: string | null;
  contactMobile: string | null;
}

/**
 * Writes the order's new lines and figures. A paid order's money recorded by hand is kept as a figure of
 * its own from now on (collectedByHandNgwee), so a new total never changes what was collected.
 */
export async function writeEditedOrder(
  tx: Tx,
  current: OrderRow,
  values: EditedOrderValues,
  lines: readonly EditedLine[],
): Promise<OrderRow> {
  await tx.delete(orderItems).where(eq(orderItems.orderId, current.id));
  if (lines.length > 0)
    await tx.insert(orderItems).values(
      lines.map((line, position) => ({
        orderId: current.id,
        productId: line.productId,
        name: line.name,
        image: line.sold.image,
        unitPriceNgwee: line.unitPriceNgwee,
        quantity: line.quantity,
        position,
        variantId: line.sold.variantId,
        variantLabel: line.sold.variantLabel,
        stockTaken: stockTakenBy(line.sold, line.quantity),
      })),
    );
  const [row] = await tx
    .update(orders)
    .set({
      ...values,
      collectedByHandNgwee: current.isPaid ? collectedByHandNgwee(current) : current.collectedByHandNgwee,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, current.id))
    .returning();
  return row;
}

/** The order as the admin's answer and the shopper's messages read it, in the edit's transaction. */
export async function editedOrderJson(tx: Tx, row: OrderRow): Promise<{ admin: Order; shopper: Order }> {
  const found = await withItems(tx, row);
  return { admin: toAdminOrderJson(found), shopper: toOrderJson(found) };
}

/** Raises 'order.edited' in the edit's transaction, so the shopper's text and e-mail are recorded with it. */
export async function raiseOrderEdited(raise: RaiseOrderEvent, order: Order, edit: EditedMoney): Promise<void> {
  await raise('order.edited', { order, edit });
}
