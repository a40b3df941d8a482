import { and, count, desc, eq, gte, ilike, like, lte, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { containsPattern } from '../../db/search-text';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: Db | Tx, values: typeof auditEvents.$inferInsert) {
  await db.insert(auditEvents).values(values);
}

export interface AuditFilter {
  action?: string;
  /** Every action starting with this (it holds only letters, dots and dashes: nothing LIKE reads). */
  actionPrefix?: string;
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
  /** Words of the summary. */
  words?: string;
}

function matching(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.actionPrefix) conditions.push(like(auditEvents.action, `${filter.actionPrefix}%`));
  if (filter.subjectType) conditions.push(eq(auditEvents.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
  if (filter.to) conditions.push(lte(auditEvents.at, filter.to));
  // No index: the trail of one co-op's admins stays small enough to read through (thousands of lines a year).
  if (filter.words) conditions.push(ilike(auditEvents.summary, containsPattern(filter.words)));
  return and(...conditions);
}

/** Newest first, with the number of lines matching. */
export async function findAuditPage(db: Db, filter: AuditFilter, page: number, limit: number) {
  const where = matching(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: Number(total) };
}
