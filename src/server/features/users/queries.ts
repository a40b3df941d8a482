import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern } from '../../db/search-text';
import type { User } from '../../../shared/schemas/users';
import { isUuid } from '../../lib/ids';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

export const isUserId = isUuid;

/** The only way a user leaves the server: named fields, so the password hash can never ride along. */
export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    phone: row.phone,
    mobile: row.mobile ?? '',
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** E-mails are stored lower-cased; lower() also matches rows written before that rule and uses the unique index. */
const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emailIs(email)).limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  if (!isUserId(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function isEmailTaken(db: Db | Tx, email: string, exceptUserId?: string): Promise<boolean> {
  const where = exceptUserId ? and(emailIs(email), ne(users.id, exceptUserId)) : emailIs(email);
  const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return Boolean(row);
}

/** Locks every admin row (in id order, so two admin edits cannot deadlock) and answers their ids. */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function insertUser(db: Db | Tx, values: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(values).returning();
  return created;
}

/** Undefined when the e-mail is taken already (another instance created the same admin at once). */
export async function insertUserUnlessEmailTaken(db: Db, values: NewUser): Promise<{ id: string } | undefined> {
  const [created] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return created;
}

/** Undefined when the user is gone. */
export async function updateUser(db: Db | Tx, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

export async function listUsers(db: Db, query: { keyword?: string; page: number; limit: number }) {
  // ILIKE '%…%' on name and e-mail is served by their pg_trgm GIN indexes.
  const where = query.keyword
    ? or(ilike(users.name, containsPattern(query.keyword)), ilike(users.email, containsPattern(query.keyword)))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toUserJson),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    totalUsers: total,
  };
}

/** "This month" starts at midnight on the 1st in the shop's time zone (Africa/Lusaka), as on the dashboard. */
export async function userStats(db: Db) {
  const [row] = await db
    .select({
      totalUsers: count(),
      totalAdmins: sql<number>`count(*) filter (where ${users.isAdmin})::int`,
      newThisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= date_trunc('month', now() at time zone 'Africa/Lusaka') at time zone 'Africa/Lusaka')::int`,
    })
    .from(users);
  return {
    totalUsers: row.totalUsers,
    totalCustomers: row.totalUsers - row.totalAdmins,
    totalAdmins: row.totalAdmins,
    newThisMonth: row.newThisMonth,
  };
}
