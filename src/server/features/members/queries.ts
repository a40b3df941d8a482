import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { members, productMakers, products, shareEntries } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = Pick<typeof members.$inferInsert, 'name' | 'role' | 'mobile' | 'network' | 'active'>;
export type MemberChanges = Partial<Pick<MemberRow, 'name' | 'role' | 'active'>>;
/** A member with what she is owed now (her share entries in no payout yet). */
export type MemberWithBalance = MemberRow & { balanceNgwee: number };
type Queryable = Db | Tx;

/**
 * What each member is owed: one grouped read of the share entries in no payout (the ledger's owed index),
 * joined to the members it is asked for, so a list of any length is one statement.
 */
const owed = (db: Queryable) =>
  db
    .select({
      memberId: shareEntries.memberId,
      balanceNgwee: sql<number>`sum(${shareEntries.amountNgwee})`.mapWith(Number).as('balance_ngwee'),
    })
    .from(shareEntries)
    .where(and(isNull(shareEntries.payoutId), isNotNull(shareEntries.memberId)))
    .groupBy(shareEntries.memberId)
    .as('owed');

function selectWithBalance(db: Queryable) {
  const balances = owed(db);
  return db
    .select({ member: members, balanceNgwee: sql<number>`coalesce(${balances.balanceNgwee}, 0)`.mapWith(Number) })
    .from(members)
    .leftJoin(balances, eq(balances.memberId, members.id));
}

const withBalance = (row: { member: MemberRow; balanceNgwee: number }): MemberWithBalance => ({
  ...row.member,
  balanceNgwee: row.balanceNgwee,
});

/** Every member in name order (active and inactive, or one of them), each with what she is owed. */
export async function listMembers(db: Queryable, active: boolean | undefined): Promise<MemberWithBalance[]> {
  const rows = await selectWithBalance(db)
    .where(active === undefined ? undefined : eq(members.active, active))
    .orderBy(asc(sql`lower(${members.name})`), asc(members.id));
  return rows.map(withBalance);
}

export async function findMemberWithBalance(db: Queryable, id: string): Promise<MemberWithBalance | null> {
  const [row] = await selectWithBalance(db).where(eq(members.id, id)).limit(1);
  return row ? withBalance(row) : null;
}

