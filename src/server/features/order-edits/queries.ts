import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderEdits, shareEntries } from '../../db/schema';
import type { EditSide } from '../../../shared/schemas/order-edits';

export type OrderEditRow = typeof orderEdits.$inferSelect;

export async function insertOrderEdit(
  tx: Tx,
  values: Omit<typeof orderEdits.$inferInsert, 'id' | 'createdAt' | 'before' | 'after' | 'refundId'> & {
    before: EditSide;
    after: EditSide;
  },
): Promise<OrderEditRow> {
  const [row] = await tx
    .insert(orderEdits)
    .values({ ...values, before: { ...values.before }, after: { ...values.after } })
    .returning();
  return row;
}

export async function setEditRefund(tx: Tx, editId: string, refundId: string): Promise<void> {
  await tx.update(orderEdits).set({ refundId }).where(eq(orderEdits.id, editId));
}

export function editsOfOrder(db: Db | Tx, orderId: string): Promise<OrderEditRow[]> {
  return db.select().from(orderEdits).where(eq(orderEdits.orderId, orderId)).orderBy(desc(orderEdits.createdAt));
}

/** Whether the makers' shares of the order are written (it was paid and handed over once; decision 063). */
export async function hasShares(tx: Tx, orderId: string): Promise<boolean> {
  const [entry] = await tx
    .select({ id: shareEntries.id })
    .from(shareEntries)
    .where(eq(shareEntries.orderId, orderId))
    .limit(1);
  return entry !== undefined;
}
