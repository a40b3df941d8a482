import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from './pglite-thread';

const inProcess = await PGlite.create();
const thread = await startPgliteThread({});
afterAll(async () => Promise.all([inProcess.close(), thread.close()]));
const onThread = drizzle({ client: thread as unknown as PGlite });

const values = sql`select now()::timestamp as ts, '2026-11-28 10:00:00+02'::timestamptz as tstz,
  interval '1 day 2 hours' as iv, date '2026-11-28' as d, array[1.50, 2]::numeric[] as nums,
  array[timestamp '2026-01-01 00:00']::timestamp[] as tss, array[now()]::timestamptz[] as tstzs,
  array[interval '1 hour']::interval[] as ivs, array[date '2026-01-02']::date[] as ds,
  12::int as i, 1.25::numeric as n, '{"a":1}'::jsonb as j, true as b, '\\x0102'::bytea as bytes`;

/** The embedded database in its own thread (decision 073), as Drizzle sees it. */
describe('PGlite in its own thread', () => {
  it('answers every type as Drizzle on an in-process PGlite does, in and out of a transaction', async () => {
    const expected = await drizzle({ client: inProcess }).execute(values);
    const outside = await onThread.execute(values);
    const inside = await onThread.transaction((tx) => tx.execute(values));
    // now() differs between the clients: compare the kinds of value, then the fixed ones exactly.
    for (const rows of [outside.rows, inside.rows]) {
      const row = rows[0] as Record<string, unknown>;
      const want = expected.rows[0] as Record<string, unknown>;
      for (const key of Object.keys(want)) expect(typeof row[key], key).toBe(typeof want[key]);
      expect(row.tstz).toBe(want.tstz);
      expect(row.iv).toBe('1 day 02:00:00');
      expect(row.d).toBe('2026-11-28');
      expect(row.nums).toBe('{1.50,2}');
      expect(row.ivs).toBe(want.ivs);
      expect(row.ds).toBe('{2026-01-02}');
      expect(row.j).toEqual({ a: 1 });
      expect(row.i).toBe(12);
      expect([...(row.bytes as Uint8Array)]).toEqual([1, 2]);
    }
  });

  it('keeps a transaction one unit: a failed statement rolls back what came before it, with its code', async () => {
    await onThread.execute(sql`create table kept (id int primary key)`);
    const failed = await onThread
      .transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        await tx.execute(sql`insert into kept values (1)`);
      })
      .catch((error: unknown) => error as { cause?: { code?: string; constraint?: string } });
    expect(failed?.cause).toMatchObject({ code: '23505', constraint: 'kept_pkey' });
    const rows = await onThread.execute(sql`select count(*)::int as n from kept`);
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('runs a statement asked outside a transaction after it ends, as one PGlite does', async () => {
    await onThread.execute(sql`create table turns (n int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inTransaction = onThread.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      await held;
      await tx.execute(sql`insert into turns values (2)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = onThread.execute(sql`insert into turns values (3)`);
    release();
    await Promise.all([inTransaction, outside]);
    const rows = await onThread.execute(sql`select array_agg(n order by ctid)::text as order from turns`);
    expect(rows.rows[0]).toEqual({ order: '{1,2,3}' });
  });

  it('rolls back when asked (Drizzle tx.rollback), and nested savepoints keep their own part', async () => {
    await onThread.execute(sql`create table nested (n int)`);
    await expect(
      onThread.transaction(async (tx) => {
        await tx.execute(sql`insert into nested values (1)`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    await onThread.transaction(async (tx) => {
      await tx.execute(sql`insert into nested values (2)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into nested values (3)`);
          inner.rollback();
        })
        .catch(() => {});
    });
    const rows = await onThread.execute(sql`select array_agg(n)::text as ns from nested`);
    expect(rows.rows[0]).toEqual({ ns: '{2}' });
  });

  it("leaves the server's thread free while a long statement runs, where PGlite in the same thread stops it", async () => {
    const long = sql`select count(*) from generate_series(1, 2000000)`;
    const ticksWhile = async (run: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = performance.now();
      await run();
      clearInterval(timer);
      return { ticks, ms: performance.now() - started };
    };
    const inThread = await ticksWhile(() => onThread.execute(long));
    // A transaction asked meanwhile waits for it without stopping this thread, then runs.
    const withTransaction = await ticksWhile(() =>
      Promise.all([
        thread.query('select count(*) from generate_series(1, 2000000)'),
        onThread.transaction((tx) => tx.execute(sql`select 1`)),
      ]),
    );
    const inProcessToo = await ticksWhile(() => drizzle({ client: inProcess }).execute(long));
    expect(inProcessToo.ms).toBeGreaterThan(100);
    expect(inProcessToo.ticks).toBeLessThanOrEqual(1);
    expect(inThread.ticks).toBeGreaterThan(inThread.ms / 5 / 4);
    expect(withTransaction.ticks).toBeGreaterThan(withTransaction.ms / 5 / 4);
  });

  it('hears its own notices, and refuses every statement once closed', async () => {
    const heard: string[] = [];
    const other = await startPgliteThread({});
    await other.listen('shop', (payload) => heard.push(payload));
    await other.query(`select pg_notify('shop', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('the database thread has stopped');
    await expect(other.transaction((tx) => tx.query('select 1'))).rejects.toThrow('the database thread has stopped');
  });
});
