import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/categories';
import { IMAGE_VARIANT_WIDTHS, storedImageName, variantUrl } from '../../shared/images';
import { computeTotals } from '../../shared/money';
import { ORDER_STATUSES } from '../../shared/order-status';
import { createTestApp, type TestApp } from '../test/test-app';
import { orderItems, orders, productReviews, products, users } from '../db/schema';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { DEMO_ORDER_COUNT, seedDemoIfEmpty, type DemoSeedSummary } from './demo';

describe('seedDemoIfEmpty', () => {
  let t: TestApp;
  let results: (DemoSeedSummary | null)[];
  const uploads = () => path.join(t.config.dataDir, 'uploads');

  beforeAll(async () => {
    t = await createTestApp();
    // Two at once, like two instances starting together: exactly one may seed.
    results = await Promise.all([seedDemoIfEmpty(t.app, t.app.log), seedDemoIfEmpty(t.app, t.app.log)]);
  });
  afterAll(() => t.close());

  it('seeds once even when started twice at the same time', () => {
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('creates a catalogue over all six categories with the four mungongo oil sizes', async () => {
    const rows = await t.app.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows.length).toBe(DEMO_CATALOGUE.length);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    const mungongo = rows.filter((p) => p.name.startsWith('Mungongo Oil ')).sort((a, b) => a.priceNgwee - b.priceNgwee);
    expect(mungongo.map((p) => p.size)).toEqual(['30 ml', '50 ml', '100 ml', '200 ml']);
    expect(mungongo.map((p) => p.sku)).toEqual(['OIL-MUN-030', 'OIL-MUN-050', 'OIL-MUN-100', 'OIL-MUN-200']);
    expect(new Set(rows.map((p) => p.sku.toLowerCase())).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.brand).toBe('Forest Gold');
      expect(Number.isInteger(p.priceNgwee) && p.priceNgwee > 0).toBe(true);
      expect(p.description.length).toBeGreaterThan(80);
      expect(p.ingredients && p.benefits && p.howToUse).toBeTruthy();
    }
    expect(rows.some((p) => p.category === 'gift-sets' && p.priceNgwee > 50_000)).toBe(true);
  });

  it('has exactly one product out of stock and four to six featured', async () => {
    const rows = await t.app.db.select().from(products);
    expect(rows.filter((p) => p.countInStock === 0).map((p) => p.sku)).toEqual(['OIL-MAR-100']);
    const featured = rows.filter((p) => p.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(4);
    expect(featured).toBeLessThanOrEqual(6);
  });

  it('stores every picture with its variants on disk, 1 to 4 per product, main image first', async () => {
    const rows = await t.app.db.select().from(products);
    expect(rows.some((p) => p.images.length >= 3)).toBe(true);
    for (const p of rows) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(p.mainImage).toBe(p.images[0]);
      for (const url of p.images) {
        const name = storedImageName(url);
        expect(name, url).not.toBeNull();
        for (const file of [url, ...IMAGE_VARIANT_WIDTHS.map((w) => variantUrl(url, w))]) {
          expect(existsSync(path.join(uploads(), file.split('/').pop()!)), file).toBe(true);
        }
      }
    }
    // The instance that lost the race deleted its pictures again: only the catalogue's are left.
    const stored = rows.reduce((n, p) => n + p.images.length, 0);
    expect(readdirSync(uploads()).length).toBe(stored * (1 + IMAGE_VARIANT_WIDTHS.length));
  });

  it("keeps reviews consistent with each product's count and rating total", async () => {
    const rows = await t.app.db.select().from(products);
    const reviews = await t.app.db.select().from(productReviews);
    expect(reviews.length).toBeGreaterThan(10);
    for (const p of rows) {
      const own = reviews.filter((r) => r.productId === p.id);
      expect(p.numReviews).toBe(own.length);
      expect(p.ratingTotal).toBe(own.reduce((s, r) => s + r.rating, 0));
      expect(own.length).toBeLessThanOrEqual(3);
    }
    expect(reviews.every((r) => r.name.endsWith('(demo)') && r.userId)).toBe(true);
  });

  it('creates clearly fictional demo customers with unusable passwords', async () => {
    const demo = await t.app.db.select().from(users);
    expect(demo.length).toBeGreaterThanOrEqual(3);
    for (const u of demo) {
      expect(u.name).toMatch(/\(demo\)$/);
      expect(u.email).toMatch(/@coop-shop\.example$/);
      expect(u.phone).toMatch(/^\+260 97 000 01\d\d$/);
      expect(u.isAdmin).toBe(false);
    }
    // Each has its own hash of a random password that was thrown away.
    expect(demo.every((u) => u.passwordHash?.startsWith('scrypt$'))).toBe(true);
    expect(new Set(demo.map((u) => u.passwordHash)).size).toBe(demo.length);
  });

  it('creates about thirty orders this year whose totals follow the money rules', async () => {
    const all = await t.app.db.select().from(orders);
    const items = await t.app.db.select().from(orderItems).orderBy(asc(orderItems.position));
    expect(all).toHaveLength(DEMO_ORDER_COUNT);
    const startOfYear = new Date(new Date().getFullYear(), 0, 1).getTime();
    for (const o of all) {
      const own = items.filter((i) => i.orderId === o.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      const totals = computeTotals(own);
      expect({
        itemsNgwee: o.itemsNgwee,
        discountNgwee: 0,
        taxNgwee: o.taxNgwee,
        shippingNgwee: o.shippingNgwee,
        totalNgwee: o.totalNgwee,
      }).toEqual(totals);
      expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(startOfYear);
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(o.isPaid).toBe(o.paidAt !== null);
      expect(o.isDelivered).toBe(o.status === 'Delivered');
      expect(o.shippingAddress.province).toBe('Southern Province');
      expect(['Choma', 'Livingstone', 'Mazabuka', 'Monze', 'Kalomo']).toContain(o.shippingAddress.city);
      expect(o.customerName).toMatch(/\(demo\)$/);
      if (o.status === 'Cancelled' || o.status === 'Pending') expect(o.isPaid).toBe(false);
    }
    const statuses = new Set(all.map((o) => o.status));
    expect([...statuses].every((s) => (ORDER_STATUSES as readonly string[]).includes(s))).toBe(true);
    // Early in January every order is days old and still waiting; the mix shows once the year has some history.
    if (Date.now() - startOfYear > 60 * 86_400_000) {
      expect(statuses.size).toBeGreaterThanOrEqual(4);
      const paid = all.filter((o) => o.isPaid).length;
      expect(paid).toBeGreaterThanOrEqual(8);
      expect(paid).toBeLessThanOrEqual(22);
    }
    expect(all.some((o) => o.shippingNgwee === 0) && all.some((o) => o.shippingNgwee > 0)).toBe(true);
  });

  it('copies name, picture and price of the product into each order line, without taking stock', async () => {
    const rows = await t.app.db.select().from(products);
    const byId = new Map(rows.map((p) => [p.id, p]));
    for (const item of await t.app.db.select().from(orderItems)) {
      const p = byId.get(item.productId!)!;
      expect(item).toMatchObject({ name: p.name, image: p.mainImage, unitPriceNgwee: p.priceNgwee });
      expect(p.countInStock).toBeGreaterThan(0);
    }
    for (const entry of DEMO_CATALOGUE) {
      const [p] = await t.app.db.select().from(products).where(eq(products.sku, entry.sku));
      expect(p.countInStock).toBe(entry.countInStock);
    }
  });

  it('adds nothing on a second call', async () => {
    const before = await Promise.all([products, orders, users, productReviews].map((table) => t.app.db.$count(table)));
    expect(await seedDemoIfEmpty(t.app, t.app.log)).toBeNull();
    const after = await Promise.all([products, orders, users, productReviews].map((table) => t.app.db.$count(table)));
    expect(after).toEqual(before);
  });
});
