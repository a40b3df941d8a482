import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMailRow = typeof mailMessages.$inferInsert;

export async function insertPendingMail(db: Db, rows: NewMailRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailMessages).values(rows.map((r) => ({ ...r, status: 'pending' })));
}

/**
 * Takes a pending message for sending. The conditional update is the lock: of two instances (or a
 * restart racing a request) only one gets the row, so a message is never sent twice.
 */
export async function claimMailForSending(db: Db, id: string): Promise<MailRow | null> {
  const [row] = await db
    .update(mailMessages)
    .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1` })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.update(mailMessages).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailMessages.id, id));
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailMessages).set({ status: 'failed', lastError: error }).where(eq(mailMessages.id, id));
}

/** Gives up on a pending message without sending it (its row says why); false if it was not pending. */
export async function failPendingMail(db: Db, id: string, error: string): Promise<boolean> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'pending')))
    .returning({ id: mailMessages.id });
  return rows.length > 0;
}

/** Rows a crash left in 'sending': they may or may not have gone out, so they are never sent again. */
export async function markInterruptedMailUncertain(db: Db): Promise<number> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'uncertain', lastError: 'Interrupted while sending (server stopped); not resent to avoid a duplicate' })
    .where(eq(mailMessages.status, 'sending'))
    .returning({ id: mailMessages.id });
  return rows.length;
}

export async function pendingMailIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.status, 'pending'))
    .orderBy(asc(mailMessages.createdAt));
  return rows.map((r) => r.id);
}
