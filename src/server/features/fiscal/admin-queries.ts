import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fiscalSubmissions } from '../../db/schema';
import type { SubmissionRow } from './queries';

/** What the back office reads of the reports (routes.ts): a page by status, the counts, a receipt by signature. */

export const FISCAL_PAGE_SIZE = 50;

const statusesOf: Record<'open' | 'failed' | 'done' | 'all', string[] | null> = {
  open: ['pending', 'sending', 'failed'],
  failed: ['failed'],
  done: ['done'],
  all: null,
};

export async function listSubmissions(
  db: Db,
  device: string,
  filter: keyof typeof statusesOf,
  page: number,
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const statuses = statusesOf[filter];
  const where: SQL | undefined = and(
    eq(fiscalSubmissions.device, device),
    statuses ? inArray(fiscalSubmissions.status, statuses) : undefined,
  );
  const rows = await db
    .select()
    .from(fiscalSubmissions)
    .where(where)
    .orderBy(desc(fiscalSubmissions.seq))
    .limit(FISCAL_PAGE_SIZE)
    .offset((page - 1) * FISCAL_PAGE_SIZE);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fiscalSubmissions)
    .where(where);
  return { rows, total: Number(n) };
}

export async function countsByStatus(db: Db, device: string) {
  const rows = await db
    .select({ status: fiscalSubmissions.status, n: sql<number>`count(*)::int` })
    .from(fiscalSubmissions)
    .where(eq(fiscalSubmissions.device, device))
    .groupBy(fiscalSubmissions.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: of('pending') + of('sending'), failed: of('failed'), done: of('done') };
}

/** The QR code's address of a signed receipt, found by its signature (the 16 characters printed on it). */
export async function qrCodeUrlOf(db: Db, signature: string): Promise<string | null> {
  const [row] = await db
    .select({ qrCodeUrl: fiscalSubmissions.qrCodeUrl })
    .from(fiscalSubmissions)
    .where(and(eq(fiscalSubmissions.rcptSign, signature), eq(fiscalSubmissions.status, 'done')))
    .limit(1);
  return row?.qrCodeUrl ?? null;
}