/** Her share entries (sales and refunds' debits), newest first, one page; and how many there are. */
export async function sharesOfMember(
  db: Queryable,
  memberId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: Array<typeof shareEntries.$inferSelect>; total: number }> {
  const mine = eq(shareEntries.memberId, memberId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shareEntries)
      .where(mine)
      .orderBy(desc(shareEntries.createdAt), desc(shareEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(shareEntries).where(mine),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findMember(db: Queryable, id: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** The member's row, locked until the transaction ends: her changes are taken one at a time. */
export async function lockMember(tx: Tx, id: string): Promise<MemberRow | null> {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return row ?? null;
}

export async function insertMember(tx: Tx, member: NewMember): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(member).returning();
  return row;
}

export async function updateMember(tx: Tx, id: string, changes: MemberChanges): Promise<MemberRow> {
  const [row] = await tx
    .update(members)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(members.id, id))
    .returning();
  return row;
}

/** Another member whose wallet is this number, or who has it asked for as her new one (`pending`). */
export async function memberHoldingNumber(
  db: Queryable,
  mobile: string,
  except: string | null,
): Promise<{ name: string; pending: boolean } | null> {
  const [row] = await db
    .select({ name: members.name, pending: sql<boolean>`${members.mobile} <> ${mobile}` })
    .from(members)
    .where(
      and(
        or(eq(members.mobile, mobile), eq(members.pendingMobile, mobile)),
        except ? ne(members.id, except) : undefined,
      ),
    )
    // Her wallet before another's waiting change: that is the stronger reason.
    .orderBy(asc(sql`${members.mobile} <> ${mobile}`), asc(members.createdAt))
    .limit(1);
  return row ?? null;
}

/** Asks for a new wallet number; only when none is waiting already (null otherwise). */
export async function askWalletOnce(
  tx: Tx,
  id: string,
  mobile: string,
  admin: { id: string; name: string },
): Promise<MemberRow | null> {
  const [row] = await tx
    .update(members)
    .set({
      pendingMobile: mobile,
      pendingMobileBy: admin.id,
      pendingMobileByName: admin.name,
      pendingMobileAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(members.id, id), isNull(members.pendingMobile)))
    .returning();
  return row ?? null;
}

/**
 * The second admin's approval, once: the waiting number becomes her wallet only while it is still the one
 * seen (`from`), and only for an admin other than the one who asked. Two approvers at once: one moves it,
 * the other finds nothing waiting. Null when nothing moved; the caller reads the row again to tell why.
 */
export async function approveWalletOnce(
  tx: Tx,
  id: string,
  from: { mobile: string; pendingMobile: string },
  network: string,
  approver: { id: string },
): Promise<MemberRow | null> {
  const [row] = await tx
    .update(members)
    .set({
      mobile: from.pendingMobile,
      network,
      pendingMobile: null,
      pendingMobileBy: null,
      pendingMobileByName: null,
      pendingMobileAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(members.id, id),
        eq(members.mobile, from.mobile),
        eq(members.pendingMobile, from.pendingMobile),
        or(isNull(members.pendingMobileBy), ne(members.pendingMobileBy, approver.id)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Calls off the waiting change, if one is waiting (null otherwise). */
export async function cancelWalletOnce(tx: Tx, id: string): Promise<MemberRow | null> {
  const [row] = await tx
    .update(members)
    .set({
      pendingMobile: null,
      pendingMobileBy: null,
      pendingMobileByName: null,
      pendingMobileAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(members.id, id), isNotNull(members.pendingMobile)))
    .returning();
  return row ?? null;
}

/** The product's own makers' percent, its row locked: two saves of its makers are taken one after the other. */
export async function lockProductForMakers(
  tx: Tx,
  productId: string,
): Promise<{ id: string; name: string; makersPercent: number | null } | null> {
  const [row] = await tx
    .select({ id: products.id, name: products.name, makersPercent: products.makersPercent })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row ?? null;
}

export async function findProductForMakers(
  db: Queryable,
  productId: string,
): Promise<{ id: string; name: string; makersPercent: number | null } | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name, makersPercent: products.makersPercent })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

export interface MakerRow {
  memberId: string;
  name: string;
  parts: number;
  active: boolean;
}

/** The product's makers, most parts first, then by name. */
export function makersOfProduct(db: Queryable, productId: string): Promise<MakerRow[]> {
  return db
    .select({
      memberId: productMakers.memberId,
      name: members.name,
      parts: productMakers.parts,
      active: members.active,
    })
    .from(productMakers)
    .innerJoin(members, eq(members.id, productMakers.memberId))
    .where(eq(productMakers.productId, productId))
    .orderBy(sql`${productMakers.parts} desc`, asc(sql`lower(${members.name})`), asc(members.id));
}

/**
 * The members named, held (FOR SHARE) until the makers are saved: a member made inactive meanwhile waits
 * for the save, so what was checked is what is stored.
 */
export function membersToName(tx: Tx, ids: string[]): Promise<Array<Pick<MemberRow, 'id' | 'name' | 'active'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: members.id, name: members.name, active: members.active })
    .from(members)
    .where(inArray(members.id, ids))
    .for('share');
}

/** Replaces the product's makers and its own percent (in the caller's transaction). */
export async function replaceMakers(
  tx: Tx,
  productId: string,
  makersPercent: number | null,
  makers: Array<{ memberId: string; parts: number }>,
): Promise<void> {
  // The catalogue shows neither, so updated_at stays: a change here empties no cached answer.
  await tx.update(products).set({ makersPercent }).where(eq(products.id, productId));
  await tx.delete(productMakers).where(eq(productMakers.productId, productId));
  if (makers.length > 0)
    await tx.insert(productMakers).values(makers.map((m) => ({ productId, memberId: m.memberId, parts: m.parts })));
}
