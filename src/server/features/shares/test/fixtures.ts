import { eq } from 'drizzle-orm';
import { members, productMakers, products, shareEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** Test data for the shares ledger, written straight to the database (the members' routes are their own feature's). */

let sequence = 0;

/** A member with a wallet number of her own (unique in the test's process, as each file has its own database). */
export async function insertMember(t: TestApp, name = 'Maker') {
  sequence += 1;
  const [member] = await t.app.db
    .insert(members)
    .values({
      name: `${name} ${sequence}`,
      mobile: `+26096${String(sequence).padStart(7, '0')}`,
      network: 'mtn',
    })
    .returning();
  return member;
}

/** Replaces a product's makers and, when given, its own makers' percent (null: the shop's default). */
export async function setMakers(
  t: TestApp,
  productId: string,
  makers: { memberId: string; parts: number }[],
  makersPercent?: number | null,
) {
  await t.app.db.delete(productMakers).where(eq(productMakers.productId, productId));
  if (makers.length > 0) await t.app.db.insert(productMakers).values(makers.map((m) => ({ productId, ...m })));
  if (makersPercent !== undefined)
    await t.app.db.update(products).set({ makersPercent }).where(eq(products.id, productId));
}

export const entriesOf = (t: TestApp, orderId: string) =>
  t.app.db.select().from(shareEntries).where(eq(shareEntries.orderId, orderId));
