import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { CATEGORIES } from '../../../shared/categories';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { CatalogSearch } from './catalog-search';
import { findIndexedProducts, findProductPage, type ProductFilter } from './queries';
import { SearchIndex } from './search-index';
import { insertProducts } from './test/fixtures';
import { putVariants } from './test/variant-fixtures';

const WORDS = [
  'Marula',
  'baobab',
  'SHEA',
  'honey',
  'oil',
  'Crème',
  'straße',
  'İnci',
  '5%',
  'raw_nut',
  'back\\slash',
  'a',
  'ab',
  'kernel',
  'cold-pressed',
];

/** A small made-up random source, so a failure can be run again with the same catalogue. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/** The in-memory index must answer exactly what the database answers for the same list query. */
describe('the in-memory search index', () => {
  let t: TestApp;
  const roll = random(17);
  const sentence = (n: number) => Array.from({ length: n }, () => WORDS[roll(WORDS.length)]).join(' ');
  const keywords = (texts: string[]) => {
    const picked = [
      'oil',
      'OIL',
      'crème',
      'İnci',
      '5%',
      '%',
      '_',
      'raw_',
      'back\\',
      'a',
      'ab',
      'zz',
      'honey oil',
      'x\ny',
      'shea\nmarula',
    ];
    for (let i = 0; i < 60; i += 1) {
      const text = texts[roll(texts.length)];
      const length = 1 + roll(10);
      const at = roll(Math.max(1, text.length - length));
      picked.push(text.slice(at, at + length));
    }
    return picked;
  };
  const idsOnDatabasePage = async (filter: ProductFilter, page: number, limit: number) => {
    const { rows, total } = await findProductPage(t.app.db, filter, page, limit);
    return { ids: rows.map((row) => row.id), total };
  };
  const compare = async (index: SearchIndex, texts: string[]) => {
    let answered = 0;
    for (const keyword of keywords(texts)) {
      const filters: ProductFilter[] = [
        {},
        { category: CATEGORIES[roll(CATEGORIES.length)] },
        { minPriceNgwee: 5_000, maxPriceNgwee: 20_000 },
      ];
      for (const filter of filters) {
        for (const [page, limit] of [
          [1, 100],
          [2, 7],
        ]) {
          const mine = index.page(keyword, filter, page, limit);
          if (/^[\x20-\x7e]*$/.test(keyword) && !keyword.includes('\n'))
            expect(mine, JSON.stringify(keyword)).not.toBeNull();
          else {
            expect(mine, `${JSON.stringify(keyword)} is left to the database`).toBeNull();
            continue;
          }
          expect(mine, JSON.stringify({ keyword, filter, page })).toEqual(
            await idsOnDatabasePage({ ...filter, keyword }, page, limit),
          );
          answered += 1;
        }
      }
    }
    return answered;
  };
  const allTexts = async () => (await findIndexedProducts(t.app.db)).map((row) => row.searchText);

  beforeAll(async () => {
    t = await createTestApp();
    const sameMoment = new Date('2026-01-01T00:00:00.123Z');
    await insertProducts(
      t,
      Array.from({ length: 160 }, (_, i) => ({
        name: sentence(1 + roll(3)),
        description: sentence(roll(12)),
        category: CATEGORIES[i % CATEGORIES.length],
        priceNgwee: 1_000 * (1 + roll(30)),
        // Ties in creation time are ordered by id, as the database does.
        createdAt: i % 4 === 0 ? sameMoment : new Date(Date.UTC(2026, 0, 1 + (i % 50))),
      })),
    );
    // Microseconds apart: the same millisecond, a different order.
    await t.app.db
      .update(products)
      .set({ createdAt: sql`${products.createdAt} + (random() * interval '900 microseconds')` })
      .where(eq(products.createdAt, sameMoment));
  });
  afterAll(() => t.close());

  it('finds what the database finds, in its order, with its filters, pages and totals; non-ASCII keywords go to the database', async () => {
    const index = new SearchIndex(await findIndexedProducts(t.app.db));
    expect(index.size).toBeGreaterThanOrEqual(160);
    expect(await compare(index, await allTexts())).toBeGreaterThan(150);
    // Not empty-handed: common keywords find many products.
    expect(index.page('oil', {}, 1, 12)!.total).toBeGreaterThan(20);
  });

  it('follows edits, deletions and new products, a few at a time and past a rebuild', async () => {
    const index = new SearchIndex(await findIndexedProducts(t.app.db));
    for (const round of [3, 5, 90]) {
      const rows = await t.app.db
        .select({ id: products.id })
        .from(products)
        .limit(round * 2);
      const edited = rows.slice(0, round).map((row) => row.id);
      const deleted = rows.slice(round, round + 1).map((row) => row.id);
      for (const id of edited) {
        await t.app.db
          .update(products)
          .set({ name: sentence(2), description: sentence(4), priceNgwee: 1_000 * (1 + roll(30)) })
          .where(eq(products.id, id));
      }
      await t.app.db.delete(products).where(inArray(products.id, deleted));
      const added = await t.app.db
        .insert(products)
        .values({
          name: `New ${sentence(2)}`,
          priceNgwee: 9_000,
          category: 'oil',
          sku: `IDX-${round}`,
          description: sentence(3),
        })
        .returning({ id: products.id });
      const changed = [...edited, ...deleted, ...added.map((row) => row.id)];
      index.apply(changed, await findIndexedProducts(t.app.db, changed));
      expect(index.size).toBe((await findIndexedProducts(t.app.db)).length);
      expect(await compare(index, await allTexts())).toBeGreaterThan(150);
    }
  });

  it("finds products by their variants' SKUs, sizes and labels as the database does", async () => {
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const rows = await t.app.db.select({ id: products.id }).from(products).orderBy(products.id).limit(6);
    const variantTexts: string[] = [];
    for (const [i, { id }] of rows.entries()) {
      const answer = await putVariants(t, admin, id, {
        options: ['Size'],
        variants: [
          {
            options: [`${10 * (i + 1)} ml`],
            sku: `VAR-${i}-SMALL`,
            size: `Flask ${sentence(1)}`,
            price: 10,
            countInStock: 1,
          },
          { options: [`Jar ${sentence(1)} ${i}`], sku: `var-${i}-big`, price: 30 + i, countInStock: 2 },
        ],
      });
      for (const v of answer.variants!) variantTexts.push(`${v.sku} ${v.size ?? ''} ${v.label}`.toLowerCase());
    }
    const index = new SearchIndex(await findIndexedProducts(t.app.db));
    expect(await compare(index, variantTexts)).toBeGreaterThan(150);
    // Not empty-handed: a variant's SKU finds its product, and only it.
    expect(index.page('var-3-small', {}, 1, 12)).toEqual({ ids: [rows[3]!.id], total: 1 });
    expect(index.page('VAR-3-BIG', {}, 1, 12)).toEqual({ ids: [rows[3]!.id], total: 1 });
    expect(index.page('30 ml', {}, 1, 12)!.ids).toContain(rows[2]!.id);
  });

  it('is used by the shop once built, and set aside while a change is being read', async () => {
    const search = t.app.catalogCache.search!;
    // The test above changed rows behind the shop's back: tell it, as every write path of the shop does.
    await t.app.catalogCache.invalidate('products');
    await search.settled();
    expect(search.index).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/products?keyword=OIL&limit=100' });
    expect(list.json().products.map((p: { _id: string }) => p._id)).toEqual(
      (await idsOnDatabasePage({ keyword: 'OIL' }, 1, 100)).ids,
    );

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = new CatalogSearch(
      { read: async (ids) => (await gate, findIndexedProducts(t.app.db, ids)), countProducts: async () => 1 },
      t.app.log,
    );
    gated.refresh();
    expect(gated.index).toBeNull();
    open();
    await gated.settled();
    expect(gated.index).not.toBeNull();
    gated.refresh(['00000000-0000-4000-8000-000000000000']);
    expect(gated.index, 'out of date until the change is read').toBeNull();
    await gated.settled();
    expect(gated.index).not.toBeNull();
  });

  it('is off with SEARCH_INDEX_PRODUCTS=0, and the database still finds products', async () => {
    const off = await createTestApp({ searchIndexProducts: 0 });
    try {
      await off.app.db
        .insert(products)
        .values({ name: 'Unindexed Marula Oil', priceNgwee: 9_000, category: 'oil', sku: 'IDX-OFF' });
      off.app.catalogCache.search!.refresh();
      await off.app.catalogCache.search!.settled();
      expect(off.app.catalogCache.search!.index).toBeNull();
      const found = await off.app.inject({ method: 'GET', url: '/api/products?keyword=unindexed' });
      expect(found.json().totalProducts).toBe(1);
    } finally {
      await off.close();
    }
  });

  it('is not built for a catalogue above its limit, and the database searches', async () => {
    const capped = new CatalogSearch(
      { read: (ids) => findIndexedProducts(t.app.db, ids), countProducts: async () => 11 },
      t.app.log,
      10,
    );
    capped.refresh();
    await capped.settled();
    expect(capped.index).toBeNull();
  });

  it("finds a product added behind the shop's back once the watch has looked (a lost notice, a psql insert)", async () => {
    const search = t.app.catalogCache.search!;
    // The watch sees the current catalogue (the tests above moved it) and the index has taken it in.
    await t.app.catalogWatch.checkOnce();
    await search.settled();
    const found = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/products?keyword=quietly-added' })).json().totalProducts;
    await t.app.db
      .insert(products)
      .values({ name: 'Quietly-Added Oil', priceNgwee: 5_000, category: 'oil', sku: 'IDX-QUIET' });
    expect(await found(), 'unseen until the watch looks').toBe(0);
    await t.app.catalogWatch.checkOnce();
    expect(await found()).toBe(1);
    await search.settled();
    expect(search.index?.page('quietly-added', {}, 1, 12)?.total).toBe(1);
  });
});
