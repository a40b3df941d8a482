import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/categories';
import { computeTotals } from '../../shared/money';
import { createTestApp, type TestApp } from '../test/test-app';
import { orderItems, orders, products, users } from '../db/schema';
import { seedLargeCatalogue, seedLargeCustomers, seedLargeOrders } from './large';

describe('large seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds the number of products asked, over all six categories, with realistic text and prices', async () => {
    const result = await seedLargeCatalogue(t.app.db, t.app.imageStore, 60, { seed: 7 });
    expect(result.inserted).toBe(60);
    const rows = await t.app.db.select().from(products);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.sku.toLowerCase())).size).toBe(60);
    for (const p of rows) {
      expect(p.priceNgwee).toBeGreaterThanOrEqual(2_000);
      expect(p.priceNgwee).toBeLessThanOrEqual(90_000);
      expect(p.description.length).toBeGreaterThanOrEqual(150);
      expect(p.description.length).toBeLessThanOrEqual(400);
      expect(p.mainImage).toBe(p.images[0]);
      expect(existsSync(path.join(t.config.dataDir, 'uploads', p.mainImage.split('/').pop()!))).toBe(true);
    }
    // The pictures come from a small shared pool, not one per product.
    expect(new Set(rows.flatMap((p) => p.images)).size).toBeLessThanOrEqual(12);
  });

  it('can run again on the same database without SKU clashes', async () => {
    await seedLargeCatalogue(t.app.db, t.app.imageStore, 30, { seed: 7 });
    expect(await t.app.db.$count(products)).toBe(90);
  });

  it('adds customers marked as demo and orders of 1 to 4 lines priced by the money rules', async () => {
    expect((await seedLargeCustomers(t.app.db, 25, { seed: 3 })).inserted).toBe(25);
    const customers = await t.app.db.select().from(users).where(eq(users.isAdmin, false));
    expect(customers).toHaveLength(25);
    expect(customers.every((u) => u.name.endsWith('(demo)') && u.email?.endsWith('@coop-shop.example'))).toBe(true);

    expect((await seedLargeOrders(t.app.db, 120, { seed: 5 })).inserted).toBe(120);
    const all = await t.app.db.select().from(orders);
    expect(all).toHaveLength(120);
    const items = await t.app.db.select().from(orderItems);
    const eighteenMonthsAgo = Date.now() - 550 * 86_400_000;
    for (const o of all) {
      const own = items.filter((i) => i.orderId === o.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(o.totalNgwee).toBe(computeTotals(own).totalNgwee);
      expect(o.itemsNgwee).toBe(computeTotals(own).itemsNgwee);
      expect(o.createdAt.getTime()).toBeGreaterThan(eighteenMonthsAgo);
      expect(customers.some((c) => c.id === o.userId)).toBe(true);
    }
    expect(new Set(all.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
  });

  it('refuses to make orders when there is nothing in stock', async () => {
    await t.app.db.execute(sql`update products set count_in_stock = 0`);
    await expect(seedLargeOrders(t.app.db, 5)).rejects.toThrow(/no products in stock/);
  });
});
