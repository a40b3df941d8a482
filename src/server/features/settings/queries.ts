import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { settings } from '../../db/schema';

/** The shop's identity is one row; other keys may follow. */
const SHOP_KEY = 'shop';

export async function readStoredSettings(db: Db): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SHOP_KEY)).limit(1);
  return row?.value;
}

/** The stored value, locked until the transaction ends (a save's audit line says what it replaced). */
export async function lockStoredSettings(tx: Tx): Promise<unknown> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SHOP_KEY))
    .for('update');
  return row?.value;
}

/**
 * Merges the changes into the stored value inside one statement (jsonb ||), so two admins saving
 * different fields at once both keep their change. Answers the stored value after the merge.
 */
export async function mergeStoredSettings(db: Db | Tx, changes: Record<string, unknown>): Promise<unknown> {
  const [row] = await db
    .insert(settings)
    .values({ key: SHOP_KEY, value: changes })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || excluded.value`, updatedAt: new Date() },
    })
    .returning({ value: settings.value });
  return row?.value;
}
