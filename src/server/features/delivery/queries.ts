import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliveryOptions } from '../../db/schema';

export type DeliveryOptionRow = typeof deliveryOptions.$inferSelect;
export type NewDeliveryOptionRow = typeof deliveryOptions.$inferInsert;

export function listDeliveryOptionRows(db: Db | Tx): Promise<DeliveryOptionRow[]> {
  return db
    .select()
    .from(deliveryOptions)
    .orderBy(asc(deliveryOptions.position), asc(deliveryOptions.name), asc(deliveryOptions.id));
}

export async function findDeliveryOptionRow(db: Db | Tx, id: string, lock = false): Promise<DeliveryOptionRow | null> {
  const query = db.select().from(deliveryOptions).where(eq(deliveryOptions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertDeliveryOptionRow(tx: Tx, values: NewDeliveryOptionRow): Promise<DeliveryOptionRow> {
  const [row] = await tx.insert(deliveryOptions).values(values).returning();
  return row!;
}

export async function updateDeliveryOptionRow(
  tx: Tx,
  id: string,
  values: Partial<NewDeliveryOptionRow>,
): Promise<DeliveryOptionRow> {
  const [row] = await tx
    .update(deliveryOptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryOptions.id, id))
    .returning();
  return row!;
}
