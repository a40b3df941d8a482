import { describe, expect, it } from 'vitest';
import type { ViteManifest } from '../../src/server/features/ssr';
import { firstLoad, judgeFirstLoad, totalBytes } from './first-load';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_slider.js': { file: 'assets/slider.js', imports: ['_vendor.js'], css: ['assets/slider.css'] },
  'src/pages/products-page.tsx': { file: 'assets/products-page.js', imports: ['_slider.js', '_vendor.js'] },
  'src/pages/admin-page.tsx': { file: 'assets/admin-page.js', imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts.js' },
};

describe('firstLoad', () => {
  it('counts the entry, the page chunk and their static imports once each, with their CSS', () => {
    expect(firstLoad(manifest, 'src/pages/products-page.tsx')).toEqual({
      js: ['assets/index.js', 'assets/vendor.js', 'assets/products-page.js', 'assets/slider.js'],
      css: ['assets/index.css', 'assets/slider.css'],
    });
  });

  it('counts the app the entry starts after the first paint (src/web/main.tsx), when the build has it apart', () => {
    const split: ViteManifest = {
      'src/web/boot.ts': { file: 'assets/boot.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index.css'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/web/main.tsx': { file: 'assets/main.js', imports: ['_runtime.js', '_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      'src/pages/products-page.tsx': { file: 'assets/products-page.js', imports: ['_vendor.js'] },
      'src/pages/admin-page.tsx': { file: 'assets/admin-page.js', imports: ['_charts.js'] },
      '_charts.js': { file: 'assets/charts.js' },
    };
    expect(firstLoad(split, 'src/pages/products-page.tsx')).toEqual({
      js: ['assets/boot.js', 'assets/runtime.js', 'assets/main.js', 'assets/vendor.js', 'assets/products-page.js'],
      css: ['assets/index.css'],
    });
  });

  it('fails for a page module the build does not have', () => {
    expect(() => firstLoad(manifest, 'src/pages/renamed-page.tsx')).toThrow('no chunk for src/pages/renamed-page.tsx');
  });

  it('fails without an entry', () => {
    expect(() =>
      firstLoad({ 'src/pages/admin-page.tsx': manifest['src/pages/admin-page.tsx'] }, 'src/pages/admin-page.tsx'),
    ).toThrow('no entry');
  });
});

describe('totalBytes', () => {
  it('adds up the sizes of the files', () => {
    const sizes: Record<string, number> = { a: 100, b: 250 };
    expect(totalBytes(['a', 'b'], (file) => sizes[file])).toBe(350);
  });
});

describe('judgeFirstLoad', () => {
  const KB = 1024;

  it('passes a page at or under the budget', () => {
    expect(judgeFirstLoad([{ name: 'home', jsGzipBytes: 120 * KB }], 120, {})).toEqual([
      { name: 'home', jsGzipBytes: 120 * KB, verdict: 'within', limitKb: 120 },
    ]);
  });

  it('fails a page over the budget that has no allowance', () => {
    expect(judgeFirstLoad([{ name: 'home', jsGzipBytes: 120 * KB + 1 }], 120, { listing: 124 })[0]).toMatchObject({
      verdict: 'over',
      limitKb: 120,
    });
  });

  it('lets a page with an allowance be over the budget up to it, and no further', () => {
    const verdicts = judgeFirstLoad(
      [
        { name: 'listing', jsGzipBytes: 123.1 * KB },
        { name: 'product', jsGzipBytes: 124.2 * KB },
      ],
      120,
      { listing: 124, product: 124 },
    );
    expect(verdicts.map((v) => [v.name, v.verdict, v.limitKb])).toEqual([
      ['listing', 'allowed', 124],
      ['product', 'over', 124],
    ]);
  });

  it('holds every page to a lowered budget once it is under it', () => {
    expect(judgeFirstLoad([{ name: 'listing', jsGzipBytes: 79 * KB }], 80, { listing: 124 })[0].verdict).toBe('within');
  });
});
