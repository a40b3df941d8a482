import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { forDrizzle } from './pglite-parsers';

const plain = await PGlite.create();
const once = await PGlite.create();
afterAll(async () => Promise.all([plain.close(), once.close()]));

const values = sql`select now()::timestamp as ts, '2026-11-28 10:00:00+02'::timestamptz as tstz,
  interval '1 day 2 hours' as iv, date '2026-11-28' as d, array[1.50, 2]::numeric[] as nums,
  array[timestamp '2026-01-01 00:00']::timestamp[] as tss, array[now()]::timestamptz[] as tstzs,
  array[interval '1 hour']::interval[] as ivs, array[date '2026-01-02']::date[] as ds,
  12::int as i, 1.25::numeric as n, '{"a":1}'::jsonb as j, true as b`;

describe('PGlite given Drizzle parsers once', () => {
  it('answers every type as Drizzle passing its parsers with each statement does, in and out of a transaction', async () => {
    const expected = await drizzle({ client: plain }).execute(values);
    const given = drizzle({ client: forDrizzle(once) as PGlite });
    const outside = await given.execute(values);
    const inside = await given.transaction((tx) => tx.execute(values));
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
    }
  });

  it('keeps a transaction one unit: a failed statement rolls back what came before it', async () => {
    const given = drizzle({ client: forDrizzle(once) as PGlite });
    await given.execute(sql`create table kept (id int primary key)`);
    await expect(
      given.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        await tx.execute(sql`insert into kept values (1)`);
      }),
    ).rejects.toThrow();
    const rows = await given.execute(sql`select count(*)::int as n from kept`);
    expect(rows.rows[0]).toEqual({ n: 0 });
  });
});
