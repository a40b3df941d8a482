import { asc, eq, sql } from 'drizzle-orm';
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

/** The seeded option's id: the same in every shop, so two instances starting at once insert it once. */
export const STANDARD_DELIVERY_ID = '00000000-0000-4000-8000-000000000075';

/**
 * The spec's rule as the first option of a shop that has none (a new shop, or one restored from a backup
 * made before delivery options): one statement, and a second instance's insert of the same id does nothing.
 */
export async function insertStandardDeliveryIfNone(db: Db): Promise<void> {
  await db.execute(sql`
    insert into delivery_options (id, name, kind, fee_ngwee, free_above_ngwee)
    select ${STANDARD_DELIVERY_ID}::uuid, 'Standard delivery', 'door', 7500, 50000
    where not exists (select 1 from delivery_options)
    on conflict (id) do nothing`);
}
