import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMailRow = typeof mailMessages.$inferInsert;

export async function insertPendingMail(db: Db, rows: NewMailRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailMessages).values(rows.map((r) => ({ ...r, status: 'pending' })));
}

/** What a message is sent with. */
export type MailContent = Pick<MailRow, 'id' | 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'replyTo'>;

/**
 * Takes pending messages for sending and answers the ids taken. The conditional update is the lock: of
 * two instances (or a restart racing a request) only one gets a row, so a message is never sent twice.
 */
export async function claimMailForSending(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1` })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'pending')))
    .returning({ id: mailMessages.id });
  return rows.map((row) => row.id);
}

export function mailContents(db: Db, ids: readonly string[]): Promise<MailContent[]> {
  const { id, kind, toAddress, subject, textBody, htmlBody, replyTo } = mailMessages;
  return db.select({ id, kind, toAddress, subject, textBody, htmlBody, replyTo }).from(mailMessages).where(inArray(id, [...ids]));
}

export async function markMailSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailMessages).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(inArray(mailMessages.id, [...ids]));
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailMessages).set({ status: 'failed', lastError: error }).where(eq(mailMessages.id, id));
}

/** Gives up on pending messages without sending them (their rows say why); answers the ids that were pending. */
export async function failPendingMail(db: Db, ids: readonly string[], error: string): Promise<string[]> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: error })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'pending')))
    .returning({ id: mailMessages.id });
  return rows.map((row) => row.id);
}

/**
 * Messages this process claimed but did not try to send: back to 'pending' (sent at the next start), or
 * 'failed' with the reason. Either way the claim's attempt is taken back.
 */
export async function releaseClaimedMail(db: Db, ids: readonly string[], outcome: { status: 'pending' } | { status: 'failed'; error: string }) {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ status: outcome.status, attempts: sql`${mailMessages.attempts} - 1`, ...(outcome.status === 'failed' ? { lastError: outcome.error } : {}) })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'sending')));
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
