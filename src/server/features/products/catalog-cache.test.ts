import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog-cache';

/** The cache itself, without a database: sharing of misses and versioning. */
describe('CatalogCache', () => {
  const newCache = () => {
    const notified: string[] = [];
    return { cache: new CatalogCache(async (payload) => void notified.push(payload)), notified };
  };

  it('computes a missing entry once for everyone asking at the same time', async () => {
    const { cache } = newCache();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((r) => setTimeout(r, 20));
      return '{"n":1}';
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getOrCompute('list', compute)));
    expect(new Set(answers)).toEqual(new Set(['{"n":1}']));
    expect(computed).toBe(1);
    expect(await cache.getOrCompute('list', compute)).toBe('{"n":1}');
    expect(computed).toBe(1);
  });

  it('does not keep an answer computed while a write invalidated the cache', async () => {
    const { cache, notified } = newCache();
    let release!: () => void;
    const slow = cache.getOrCompute('featured', () => new Promise((r) => (release = () => r('"old"'))));
    await cache.invalidate();
    expect(notified).toHaveLength(1);
    release();
    expect(await slow).toBe('"old"');
    expect(cache.get('featured')).toBeUndefined();
    expect(await cache.getOrCompute('featured', async () => '"new"')).toBe('"new"');
    expect(cache.get('featured')).toBe('"new"');
  });

  it('shares but does not store a null answer, and lets a failure reach every waiter', async () => {
    const { cache } = newCache();
    expect(await cache.getOrCompute('product:x', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    const failing = () => Promise.reject(new Error('database down'));
    await expect(Promise.all([cache.getOrCompute('a', failing), cache.getOrCompute('a', failing)])).rejects.toThrow('database down');
    expect(await cache.getOrCompute('a', async () => '"recovered"')).toBe('"recovered"');
  });

  it('drops everything on a notice from another instance, not on its own', () => {
    const { cache } = newCache();
    cache.set('k', '1', cache.version);
    const version = cache.version;
    cache.onRemoteNotify('another-instance');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.version).not.toBe(version);
  });
});
