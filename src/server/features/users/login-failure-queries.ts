import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** The failed-login rows of users/login-failures.ts on PostgreSQL, shared by every instance. */

const since = (windowMs: number) => sql`now() - (${windowMs} * interval '1 millisecond')`;

/**
 * Holds each key's lock until the transaction ends (keys in one order, so two tries never deadlock):
 * the count and the record of a try are then one step, and of a burst of parallel guesses exactly the
 * allowed number go ahead, on any instance.
 */
export async function lockLoginKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function recordLoginFailures(db: Db, keys: readonly string[]): Promise<string[]> {
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  return rows.map((row) => row.id);
}

/** Failures of each key within the window, committed by any instance (this try's own included). */
export async function countLoginFailures(
  db: Db,
  keys: readonly string[],
  windowMs: number,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [...keys]), gt(loginFailures.failedAt, since(windowMs))))
    .groupBy(loginFailures.key);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** Milliseconds until the `nth` latest failure of `key` leaves the window (0 if there is none). */
export async function msUntilNthLatestLapses(db: Db, key: string, nth: number, windowMs: number): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<string>`extract(epoch from (${loginFailures.failedAt} + (${windowMs} * interval '1 millisecond') - now())) * 1000`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since(windowMs))))
    .orderBy(desc(loginFailures.failedAt))
    .offset(nth - 1)
    .limit(1);
  return row ? Math.max(0, Math.ceil(Number(row.ms))) : 0;
}

/** Deletes these rows and every row of these keys, in one statement. */
export async function deleteLoginFailures(db: Db, ids: readonly string[], keys: readonly string[]): Promise<void> {
  const which = [
    ...(ids.length > 0 ? [inArray(loginFailures.id, [...ids])] : []),
    ...(keys.length > 0 ? [inArray(loginFailures.key, [...keys])] : []),
  ];
  if (which.length > 0) await db.delete(loginFailures).where(or(...which));
}

export async function sweepLoginFailures(db: Db, windowMs: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, since(windowMs)));
}
