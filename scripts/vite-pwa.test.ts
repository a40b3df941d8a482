import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIKELY_NEXT_MARK, splitPrecache } from '../src/shared/precache-groups';
import {
  appShellOf,
  firstVisitFiles,
  firstVisitPrecache,
  storefrontFiles,
  WEB_APP_MANIFEST,
  type ViteManifest,
} from './vite-pwa';

/** The shape `vite build` writes to .vite/manifest.json, with the back office behind a lazy import. */
const manifest: ViteManifest = {
  'src/web/main.tsx': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index-a.css'],
    dynamicImports: [
      'src/web/features/catalog/pages/home-page.tsx',
      'src/web/features/checkout/checkout-page.tsx',
      'src/web/features/admin/admin-app.tsx',
      'src/web/app/service-worker.ts',
    ],
  },
  '_vendor.js': { file: 'assets/vendor-a.js' },
  '_dialog.js': { file: 'assets/dialog-a.js', imports: ['_vendor.js'] },
  'src/web/features/catalog/pages/home-page.tsx': {
    file: 'assets/home-page-a.js',
    imports: ['_vendor.js'],
    assets: ['assets/leaf-a.webp'],
  },
  'src/web/features/checkout/checkout-page.tsx': {
    file: 'assets/checkout-page-a.js',
    imports: ['_dialog.js'],
    css: ['assets/checkout-a.css'],
  },
  'src/web/app/service-worker.ts': { file: 'assets/service-worker-a.js' },
  'src/web/features/admin/admin-app.tsx': {
    file: 'assets/admin-app-a.js',
    imports: ['_dialog.js'],
    dynamicImports: ['src/web/features/admin/dashboard/dashboard-page.tsx'],
  },
  'src/web/features/admin/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-a.js',
    imports: ['_charts.js'],
  },
  '_charts.js': { file: 'assets/charts-a.js' },
};

describe('the precache', () => {
  it('holds every file the storefront may load, lazily or not, and nothing only the back office loads', () => {
    expect([...storefrontFiles(manifest)].sort()).toEqual([
      'assets/checkout-a.css',
      'assets/checkout-page-a.js',
      'assets/dialog-a.js',
      'assets/home-page-a.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/leaf-a.webp',
      'assets/service-worker-a.js',
      'assets/vendor-a.js',
    ]);
  });
});

/** The shape of a real build: index.html's entry (boot.ts) starts the app (main.tsx) lazily. */
const build: ViteManifest = {
  'index.html': {
    file: 'assets/index-b.js',
    isEntry: true,
    imports: ['_preload.js'],
    css: ['assets/index-b.css'],
    dynamicImports: ['src/web/main.tsx'],
  },
  '_preload.js': { file: 'assets/preload-b.js' },
  'src/web/main.tsx': {
    file: 'assets/main-b.js',
    imports: ['_vendor.js', '_preload.js'],
    dynamicImports: [
      'src/web/features/catalog/pages/product-detail-page.tsx',
      'src/web/features/cart/cart-page.tsx',
      'src/web/features/checkout/checkout-page.tsx',
      'src/web/features/admin/admin-app.tsx',
      'src/web/app/service-worker.ts',
    ],
  },
  '_vendor.js': { file: 'assets/vendor-b.js' },
  '_radix.js': { file: 'assets/radix-b.js', imports: ['_vendor.js'] },
  '_schemas.js': { file: 'assets/schemas-b.js' },
  'src/web/app/service-worker.ts': { file: 'assets/service-worker-b.js', imports: ['_vendor.js'] },
  'src/web/features/catalog/pages/product-detail-page.tsx': {
    file: 'assets/product-detail-page-b.js',
    imports: ['_vendor.js', '_radix.js'],
    dynamicImports: ['src/web/features/checkout/checkout-page.tsx'],
  },
  'src/web/features/cart/cart-page.tsx': {
    file: 'assets/cart-page-b.js',
    imports: ['_vendor.js'],
    css: ['assets/cart-b.css'],
  },
  'src/web/features/checkout/checkout-page.tsx': { file: 'assets/checkout-page-b.js', imports: ['_schemas.js'] },
  'src/web/features/admin/admin-app.tsx': { file: 'assets/admin-app-b.js', imports: ['_radix.js'] },
};
const likelyNext = ['src/web/features/catalog/pages/product-detail-page.tsx', 'src/web/features/cart/cart-page.tsx'];

describe('the precache of a first visit (decision 071)', () => {
  it('keeps at install what every page has loaded, then the likely-next screens, and not the other screens', () => {
    const { core, later } = firstVisitFiles(build, likelyNext);
    expect([...core].sort()).toEqual([
      'assets/index-b.css',
      'assets/index-b.js',
      'assets/main-b.js',
      'assets/preload-b.js',
      'assets/service-worker-b.js',
      'assets/vendor-b.js',
    ]);
    // Not what they load lazily (the checkout's schemas), nor what the core has already.
    expect([...later].sort()).toEqual([
      'assets/cart-b.css',
      'assets/cart-page-b.js',
      'assets/product-detail-page-b.js',
      'assets/radix-b.js',
    ]);
  });

  it('fails the build when a likely-next screen is not in it', () => {
    expect(() => firstVisitFiles(build, ['src/web/features/pages/gone-page.tsx'])).toThrow(/gone-page/);
  });

  it("writes the worker's manifest as the app shell and the core, the mark, then the likely-next group", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coop-pwa-manifest-'));
    try {
      mkdirSync(path.join(dir, '.vite'));
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(build));
      const files = [...Object.values(build).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]), 'app-shell.html'];
      const entries = files.map((url) => ({ url, revision: url.endsWith('.html') ? 'r1' : null, size: 100 }));
      const { manifest } = await firstVisitPrecache(dir, likelyNext)(entries);
      const { core, later } = splitPrecache(manifest ?? []);
      expect(core.map((entry) => entry.url)).toEqual(expect.arrayContaining(['app-shell.html', 'assets/main-b.js']));
      expect(core).toHaveLength(7);
      expect(later.map((entry) => entry.url).sort()).toEqual([
        'assets/cart-b.css',
        'assets/cart-page-b.js',
        'assets/product-detail-page-b.js',
        'assets/radix-b.js',
      ]);
      expect(manifest?.filter((entry) => entry.url === LIKELY_NEXT_MARK)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the app shell', () => {
  it('is the built page without the markers the server fills', () => {
    const built =
      '<head>\n<!--app-head-->\n<title>Forest Co-op Shop</title>\n</head><body><div id="root"><!--app-html--></div>\n<!--app-data-->\n</body>';
    expect(appShellOf(built)).toBe(
      '<head>\n<title>Forest Co-op Shop</title>\n</head><body><div id="root"></div>\n</body>',
    );
  });
});

describe('the web app manifest', () => {
  it('names the shop, starts at home in its own window, and has install and maskable icons', () => {
    expect(WEB_APP_MANIFEST).toMatchObject({
      name: 'Forest Co-op Shop',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2c5a32',
    });
    expect(WEB_APP_MANIFEST.short_name.length).toBeLessThanOrEqual(12);
    expect(WEB_APP_MANIFEST.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});
