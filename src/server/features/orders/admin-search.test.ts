import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrder } from './test/fixtures';

/** The admin order search reads the stored search column (name, e-mail, id); it must find what ILIKE on each finds. */
describe('GET /api/orders?keyword= through the search column', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const ids: string[] = [];
  const found = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders?limit=100&${query}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return {
      ids: res.json().orders.map((o: { _id: string }) => o._id) as string[],
      total: res.json().totalOrders as number,
    };
  };
  /** The meaning of the search: ILIKE on name, e-mail and the id's text, straight on the table, newest first. */
  const byIlike = async (keyword: string, status?: string) => {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`(${orders.customerName} ilike ${pattern} or ${orders.customerEmail} ilike ${pattern} or ${orders.id}::text ilike ${pattern})
            and ${inArray(orders.id, ids)} ${status ? sql`and ${orders.status} = ${status}` : sql``}`,
      )
      .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`);
    return rows.map((r) => r.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    const people = await Promise.all(
      [
        { name: 'Chanda Mwale', email: 'chanda.mwale@example.com' },
        { name: 'Mutinta BANDA', email: 'MUTINTA_50%@example.org' },
        { name: 'Ëlise Phiri', email: 'elise@example.net' },
      ].map(async (who) => (await createUser(t, who)).user),
    );
    const statuses = ['Pending', 'Shipped', 'Delivered', 'Cancelled', 'Processing'];
    for (let i = 0; i < 10; i++) {
      const user = people[i % people.length];
      const order = await insertOrder(t, {
        user,
        total: 10 + i,
        status: statuses[i % statuses.length],
        createdAt: new Date(Date.now() - (20 - i) * 60_000),
      });
      ids.push(order.id);
    }
  });
  afterAll(() => t.close());

  it('finds the same orders as ILIKE on name, e-mail or id, for all sorts of keywords, with and without a status', async () => {
    const idPart = ids[4].slice(9, 18).toUpperCase();
    const keywords = [
      'chanda',
      'BANDA',
      'mwale@EXAMPLE',
      '50%',
      '_',
      'ëlise',
      'ËLISE',
      'ph',
      'a',
      idPart,
      ids[7].slice(0, 8),
      '.org',
      'nobody here',
    ];
    for (const keyword of keywords) {
      const expected = await byIlike(keyword);
      const answer = await found(`keyword=${encodeURIComponent(keyword)}`);
      expect(answer.ids, keyword).toEqual(expected);
      expect(answer.total, keyword).toBe(expected.length);
      const shipped = await found(`keyword=${encodeURIComponent(keyword)}&status=Shipped`);
      expect(shipped.ids, `${keyword} + Shipped`).toEqual(await byIlike(keyword, 'Shipped'));
    }
    expect((await found('keyword=chanda')).total).toBe(4);
    expect((await found(`keyword=${idPart}`)).ids).toEqual([ids[4]]);
  });

  it('does not match across the end of one field and the start of the next', async () => {
    expect((await found(`keyword=${encodeURIComponent('mwale\nchanda')}`)).total).toBe(0);
    expect((await found(`keyword=${encodeURIComponent('.com\n0000')}`)).total).toBe(0);
  });
});
