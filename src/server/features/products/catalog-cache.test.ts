import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog-cache';

const text = (json: string, products: string[] | null = null) => ({ json, products });
const stored = (json: string, products: string[] | null = null) => ({ json, etag: 'W/"t"', products });

/** The cache itself, without a database: sharing of misses and versioning. */
describe('CatalogCache', () => {
  const newCache = () => {
    const notified: string[] = [];
    return { cache: new CatalogCache(async (payload) => void notified.push(payload)), notified };
  };

  it('keeps answers within its size in characters, forgetting the least recently used first', async () => {
    const cache = new CatalogCache(async () => {}, { maxChars: 2_000 });
    const answer = (n: number) => text(JSON.stringify({ n, pad: 'x'.repeat(500) }));
    for (const n of [1, 2, 3]) await cache.getOrCompute(`detail:${n}`, async () => answer(n));
    // Each answer is about 800 characters with its key and book-keeping: two fit, the third pushed out the first.
    expect(cache.get('detail:1')).toBeUndefined();
    expect(cache.get('detail:2')?.json).toContain('"n":2');
    expect(cache.get('detail:3')?.json).toContain('"n":3');
    await cache.getOrCompute('detail:4', async () => answer(4));
    expect(cache.get('detail:2')).toBeUndefined();
    expect(cache.get('detail:3')).toBeDefined();
  });

  it('computes a missing entry once for everyone asking at the same time', async () => {
    const { cache } = newCache();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((r) => setTimeout(r, 20));
      return text('{"n":1}');
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getOrCompute('list', compute)));
    expect(new Set(answers.map((a) => a?.json))).toEqual(new Set(['{"n":1}']));
    expect(computed).toBe(1);
    expect((await cache.getOrCompute('list', compute))?.json).toBe('{"n":1}');
    expect(computed).toBe(1);
  });

  it('does not keep an answer computed while a write invalidated the cache', async () => {
    const { cache, notified } = newCache();
    let release!: () => void;
    const slow = cache.getOrCompute('featured', () => new Promise((r) => (release = () => r(text('"old"')))));
    await cache.invalidate('products');
    expect(notified).toHaveLength(1);
    release();
    expect((await slow)?.json).toBe('"old"');
    expect(cache.get('featured')).toBeUndefined();
    expect((await cache.getOrCompute('featured', async () => text('"new"')))?.json).toBe('"new"');
    expect(cache.get('featured')?.json).toBe('"new"');
  });

  it('shares but does not store a null answer, and lets a failure reach every waiter', async () => {
    const { cache } = newCache();
    expect(await cache.getOrCompute('product:x', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    const failing = () => Promise.reject(new Error('database down'));
    await expect(Promise.all([cache.getOrCompute('a', failing), cache.getOrCompute('a', failing)])).rejects.toThrow(
      'database down',
    );
    expect((await cache.getOrCompute('a', async () => text('"recovered"')))?.json).toBe('"recovered"');
  });

  it('drops everything on a notice from another instance, not on its own', () => {
    const { cache } = newCache();
    cache.set('k', stored('1'), cache.changesSoFar);
    const version = cache.version;
    cache.onRemoteNotify('another-instance');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.version).not.toBe(version);
  });
});

/** What each kind of change forgets, here and on the other instances. */
describe('CatalogCache changes', () => {
  const productId = '6f1c2a4e-8b1d-4c3e-9a7f-2b5d8e0c1a93';
  const otherId = '0a9e4f6d-3c2b-4e1a-8f7d-6c5b4a392817';
  const setUp = async () => {
    const notified: string[] = [];
    const cache = new CatalogCache(async (payload) => void notified.push(payload));
    cache.set('list', stored('[]'), cache.changesSoFar);
    await cache.searchFacts.count('all', async () => 2);
    await cache.productCards.inOrder([productId, otherId], async (ids) => ids.map((id) => ({ _id: id }) as never));
    return { cache, notified };
  };
  const countIsKept = async (cache: CatalogCache) => (await cache.searchFacts.count('all', async () => 99)) === 2;

  it("a stock change drops the answers and the named products' cards (ids in any case), and keeps the search facts", async () => {
    const { cache, notified } = await setUp();
    await cache.invalidate('stock', [productId.toUpperCase()]);
    expect(cache.get('list')).toBeUndefined();
    expect(cache.productCards.size).toBe(1);
    expect(await countIsKept(cache)).toBe(true);
    expect(notified).toEqual([expect.stringMatching(new RegExp(` stock ${productId.toUpperCase()}$`))]);
  });

  it('a product change drops everything', async () => {
    const { cache } = await setUp();
    await cache.invalidate('products');
    expect(cache.productCards.size).toBe(0);
    expect(await countIsKept(cache)).toBe(false);
  });

  it("follows another instance's notice: a ratings change of one product, or an unknown notice as a product change", async () => {
    const { cache } = await setUp();
    cache.onRemoteNotify(`another-instance ratings ${otherId}`);
    expect(cache.productCards.size).toBe(1);
    expect(await countIsKept(cache)).toBe(true);
    cache.onRemoteNotify('seed-cli');
    expect(cache.productCards.size).toBe(0);
    expect(await countIsKept(cache)).toBe(false);
  });

  it('a stock change drops only the answers showing those products; an answer read across it is kept unless it shows one', async () => {
    const { cache } = await setUp();
    const show = (key: string, ids: string[]) => cache.getOrCompute(key, async () => text(JSON.stringify(ids), ids));
    await show(`product:${productId}`, [productId]);
    await show(`product:${otherId}`, [otherId]);
    await show('page', [otherId, productId]);
    await cache.invalidate('stock', [productId]);
    expect(cache.get(`product:${productId}`)).toBeUndefined();
    expect(cache.get('page')).toBeUndefined();
    expect(cache.get(`product:${otherId}`)?.json).toBe(JSON.stringify([otherId]));
    // Answers of unknown shape go with any change.
    expect(cache.get('list')).toBeUndefined();

    let release!: () => void;
    const slow = (key: string, ids: string[]) =>
      cache.getOrCompute(key, () => new Promise((r) => (release = () => r(text('"read"', ids)))));
    const unrelated = slow('unrelated', [otherId]);
    await cache.invalidate('stock', [productId]);
    release();
    await unrelated;
    expect(cache.get('unrelated')?.json).toBe('"read"');
    const related = slow('related', [productId]);
    await cache.invalidate('ratings', [productId]);
    release();
    await related;
    expect(cache.get('related')).toBeUndefined();
  });

  it('keeps at most 20,000 answers, however small', async () => {
    const { cache } = await setUp();
    for (let i = 0; i < 20_050; i += 1) cache.set(`page:${i}`, stored('[]', []), cache.changesSoFar);
    expect(cache.size).toBe(20_000);
    expect(cache.get('page:0')).toBeUndefined();
    expect(cache.get('page:20049')).toBeDefined();
  });
});
