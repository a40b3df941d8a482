import { describe, expect, it } from 'vitest';
import { appShellOf, storefrontFiles, WEB_APP_MANIFEST, type ViteManifest } from './vite-pwa';

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
