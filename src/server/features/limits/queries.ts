import { lt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export interface Hits {
  current: number;
  ttlMs: number;
}

const toHits = (row: { hits: number | string; ttl_ms: number | string }): Hits => ({
  current: Number(row.hits),
  ttlMs: Math.max(0, Math.ceil(Number(row.ttl_ms))),
});

/**
 * Counts one hit of `key` (a window that has ended starts again) in one statement, answering the count
 * and the time left; with `max`, only while the window holds fewer (null: full, not counted).
 */
async function upsertHit(db: Db | Tx, key: string, windowMs: number, max?: number): Promise<Hits | null> {
  const onlyBelowMax = max === undefined ? sql`` : sql`where c.window_ends_at <= now() or c.hits < ${max}`;
  const result = await db.execute(sql`
    insert into ${rateLimitCounters} as c (key, hits, window_ends_at)
    values (${key}, 1, now() + (${windowMs} * interval '1 millisecond'))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    ${onlyBelowMax}
    returning hits, extract(epoch from (window_ends_at - now())) * 1000 as ttl_ms`);
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
  return row ? toHits(row) : null;
}

/** Counts one hit of `key` in one statement (a window that has ended starts again), answering the count and the time left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hits> {
  return (await upsertHit(db, key, windowMs))!;
}

/**
 * Counts one hit of `key` only while its window holds fewer than `max`, in one statement: the check and
 * the count cannot be split by a parallel request, so a burst gets exactly `max` through. Null: full (not
 * counted). Inside a transaction the row stays locked until it ends, and a rollback takes the hit back.
 */
export function countHitWithin(db: Db | Tx, key: string, windowMs: number, max: number): Promise<Hits | null> {
  return upsertHit(db, key, windowMs, max);
}

/** The hits of `key` in its current window, without counting one. */
export async function readHits(db: Db | Tx, key: string, windowMs: number): Promise<Hits> {
  const result = await db.execute(sql`
    select hits, extract(epoch from (window_ends_at - now())) * 1000 as ttl_ms
    from ${rateLimitCounters} where key = ${key} and window_ends_at > now()`);
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
  return row ? toHits(row) : { current: 0, ttlMs: windowMs };
}

export async function sweepEndedWindows(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
}
